import {
  type Cell,
  type Column,
  type Doc,
  heading,
  infoGrid,
  pageIndex,
  paragraph,
  RED_TEXT,
  signatures,
  stampFooter,
  table,
  title,
} from '../../../../platform/documents/pdf-layout.ts';
import { rmbUppercase, yuanText } from '../../../../platform/documents/rmb-uppercase.ts';
import { shanghaiDateTime } from '../../../../platform/documents/shanghai-time.ts';
import { type PrintDelivery, type PrintOrder, type PrintParties, type PrintSub, receiverAddress, type SupplierHead } from './print-model.ts';

const COLUMNS: Column[] = [
  { header: '序号', share: 0.045, align: 'center' },
  { header: '名称', share: 0.205 },
  { header: '规格', share: 0.09 },
  { header: '品牌', share: 0.09 },
  { header: '货号', share: 0.09 },
  { header: 'CAS', share: 0.1 },
  { header: '订购数量', share: 0.085, align: 'right' },
  { header: '', share: 0.085, align: 'right' },
  { header: '单价(元)', share: 0.09, align: 'right' },
  { header: '金额(元)', share: 0.12, align: 'right' },
];

export interface DeliveryNote {
  order: PrintOrder;
  sub: PrintSub;
  parties: PrintParties;
  supplier: SupplierHead;
  /** one delivery (printSubDeliverOrder) or every delivery so far (printDeliverOrder) */
  deliveries: PrintDelivery[];
  /** what this note ships: line id → quantity; null = the whole sub-order (ordered and delivered so far) */
  shipped: Map<number, number> | null;
  noteNo: string;
}

/**
 * 送货单: the supplier's delivery note for one sub-order or one delivery of it: who ships to whom,
 * the express channel and tracking number, the goods with hazard marks, the value in figures and in
 * words, and the sign-off lines for sender, courier and receiver.
 */
export function renderDeliveryNote(doc: Doc, n: DeliveryNote, printedAt: Date) {
  const first = pageIndex(doc);
  const { order: o, sub: s } = n;
  title(doc, '送 货 单', n.supplier.name);
  const express = n.deliveries.length ? n.deliveries.map((d) => `${d.channel} ${d.trackingNo}`).join('；') : '尚未发货';
  const shippedAt = n.deliveries.length ? shanghaiDateTime(n.deliveries[n.deliveries.length - 1].createdAt) : '—';
  infoGrid(doc, [
    ['送货单号', n.noteNo],
    ['发货时间', shippedAt],
    ['订单号', o.orderNo],
    ['子订单号', s.subNo],
    ['供货单位', n.supplier.name],
    ['联系人', `${n.supplier.contact}（${n.supplier.phone}）`],
    ['采购单位', [n.parties.institute, n.parties.dept, n.parties.team].filter(Boolean).join(' / ') || '—', true],
    ['采购人', n.parties.buyer?.name ?? '—'],
    ['收货人', `${o.receiver.contact}（${o.receiver.phone}）`],
    ['收货地址', receiverAddress(o.receiver), true],
    ['快递 / 运单号', express, true],
  ]);

  const lines = n.shipped ? s.lines.filter((l) => n.shipped?.has(l.id)) : s.lines;
  const qtyOf = (l: PrintSub['lines'][number]) => (n.shipped ? (n.shipped.get(l.id) ?? 0) : l.deliveredQty);
  const cols = COLUMNS.map((c, i) => (i === 7 ? { ...c, header: n.shipped ? '本次发货' : '已发货' } : c));
  let count = 0;
  let value = 0;
  const rows: Cell[][] = lines.map((l, i) => {
    const q = qtyOf(l);
    // a note for one delivery values what it carries; a note for the sub-order values what was ordered
    const amount = n.shipped ? q * l.unitPrice : l.amount;
    count += n.shipped ? q : l.quantity;
    value += amount;
    return [
      { text: String(i + 1) },
      { text: l.grade ? `${l.name}（${l.grade}）` : l.name, mark: l.hazards.length ? `▲ ${l.hazards.join('·')}` : undefined },
      { text: l.spec },
      { text: l.brand ?? '—' },
      { text: l.catalogNo ?? '—' },
      { text: l.cas ?? '—' },
      { text: `${l.quantity} ${l.unit}` },
      { text: `${q} ${l.unit}`, bold: true },
      { text: yuanText(l.unitPrice) },
      { text: yuanText(amount) },
    ];
  });
  rows.push([
    { text: `合计 ${count} 件　金额大写：人民币${rmbUppercase(value)}`, span: 9, align: 'right', bold: true },
    { text: yuanText(value), bold: true },
  ]);
  heading(doc, '货物明细');
  table(doc, cols, rows);
  if (s.remark) paragraph(doc, `采购备注：${s.remark}`);
  if (lines.some((l) => l.hazards.length)) paragraph(doc, '▲ 含管制商品：请按规定核对资质与数量，当面签收并登记入库。', { color: RED_TEXT, bold: true });
  paragraph(doc, '请收货人当面清点数量、核对规格与批号，外包装破损或数量不符请在签收时注明。', { color: '#434343' });

  signatures(doc, ['发货人', '送货人', '收货人']);
  const pages = pageIndex(doc) - first + 1;
  stampFooter(doc, first, pages, `送货单 ${n.noteNo}　打印时间 ${shanghaiDateTime(printedAt)}（北京时间）　科研采购平台`);
}
