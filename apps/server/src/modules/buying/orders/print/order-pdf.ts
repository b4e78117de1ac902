import {
  type Cell,
  type Column,
  type Doc,
  ensureSpace,
  heading,
  INK,
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
import { actionText, actorText, type PrintOrder, type PrintParties, receiverAddress, statusText } from './print-model.ts';

const LINE_COLUMNS: Column[] = [
  { header: '序号', share: 0.045, align: 'center' },
  { header: '名称', share: 0.225 },
  { header: '规格', share: 0.095 },
  { header: '品牌', share: 0.1 },
  { header: '货号', share: 0.1 },
  { header: 'CAS', share: 0.105 },
  { header: '单价(元)', share: 0.1, align: 'right' },
  { header: '数量', share: 0.09, align: 'right' },
  { header: '金额(元)', share: 0.14, align: 'right' },
];

const LOG_COLUMNS: Column[] = [
  { header: '时间', share: 0.17 },
  { header: '环节', share: 0.09 },
  { header: '操作人', share: 0.1 },
  { header: '操作', share: 0.18 },
  { header: '状态变化', share: 0.26 },
  { header: '意见', share: 0.2 },
];

const person = (p: { name: string; phone: string | null } | null) => (p ? (p.phone ? `${p.name}（${p.phone}）` : p.name) : '—');

/**
 * One order as an institution's purchase order: heading, parties, receiver, one table of lines per
 * supplier with hazard marks, totals with the amount in words, the approval timeline from the order
 * log, and signature lines. Starts on a fresh page; its pages carry their own footer and numbering.
 */
export function renderOrder(doc: Doc, o: PrintOrder, p: PrintParties, printedAt: Date, fresh: boolean) {
  if (fresh) doc.addPage();
  const firstPage = pageIndex(doc);

  title(doc, '采 购 订 单', p.institute ?? '科研采购平台');
  const steps = o.approvalSteps.length ? o.approvalSteps.map((s) => s.name).join(' → ') : '无需审批';
  infoGrid(doc, [
    ['订单号', o.orderNo],
    ['下单时间', shanghaiDateTime(o.createdAt)],
    ['订单状态', o.closeReason ? `${o.statusText}（${o.closeReason}）` : o.statusText],
    ['审批流程', steps],
    ['采购人', person(p.buyer)],
    ['代下单人', p.placedBy && p.buyer && p.placedBy.name !== p.buyer.name ? person(p.placedBy) : '—'],
    ['研究所', p.institute ?? '—'],
    ['部门', p.dept ?? '—'],
    ['课题组', p.team ?? '—'],
    ['收货人', `${o.receiver.contact}（${o.receiver.phone}）`],
    ['收货地址', receiverAddress(o.receiver), true],
  ]);

  for (const s of o.subOrders) {
    heading(doc, `供应商：${s.supplierName}`, `子订单号：${s.subNo}　状态：${s.statusText}`);
    const rows: Cell[][] = s.lines.map((l, i) => [
      { text: String(i + 1) },
      { text: l.grade ? `${l.name}（${l.grade}）` : l.name, mark: l.hazards.length ? `▲ ${l.hazards.join('·')}` : undefined },
      { text: l.spec },
      { text: l.brand ?? '—' },
      { text: l.catalogNo ?? '—' },
      { text: l.cas ?? '—' },
      { text: yuanText(l.unitPrice) },
      { text: `${l.quantity} ${l.unit}` },
      { text: yuanText(l.amount) },
    ]);
    rows.push([
      { text: `商品金额 ¥${yuanText(s.goodsAmount)}　运费 ¥${yuanText(s.deliveryFee)}　小计`, span: 8, align: 'right', bold: true },
      { text: yuanText(s.totalAmount), bold: true },
    ]);
    table(doc, LINE_COLUMNS, rows);
    if (s.remark) paragraph(doc, `备注：${s.remark}`);
    if (s.reason) paragraph(doc, `说明：${s.reason}`);
    for (const d of s.deliveries) paragraph(doc, `物流：${d.channel}　运单号 ${d.trackingNo}　发货时间 ${shanghaiDateTime(d.createdAt)}`, { color: '#434343' });
  }

  // totals of what this caller sees (a supplier sees only its own sub-orders)
  const goods = o.subOrders.reduce((a, s) => a + s.goodsAmount, 0);
  const fee = o.subOrders.reduce((a, s) => a + s.deliveryFee, 0);
  const total = o.subOrders.reduce((a, s) => a + s.totalAmount, 0);
  ensureSpace(doc, 80);
  doc.moveDown(0.3);
  infoGrid(doc, [
    ['商品合计', `¥${yuanText(goods)}`],
    ['运费合计', `¥${yuanText(fee)}`],
    ['订单总额', `¥${yuanText(total)}`],
    ['大写金额', `人民币${rmbUppercase(total)}`],
  ]);
  const hazards = [...new Set(o.subOrders.flatMap((s) => s.lines.flatMap((l) => l.hazards)))];
  if (o.hasHazard || hazards.length)
    paragraph(doc, `▲ 本订单含管制商品（${hazards.join('、') || '危险化学品'}），请按国家及本单位规定办理审批、领用、储存与使用登记。`, {
      color: RED_TEXT,
      bold: true,
    });

  heading(doc, '审批与处理记录');
  // sub-orders by their suffix (PO…-2 → 子订单2): the full number is in each section heading
  const subNo = new Map(o.subOrders.map((s) => [s.id, s.subNo.startsWith(`${o.orderNo}-`) ? s.subNo.slice(o.orderNo.length + 1) : s.subNo]));
  table(
    doc,
    LOG_COLUMNS,
    o.logs.map((l) => [
      shanghaiDateTime(l.createdAt),
      actorText(l.actor),
      l.actorName ?? (l.actor === 'system' ? '系统' : '—'),
      l.subOrderId ? `${actionText(l.action, l.actor)}（子订单${subNo.get(l.subOrderId) ?? ''}）` : actionText(l.action, l.actor),
      `${statusText(l.fromStatus, l.subOrderId !== null)} → ${statusText(l.toStatus, l.subOrderId !== null)}`,
      l.reason ?? '',
    ]),
    { size: 8 },
  );

  signatures(doc, ['采购人', '课题组长', '验收人']);
  doc.fillColor(INK);
  const pages = pageIndex(doc) - firstPage + 1;
  stampFooter(doc, firstPage, pages, `订单号 ${o.orderNo}　打印时间 ${shanghaiDateTime(printedAt)}（北京时间）　科研采购平台`);
  // later orders of a print run start after this one's last page
  doc.switchToPage(firstPage + pages - 1);
}
