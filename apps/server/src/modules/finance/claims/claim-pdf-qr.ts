import QRCode from 'qrcode';
import { pdf } from '../../../platform/documents/index.ts';

/**
 * A QR code at the top right of the current page with a caption under it, drawn as vector squares
 * (a 50-claim merged PDF has 51 codes: rendering each to PNG took most of its time).
 */
export function stampQr(doc: pdf.Doc, token: string, caption: string) {
  const size = 64;
  const x = doc.page.width - doc.page.margins.right - size;
  const y = doc.page.margins.top - 10;
  // a fixed mask skips scoring all eight (any mask is valid; scoring only picks the most even one)
  const { modules } = QRCode.create(token, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const n = modules.size;
  const cell = size / (n + 2);
  doc.rect(x, y, size, size).fill('#ffffff');
  // one rectangle per run of dark modules in a row
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && modules.get(r, end + 1)) end++;
      doc.rect(x + (c + 1) * cell, y + (r + 1) * cell, (end - c + 1) * cell + 0.05, cell + 0.05);
      c = end;
    }
  doc.fill(pdf.INK);
  doc
    .font(pdf.FONT)
    .fontSize(6.5)
    .fillColor('#595959')
    .text(caption, x - 20, y + size + 1, { width: size + 20, align: 'right', lineBreak: false });
  doc.fillColor(pdf.INK);
}
