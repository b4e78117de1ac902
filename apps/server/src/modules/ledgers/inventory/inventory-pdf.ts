import type { LabelVO, SlipVO } from '@kc/contracts/ledgers/inventory';
import { createPdf, drawQr, pdf, shanghaiDateTime } from '../../../platform/documents/index.ts';

const IN_COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.05, align: 'center' },
  { header: '物品名称', share: 0.22 },
  { header: '规格', share: 0.09 },
  { header: 'CAS', share: 0.11 },
  { header: '批号', share: 0.11 },
  { header: '入库数量', share: 0.09, align: 'right' },
  { header: '单位', share: 0.06, align: 'center' },
  { header: '有效期至', share: 0.1 },
  { header: '存放位置', share: 0.17 },
];
const OUT_COLUMNS: pdf.Column[] = IN_COLUMNS.map((c) =>
  c.header === '入库数量' ? { ...c, header: '出库数量' } : c.header === '存放位置' ? { ...c, header: '容器编号' } : c,
);

/** Signature roles of each slip (docs/domains/ledgers.md#inventory-slips: 经办人, 验收人 or 领用人, 保管员). */
const SIGNERS = { in: ['经办人', '验收人', '保管员'], out: ['经办人', '领用人', '保管员'] } as const;

/**
 * 入库单 / 出库单 on A4: head, lines, signature lines; `stamped` is the 胶版 variant
 * (/CassPrintPutOrderRubber, /CassPrintOutboundOrderRubber) with the institute's seal box at the
 * bottom right for the 保管员's stamp.
 */
export async function slipPdf(s: SlipVO, stamped: boolean, printedAt: Date): Promise<Buffer> {
  const what = s.kind === 'in' ? '入库单' : '出库单';
  const { doc, finish } = createPdf(`${what} ${s.slipNo}`);
  const first = pdf.pageIndex(doc);
  pdf.title(doc, s.kind === 'in' ? '入 库 单' : '出 库 单', s.instituteName);
  pdf.infoGrid(doc, [
    ['单号', s.slipNo],
    ['日期', shanghaiDateTime(s.createdAt)],
    ['课题组', s.teamName ?? '—'],
    s.kind === 'in' ? ['子订单号', s.subNo ?? '—'] : ['领用人', [s.personName, s.secondPersonName].filter(Boolean).join('、') || '—'],
    s.kind === 'in' ? ['供应商', s.supplierName ?? '—'] : ['用途', s.purpose ?? '—'],
    ['经办人', s.actorName ?? '—'],
  ]);
  doc.moveDown(0.4);
  const rows = s.lines.map((l, i) => [
    String(i + 1),
    l.name,
    l.spec,
    l.cas ?? '',
    l.lotNo ?? '',
    String(l.quantity),
    l.unit,
    l.expiresOn ?? '',
    s.kind === 'in' ? (l.locationLabel ?? '待上架') : l.code,
  ]);
  pdf.table(doc, s.kind === 'in' ? IN_COLUMNS : OUT_COLUMNS, rows);
  pdf.paragraph(doc, `共 ${s.lines.length} 件容器`, { size: 9 });
  pdf.signatures(doc, [...SIGNERS[s.kind]]);
  if (stamped) {
    const size = 96;
    const x = doc.page.width - doc.page.margins.right - size - 10;
    const y = doc.y + 6;
    doc
      .circle(x + size / 2, y + size / 2, size / 2)
      .lineWidth(1.2)
      .strokeColor(pdf.RED_TEXT)
      .stroke();
    doc
      .font(pdf.FONT)
      .fontSize(8)
      .fillColor(pdf.RED_TEXT)
      .text('（单位公章）', x, y + size / 2 - 5, { width: size, align: 'center', lineBreak: false });
    doc.fillColor(pdf.INK);
  }
  const count = pdf.pageIndex(doc) - first + 1;
  pdf.stampFooter(doc, first, count, `${what} ${s.slipNo} · 打印于 ${shanghaiDateTime(printedAt)}`);
  return finish();
}

/**
 * Container labels: 3 × 8 on A4 (70 × 37 mm stickers), each with its QR code (the container code,
 * which the 库存 page's search takes), name, CAS, spec, lot, expiry, location and hazard marks.
 */
export async function labelsPdf(labels: LabelVO[]): Promise<Buffer> {
  const { doc, finish } = createPdf('库存标签');
  const cols = 3;
  const rows = 8;
  const w = (doc.page.width - doc.page.margins.left - doc.page.margins.right) / cols;
  const h = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / rows;
  labels.forEach((l, i) => {
    if (i > 0 && i % (cols * rows) === 0) doc.addPage();
    const k = i % (cols * rows);
    const x = doc.page.margins.left + (k % cols) * w;
    const y = doc.page.margins.top + Math.floor(k / cols) * h;
    doc
      .rect(x + 2, y + 2, w - 4, h - 4)
      .lineWidth(0.4)
      .strokeColor('#8c8c8c')
      .stroke();
    const qr = h - 14;
    drawQr(doc, l.code, x + 6, y + 7, qr);
    const tx = x + qr + 10;
    const tw = w - qr - 16;
    doc
      .font(pdf.BOLD)
      .fontSize(8)
      .fillColor(pdf.INK)
      .text(l.name, tx, y + 7, { width: tw, height: 20, ellipsis: true });
    const lines = [
      l.cas ? `CAS ${l.cas}` : null,
      `${l.spec}${l.lotNo ? `  批号 ${l.lotNo}` : ''}`,
      l.expiresOn ? `有效期至 ${l.expiresOn}` : null,
      l.locationLabel ?? '待上架',
      l.code,
    ].filter((s): s is string => s !== null);
    doc.font(pdf.FONT).fontSize(6.5);
    let ty = y + 28;
    for (const t of lines) {
      doc.text(t, tx, ty, { width: tw, lineBreak: false, ellipsis: true });
      ty += 9;
    }
    if (l.hazard) doc.fillColor(pdf.RED_TEXT).text(l.hazard, tx, ty, { width: tw, lineBreak: false, ellipsis: true }).fillColor(pdf.INK);
  });
  return finish();
}
