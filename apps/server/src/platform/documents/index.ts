/**
 * Document helpers shared by every domain: printed PDFs on A4 with the CJK font and 人民币大写,
 * Excel exports guarded against formula injection, and Excel imports read as text with row errors.
 */
export { cjkFonts } from './cjk-font.ts';
export {
  cellText,
  EXCEL_MAX_ROWS,
  type ExcelColumn,
  ExcelReadError,
  type ExcelReadOptions,
  type ExcelReadResult,
  type ExcelRecord,
  normaliseHeader,
  type RowError,
  readExcel,
} from './excel-reader.ts';
export { neutraliseCell } from './excel-safe.ts';
export { streamWorkbook } from './excel-stream-writer.ts';
export { addSheet, createWorkbook, type SheetCellKind, type SheetColumn, type SheetSpec, workbookBuffer, writeWorkbook } from './excel-writer.ts';
export * as pdf from './pdf-layout.ts';
export { type Cell as PdfCell, type Column as PdfColumn, createPdf, type Doc as PdfDoc, type Pdf } from './pdf-layout.ts';
export { drawQr } from './pdf-qr.ts';
export { rmbUppercase, yuanText } from './rmb-uppercase.ts';
export { shanghaiCompactDate, shanghaiDateTime } from './shanghai-time.ts';
export { isParseError, type ParseError, parseYuanToFen, type YuanOptions, yuanToFen } from './yuan.ts';
