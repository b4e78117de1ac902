import PDFDocument from 'pdfkit';
import { cjkFonts } from './cjk-font.ts';

/**
 * The building blocks of our printed documents on A4: fonts, headings, bordered tables that break
 * across pages (repeating their header), key-value grids, signature lines and a footer stamped on
 * every page once the document is laid out (page numbers need the page count).
 */
export type Doc = PDFKit.PDFDocument;

export const FONT = 'cjk';
export const BOLD = 'cjk-bold';
const MARGIN = { top: 40, bottom: 46, left: 36, right: 36 };
const LINE = '#8c8c8c';
const SHADE = '#f2f2f2';
const RED = '#c41d1d';
export const INK = '#1f1f1f';

export interface Pdf {
  doc: Doc;
  /** ends the document and answers its bytes */
  finish(): Promise<Buffer>;
}

export function createPdf(title: string): Pdf {
  const fonts = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: title, Author: '科研采购平台', Creator: '科研采购平台', Producer: '科研采购平台' },
  });
  doc.registerFont(FONT, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  doc.font(FONT).fillColor(INK);
  // listen from the start: the stream hands its chunks to whoever reads first
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` still fits below the cursor. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

export function title(doc: Doc, text: string, sub?: string) {
  const x = doc.page.margins.left;
  const w = contentWidth(doc);
  if (sub) doc.font(BOLD).fontSize(13).fillColor(INK).text(sub, x, doc.y, { width: w, align: 'center' });
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(INK)
    .text(text, x, doc.y + 2, { width: w, align: 'center', characterSpacing: 6 });
  doc.moveDown(0.4);
}

/** A bold section heading with a rule under it. */
export function heading(doc: Doc, text: string, right?: string) {
  ensureSpace(doc, 60);
  const x = doc.page.margins.left;
  const w = contentWidth(doc);
  const y = doc.y + 6;
  doc.font(BOLD).fontSize(10.5).fillColor(INK).text(text, x, y, { width: w, lineBreak: false });
  if (right)
    doc
      .font(FONT)
      .fontSize(9)
      .text(right, x, y + 1.5, { width: w, align: 'right', lineBreak: false });
  const ruleY = y + 16;
  doc
    .moveTo(x, ruleY)
    .lineTo(x + w, ruleY)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.x = x;
  doc.y = ruleY + 4;
}

/** One line of text at the left margin (wraps within the content width). */
export function paragraph(doc: Doc, text: string, o: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' | 'center' } = {}) {
  const x = doc.page.margins.left;
  doc
    .font(o.bold ? BOLD : FONT)
    .fontSize(o.size ?? 9)
    .fillColor(o.color ?? INK);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + 2);
  doc.text(text, x, doc.y, { width: contentWidth(doc), align: o.align ?? 'left' });
  doc.fillColor(INK);
}

export interface Column {
  header: string;
  /** share of the content width (the shares of a table add up to 1) */
  share: number;
  align?: 'left' | 'right' | 'center';
}

export interface Cell {
  text: string;
  /** a second line in red (e.g. hazard marks under an item name) */
  mark?: string;
  bold?: boolean;
  shade?: boolean;
  align?: 'left' | 'right' | 'center';
  /** spans this many columns (the cells it covers are left out of the row) */
  span?: number;
}

const PAD = 3;

/**
 * A bordered table. Rows never split: a row that does not fit starts a new page, which repeats the
 * header. Widths are shares of the content width so the same table fits any margin.
 */
export function table(doc: Doc, cols: Column[], rows: (string | Cell)[][], o: { header?: boolean; size?: number } = {}) {
  const size = o.size ?? 8.5;
  const x0 = doc.page.margins.left;
  const total = contentWidth(doc);
  const widths = cols.map((c) => c.share * total);
  const showHeader = o.header ?? true;

  const layout = (row: (string | Cell)[]) => {
    let col = 0;
    return row.map((raw) => {
      const cell: Cell = typeof raw === 'string' ? { text: raw } : raw;
      const span = cell.span ?? 1;
      const x = x0 + widths.slice(0, col).reduce((a, b) => a + b, 0);
      const w = widths.slice(col, col + span).reduce((a, b) => a + b, 0);
      const align = cell.align ?? cols[col].align ?? 'left';
      col += span;
      return { cell, x, w, align };
    });
  };
  const measure = (cells: ReturnType<typeof layout>, bold = false) =>
    Math.max(
      ...cells.map(({ cell, w }) => {
        doc.font(bold || cell.bold ? BOLD : FONT).fontSize(size);
        let h = doc.heightOfString(cell.text || ' ', { width: w - 2 * PAD });
        if (cell.mark) h += doc.fontSize(size - 1).heightOfString(cell.mark, { width: w - 2 * PAD });
        return h;
      }),
    ) +
    2 * PAD +
    0.5;
  const draw = (cells: ReturnType<typeof layout>, y: number, h: number, isHeader: boolean) => {
    for (const { cell, x, w, align } of cells) {
      if (isHeader || cell.shade) doc.rect(x, y, w, h).fill(SHADE);
      doc.rect(x, y, w, h).lineWidth(0.5).strokeColor(LINE).stroke();
      doc
        .font(isHeader || cell.bold ? BOLD : FONT)
        .fontSize(size)
        .fillColor(INK);
      doc.text(cell.text, x + PAD, y + PAD, { width: w - 2 * PAD, align: isHeader ? 'center' : align });
      if (cell.mark)
        doc
          .fontSize(size - 1)
          .fillColor(RED)
          .text(cell.mark, x + PAD, doc.y, { width: w - 2 * PAD, align: isHeader ? 'center' : align });
      doc.fillColor(INK);
    }
  };

  const head = layout(cols.map((c) => ({ text: c.header })));
  const headH = showHeader ? measure(head, true) : 0;
  let y = doc.y;
  const drawHead = () => {
    if (!showHeader) return;
    draw(head, y, headH, true);
    y += headH;
  };
  if (y + headH + (rows.length ? measure(layout(rows[0])) : 0) > bottomLimit(doc)) {
    doc.addPage();
    y = doc.y;
  }
  drawHead();
  for (const row of rows) {
    const cells = layout(row);
    const h = measure(cells);
    if (y + h > bottomLimit(doc)) {
      doc.addPage();
      y = doc.y;
      drawHead();
    }
    draw(cells, y, h, false);
    y += h;
  }
  doc.x = x0;
  doc.y = y + 4;
}

/** Label/value pairs in a bordered grid, `perRow` pairs a row, labels shaded; a wide pair takes a row of its own. */
export function infoGrid(doc: Doc, pairs: [label: string, value: string, wide?: boolean][], perRow = 2) {
  const labelShare = 0.12;
  const valueShare = 1 / perRow - labelShare;
  const cols: Column[] = Array.from({ length: perRow }, () => [
    { header: '', share: labelShare },
    { header: '', share: valueShare },
  ]).flat();
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let used = 0;
  const close = () => {
    if (!row.length) return;
    // the last value of a short row takes the rest of the line
    (row[row.length - 1].span as number) += (perRow - used) * 2;
    rows.push(row);
    row = [];
    used = 0;
  };
  for (const [label, value, wide] of pairs) {
    if (wide) close();
    row.push({ text: label, shade: true, bold: true }, { text: value || '—', span: 1 });
    used++;
    if (wide || used === perRow) close();
  }
  close();
  table(doc, cols, rows, { header: false, size: 9 });
}

/** Signature lines side by side: 采购人（签字）：____ 日期：____ */
export function signatures(doc: Doc, roles: string[]) {
  ensureSpace(doc, 64);
  const x0 = doc.page.margins.left;
  const w = contentWidth(doc) / roles.length;
  const y = doc.y + 18;
  doc.font(FONT).fontSize(9.5).fillColor(INK);
  roles.forEach((role, i) => {
    const x = x0 + i * w;
    doc.text(`${role}（签字）：`, x, y, { width: w, lineBreak: false });
    const lineX = x + doc.widthOfString(`${role}（签字）：`);
    doc
      .moveTo(lineX, y + 12)
      .lineTo(x + w - 12, y + 12)
      .lineWidth(0.5)
      .strokeColor(INK)
      .stroke();
    doc.text('日期：　　　年　　月　　日', x, y + 22, { width: w - 12, lineBreak: false });
  });
  doc.x = x0;
  doc.y = y + 44;
}

/** Stamps the footer on pages [from, from + count): what is printed, when, and 第 i / n 页. */
export function stampFooter(doc: Doc, from: number, count: number, left: string) {
  for (let i = 0; i < count; i++) {
    doc.switchToPage(from + i);
    // writing inside the bottom margin must not start a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const x = doc.page.margins.left;
    const w = contentWidth(doc);
    const y = doc.page.height - 30;
    doc
      .moveTo(x, y - 5)
      .lineTo(x + w, y - 5)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.font(FONT).fontSize(7.5).fillColor('#595959');
    doc.text(left, x, y, { width: w * 0.8, lineBreak: false });
    doc.text(`第 ${i + 1} / ${count} 页`, x, y, { width: w, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(INK);
}

/** Index of the page the cursor is on (for footers of one document inside a longer print run). */
export const pageIndex = (doc: Doc) => {
  const r = doc.bufferedPageRange();
  return r.start + r.count - 1;
};

export const RED_TEXT = RED;
