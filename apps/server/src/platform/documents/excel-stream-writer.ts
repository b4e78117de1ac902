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
    for (const r of page) ws.addRow(spec.columns.map((c) => cellValue(c.kind ?? 'text', c.value(r)))).commit();
    n += page.length;
    if (onPage) await onPage(n);
  }
  ws.commit();
  await wb.commit();
  return n;
}
