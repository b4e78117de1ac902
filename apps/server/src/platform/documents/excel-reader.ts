import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isParseError, type ParseError } from './yuan.ts';

/**
 * Reads an uploaded .xlsx for an import (supplier price lists, claim lines, statements). Columns are
 * found by their Chinese header text, not by position, so a user may reorder or add columns in
 * the template. Every cell is read as text — what the user sees, not what a formula would compute
 * now: formulas are never evaluated, their cached results are used — and each column's `parse`
 * turns the text into a value. Problems in rows are collected (row, column, message) so the user
 * can fix the whole file at once; only a file that cannot be read at all throws ExcelReadError.
 */

export interface ExcelColumn<K extends string = string, V = unknown> {
  key: K;
  /** the header as printed in the template, e.g. 单价(元) */
  header: string;
  /** other headers accepted for the same column (older templates) */
  aliases?: string[];
  /** the header must be present and every row must have a value */
  required?: boolean;
  /** turns the trimmed, non-empty text into a value; `{ error }` becomes a row error */
  parse?: (text: string) => V | ParseError;
}

export interface RowError {
  /** 1-based Excel row number, as the user sees it at the left of the sheet */
  row: number;
  /** the column's header */
  column: string;
  message: string;
}

/** a column's value: what its parse answers (less the error), or the text itself */
type ValueOf<X> = X extends { parse: (text: string) => infer R } ? Exclude<R, ParseError> : string;
export type ExcelRecord<C extends readonly ExcelColumn[]> = { [X in C[number] as X['key']]: ValueOf<X> | null };

export interface ExcelReadResult<C extends readonly ExcelColumn[]> {
  /** rows without any error, with their Excel row number */
  rows: { row: number; values: ExcelRecord<C> }[];
  errors: RowError[];
  /** more errors were found than `maxErrors`; the rest were not listed */
  errorsTruncated: boolean;
}

export interface ExcelReadOptions {
  /** sheet to read; the first sheet when absent */
  sheet?: string;
  /**
   * the header row; default: among the first 10 rows, the one naming the most declared columns
   * (so a title or an instructions row above the header is fine)
   */
  headerRow?: number;
  /** most data rows accepted; default 5,000 */
  maxRows?: number;
  /** most bytes of the file; default 20 MB */
  maxBytes?: number;
  /** most bytes the workbook's parts may unpack to, as its zip directory declares; default 200 MB */
  maxUnpackedBytes?: number;
  /** most row errors listed; default 500 */
  maxErrors?: number;
}

/** A file that cannot be imported at all; the message is for the user. */
export class ExcelReadError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-xlsx' | 'too-large' | 'no-sheet' | 'empty' | 'missing-header' | 'duplicate-header' | 'too-many-rows',
  ) {
    super(message);
    this.name = 'ExcelReadError';
  }
}

export const EXCEL_MAX_ROWS = 5_000;
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_MAX_UNPACKED = 200 * 1024 * 1024;
const HEADER_SCAN_ROWS = 10;

type Input = Buffer | Uint8Array | ArrayBuffer | Readable;

