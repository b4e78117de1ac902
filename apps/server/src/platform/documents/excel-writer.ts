import ExcelJS from 'exceljs';
import { neutraliseCell } from './excel-safe.ts';
import { shanghaiDateTime } from './shanghai-time.ts';

/**
 * Builds .xlsx files for exports and import templates from declared columns and rows. Every text
 * cell goes through neutraliseCell (formula injection), so no domain can forget it; money is
 * written as a number in yuan (sums work in Excel) and times in Asia/Shanghai.
 */
export type SheetCellKind =
  /** text, neutralised */
  | 'text'
  /** an integer (quantities) */
  | 'int'
  /** a plain number, written as it is */
  | 'number'
  /** integer fen, written as yuan with two decimals */
  | 'money'
  /** an ISO timestamp (stored UTC), written as text in Asia/Shanghai */
  | 'datetime';

export interface SheetColumn<R> {
  header: string;
  /** the row's value for this column */
  value: (row: R) => string | number | null | undefined;
  kind?: SheetCellKind;
  /** column width in characters; default 14 */
  width?: number;
  /**
   * format the whole column as text (@): what a user types there later stays as typed — 货号 with
   * leading zeros, long digit strings, prices such as 12.30 — instead of Excel turning it into a
   * number or a date (import templates)
   */
  textFormat?: boolean;
}

export interface SheetSpec<R> {
  name: string;
  columns: SheetColumn<R>[];
  rows: Iterable<R>;
}

export function createWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = '科研采购平台';
  wb.created = new Date();
  return wb;
}

/** Adds one sheet: a bold, shaded, frozen header row with filters, then the rows. */
export function addSheet<R>(wb: ExcelJS.Workbook, spec: SheetSpec<R>): ExcelJS.Worksheet {
  // Excel refuses sheet names with []:*?/\ or longer than 31 characters
  const ws = wb.addWorksheet(sheetName(spec.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns(spec.columns);
  styleHeader(ws.getRow(1));
  if (spec.columns.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
  for (const r of spec.rows) ws.addRow(spec.columns.map((c) => cellValue(c.kind ?? 'text', c.value(r))));
  return ws;
}

/** Sheet names Excel accepts: none of []:*?/\\, at most 31 characters. */
export const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);

/** exceljs column definitions: neutralised headers, widths, number formats by kind. */
export function sheetColumns<R>(columns: SheetColumn<R>[]) {
  return columns.map((c, i) => ({
    header: neutraliseCell(c.header),
    key: `c${i}`,
    width: c.width ?? 14,
    style: c.textFormat ? { numFmt: '@' } : c.kind === 'money' ? { numFmt: '#,##0.00' } : c.kind === 'int' ? { numFmt: '0' } : {},
  }));
}

/** The header row: bold on grey. */
export function styleHeader(head: ExcelJS.Row) {
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
}

/** One sheet as .xlsx bytes. */
export async function writeWorkbook<R>(spec: SheetSpec<R>): Promise<Buffer> {
  const wb = createWorkbook();
  addSheet(wb, spec);
  return workbookBuffer(wb);
}

export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell as written: money in yuan, times in Shanghai, text neutralised (also used by the streaming writer). */
export function cellValue(kind: SheetCellKind, v: string | number | null | undefined): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  switch (kind) {
    case 'money':
      // display only: the stored amount stays integer fen; Excel holds every cell as a double anyway
      return typeof v === 'number' ? v / 100 : neutraliseCell(v);
    case 'int':
    case 'number':
      return typeof v === 'number' ? v : neutraliseCell(v);
    case 'datetime':
      return typeof v === 'string' ? shanghaiDateTime(v) : shanghaiDateTime(new Date(v));
    default:
      return neutraliseCell(String(v));
  }
}
