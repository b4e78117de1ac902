/**
 * Document helpers shared by every domain: printed PDFs on A4 with the CJK font and 人民币大写,
 * Excel exports guarded against formula injection, Excel imports read as text with row errors, and
 * the staged-import lifecycle every import shares (stage → preview → confirm once → expire).
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
export {
  type CheckedSheet,
  checkSheet,
  PREVIEW_ROWS,
  type PreviewPage,
  type RowErr,
  readSheet,
  type StagedColumns,
  StagedImport,
  type StagedKind,
  type StagedMove,
  type StagedRows,
  StagedStore,
  type StagedWords,
  SWEEP,
  stagedImport,
} from './staged-import.ts';
export { isParseError, type ParseError, parseYuanToFen, type YuanOptions, yuanToFen } from './yuan.ts';