export async function readExcel<const C extends readonly ExcelColumn[]>(input: Input, columns: C, opts: ExcelReadOptions = {}): Promise<ExcelReadResult<C>> {
  const maxRows = opts.maxRows ?? EXCEL_MAX_ROWS;
  const maxErrors = opts.maxErrors ?? 500;
  const buf = await toBuffer(input, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  // every .xlsx is a zip archive; old .xls (OLE) files and CSV are not
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  // the whole workbook is unpacked in memory: refuse one whose sheets would not fit before trying
  const unpacked = unpackedSize(buf);
  if (unpacked === null) throw notXlsx();
  if (unpacked > (opts.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED)) throw new ExcelReadError('工作簿内容过大（行或列过多），请拆分后分批导入', 'too-large');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw notXlsx();
  }
  const ws = opts.sheet ? wb.getWorksheet(opts.sheet) : wb.worksheets[0];
  if (!ws) throw new ExcelReadError(opts.sheet ? `找不到工作表“${opts.sheet}”` : '工作簿中没有工作表', 'no-sheet');

  const headerRow = opts.headerRow ?? findHeaderRow(ws, columns);
  if (!headerRow) throw new ExcelReadError('工作表是空的，请按模板填写表头和数据', 'empty');

  // match headers by normalised text
  const headerCells = rowTexts(ws.getRow(headerRow));
  const colIndex = new Map<string, number>();
  for (const col of columns) {
    const names = new Set([col.header, ...(col.aliases ?? [])].map(normaliseHeader));
    const found: number[] = [];
    headerCells.forEach((t, i) => {
      if (t !== '' && names.has(normaliseHeader(t))) found.push(i + 1);
    });
    if (found.length > 1) throw new ExcelReadError(`表头“${col.header}”出现了 ${found.length} 次，请只保留一列`, 'duplicate-header');
    if (found.length === 1) colIndex.set(col.key, found[0]);
  }
  const missing = columns.filter((c) => c.required && !colIndex.has(c.key)).map((c) => c.header);
  if (missing.length) throw new ExcelReadError(`缺少必填列：${missing.join('、')}（请使用导入模板，表头在第 ${headerRow} 行）`, 'missing-header');
  if (colIndex.size === 0) throw new ExcelReadError(`第 ${headerRow} 行没有可识别的表头，请使用导入模板`, 'missing-header');

  // count data rows before parsing any, so an oversized file is refused as a whole
  const last = ws.rowCount;
  let dataRows = 0;
  for (let r = headerRow + 1; r <= last; r++) if (rowTexts(ws.getRow(r)).some((t) => t !== '')) dataRows++;
  if (dataRows === 0) throw new ExcelReadError('表格中没有数据行', 'empty');
  if (dataRows > maxRows) throw new ExcelReadError(`数据行共 ${dataRows} 行，超过单次导入上限 ${maxRows} 行，请拆分后分批导入`, 'too-many-rows');

  const rows: ExcelReadResult<C>['rows'] = [];
  const errors: RowError[] = [];
  let errorsTruncated = false;
  const addError = (e: RowError) => {
    if (errors.length < maxErrors) errors.push(e);
    else errorsTruncated = true;
  };
  for (let r = headerRow + 1; r <= last; r++) {
    const row = ws.getRow(r);
    // blank rows (often left with formatting below the data) are skipped, not reported
    if (rowTexts(row).every((t) => t === '')) continue;
    const values: Record<string, unknown> = {};
    let ok = true;
    for (const col of columns) {
      const idx = colIndex.get(col.key);
      const cell = idx === undefined ? { text: '' } : cellText(row.getCell(idx).value);
      if ('error' in cell) {
        ok = false;
        addError({ row: r, column: col.header, message: cell.error });
        continue;
      }
      if (cell.text === '') {
        if (col.required) {
          ok = false;
          addError({ row: r, column: col.header, message: `“${col.header}”不能为空` });
        }
        values[col.key] = null;
        continue;
      }
      const v = col.parse ? col.parse(cell.text) : cell.text;
      if (isParseError(v)) {
        ok = false;
        addError({ row: r, column: col.header, message: v.error });
        continue;
      }
      values[col.key] = v;
    }
    if (ok) rows.push({ row: r, values: values as ExcelRecord<C> });
  }
  return { rows, errors, errorsTruncated };
}

/**
 * The row among the first few that names the most declared columns (the earliest on a tie); when
 * none names any, the first non-empty row, so the missing-header error points at it. 0: empty sheet.
 */
function findHeaderRow(ws: ExcelJS.Worksheet, columns: readonly ExcelColumn[]): number {
  const known = new Set(columns.flatMap((c) => [c.header, ...(c.aliases ?? [])].map(normaliseHeader)));
  let first = 0;
  let best = 0;
  let bestHits = 0;
  let seen = 0;
  for (let r = 1; r <= ws.rowCount && seen < HEADER_SCAN_ROWS; r++) {
    const texts = rowTexts(ws.getRow(r)).filter((t) => t !== '');
    if (!texts.length) continue;
    seen++;
    first ||= r;
    const hits = texts.filter((t) => known.has(normaliseHeader(t))).length;
    if (hits > bestHits) {
      best = r;
      bestHits = hits;
    }
  }
  return best || first;
}

