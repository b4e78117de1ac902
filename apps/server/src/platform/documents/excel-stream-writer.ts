import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellValue, type SheetColumn, sheetColumns, sheetName, styleHeader } from './excel-writer.ts';

/**
 * Writes one sheet to `out` while the rows arrive, page by page (exceljs's streaming WorkbookWriter):
 * each row is committed as soon as it is added, so memory holds one page, never the workbook — an
 * export of a few hundred thousand rows costs what one page costs. Same look and the same cell rules
 * as excel-writer (neutralised text, money in yuan, Shanghai times). Inline strings (no shared
 * string table, which would grow with the file). `onPage` runs after each page is written (progress).
 * Answers the number of rows written.
 */
/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 100;

/** Bytes of sheet XML allowed to wait for compression before the next page is written. */
const BACKLOG_BYTES = 1024 * 1024;

/**
 * Waits until the zip has taken in (compressed) what the sheet wrote. exceljs's sheet stream
 * (StreamBuf) writes into the zip entry without heeding backpressure, and compression runs on the
 * thread pool: without this wait a fast producer piles the whole sheet's XML up in memory ahead of
 * the deflater (bench:exports saw 475 MB for 300,000 rows).
 */
async function compressed(ws: unknown) {
  const pipes = ((ws as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? []) as Writable[];
  for (const p of pipes) while (p.writableLength > BACKLOG_BYTES) await new Promise((r) => setTimeout(r, 2));
}

export async function streamWorkbook<R>(
  out: Writable,
  spec: { name: string; columns: SheetColumn<R>[] },
  pages: AsyncIterable<R[]>,
  onPage?: (rowsSoFar: number) => Promise<void>,
): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = '科研采购平台';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName(spec.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns(spec.columns);
  if (spec.columns.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
  const head = ws.getRow(1);
  styleHeader(head);
  head.commit();
  let n = 0;
  for await (const page of pages) {
    for (const [i, r] of page.entries()) {
      ws.addRow(spec.columns.map((c) => cellValue(c.kind ?? 'text', c.value(r)))).commit();
      // a row costs exceljs tens of microseconds: let other work in now and then (on SQLite the
      // requests are answered on this same thread)
      if (i % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await new Promise((res) => setImmediate(res));
    }
    n += page.length;
    await compressed(ws);
    if (onPage) await onPage(n);
  }
  ws.commit();
  await wb.commit();
  return n;
}
