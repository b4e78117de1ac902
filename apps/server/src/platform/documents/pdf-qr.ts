import QRCode from 'qrcode';
import { type Doc, INK } from './pdf-layout.ts';

/**
 * A QR code drawn as vector squares at (x, y), `size` points wide with a one-module quiet zone:
 * crisp at any print scale, and far cheaper than rendering a PNG per code (a sheet of labels has dozens).
 */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  // a fixed mask skips scoring all eight (any mask is valid; scoring only picks the most even one)
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 0 });
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
  doc.fill(INK);
}