/**
 * The sum of the sizes the zip's central directory declares for its entries, or null when the
 * buffer is no readable zip. A declared size can lie; this stops the honest case (a sheet of a
 * million rows) before it is unpacked, and the row cap stops the rest after.
 */
function unpackedSize(buf: Buffer): number | null {
  // the end-of-central-directory record: in the last 22 bytes, or before a comment of up to 64 KB
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(p + 24);
    // 0xFFFFFFFF: a ZIP64 entry of 4 GB or more
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}

/** Header text as people vary it: spaces, full-width brackets, a * or ＊ marking a required column. */
export function normaliseHeader(s: string): string {
  return s
    .replace(/[\s\u3000]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/^[*＊]+|[*＊]+$/g, '')
    .toLowerCase();
}

function rowTexts(row: ExcelJS.Row): string[] {
  const out: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    const t = cellText(cell.value);
    out[col - 1] = 'text' in t ? t.text : t.error;
  });
  for (let i = 0; i < out.length; i++) out[i] ??= '';
  return out;
}

/**
 * A cell as the text a user means: numbers as Excel shows them in General format, dates as
 * YYYY-MM-DD (with the time when there is one), rich text and hyperlinks as their text, formulas
 * as their cached result. Error values (#N/A, #REF!) are reported, never imported as text.
 */
export function cellText(v: ExcelJS.CellValue): { text: string } | { error: string } {
  if (v === null || v === undefined) return { text: '' };
  if (typeof v === 'string') return { text: v.trim() };
  if (typeof v === 'number') return { text: numberText(v) };
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE' };
  if (v instanceof Date) return { text: dateText(v) };
  if ('error' in v) return { error: `单元格为错误值 ${v.error}，请修正公式或改为直接填写` };
  if ('richText' in v)
    return {
      text: v.richText
        .map((p) => p.text)
        .join('')
        .trim(),
    };
  if ('hyperlink' in v) {
    // the link's shown text may itself be rich text
    const t = v.text as unknown;
    return typeof t === 'string' ? { text: t.trim() } : cellText(t as ExcelJS.CellValue);
  }
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as ExcelJS.CellFormulaValue).result;
    return cellText((result ?? null) as ExcelJS.CellValue);
  }
  return { text: String(v).trim() };
}

/**
 * Excel keeps 15 significant digits and shows no more; a cached result such as 0.1+0.2 is stored
 * as 0.30000000000000004 but displayed (and meant) as 0.3.
 */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(15)));
}

/**
 * Excel dates carry no time zone: exceljs maps the serial number to the same wall-clock time in
 * UTC, so the UTC fields are the date the user typed.
 */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? day : `${day} ${time}`;
}

function notXlsx() {
  return new ExcelReadError('文件不是有效的 Excel 工作簿（.xlsx）；旧版 .xls 或 CSV 文件请先在 Excel 中另存为 .xlsx', 'not-xlsx');
}

async function toBuffer(input: Input, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return checkSize(input, maxBytes);
  if (input instanceof Uint8Array) return checkSize(Buffer.from(input.buffer, input.byteOffset, input.byteLength), maxBytes);
  if (input instanceof ArrayBuffer) return checkSize(Buffer.from(input), maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    // stop reading at the limit instead of buffering an arbitrarily large upload
    if (size > maxBytes) {
      input.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

function checkSize(b: Buffer, maxBytes: number): Buffer {
  if (b.length > maxBytes) throw tooLarge(maxBytes);
  return b;
}

const tooLarge = (maxBytes: number) => new ExcelReadError(`文件超过 ${Math.round(maxBytes / 1024 / 1024)} MB，请拆分后分批导入`, 'too-large');
