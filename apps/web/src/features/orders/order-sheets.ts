import { APP_NAME } from '../../app/route-meta.ts';
import { type OrderDetail, receiverAddress, type SubOrderDetail } from './api/order-types.ts';
import type { SheetGroup, SheetProps } from './components/order-sheet.tsx';
import { shanghaiTime } from './order-format.ts';

/** The printed documents of SPEC.md §2 that concern orders. */
export type SheetKind = 'buy' | 'order' | 'purchase' | 'supplierOrder' | 'supplierPurchase' | 'delivery';

/** The viewer's institute, printed as the buying unit when it is the order's. */
export interface Viewer {
  instituteId: number | null;
  instituteName: string | null;
}

const group = (s: SubOrderDetail, heading: boolean): SheetGroup => ({
  key: s.id,
  heading: heading ? `${s.supplierName}　子订单 ${s.subNo}` : undefined,
  lines: s.lines,
  goodsAmount: s.goodsAmount,
  deliveryFee: s.deliveryFee,
  totalAmount: s.totalAmount,
  remark: s.remark,
});

function head(o: OrderDetail, viewer: Viewer) {
  const buyer = o.logs.find((l) => l.action === 'submit')?.actorName ?? '';
  const unit = viewer.instituteId !== null && viewer.instituteId === o.instituteId ? (viewer.instituteName ?? '') : '';
  return [
    ...(unit ? [{ label: '采购单位', value: unit }] : []),
    { label: '采购人', value: buyer },
    { label: '下单时间', value: shanghaiTime(o.createdAt, true) },
    { label: '订单状态', value: o.statusText },
    { label: '收货人', value: `${o.receiver.contact}　${o.receiver.phone}` },
    { label: '收货地址', value: receiverAddress(o.receiver), wide: true },
  ];
}

/**
 * The sheets of an order document: 采购单 and 订单 put every supplier's lines on one sheet;
 * 采购订单 prints one sheet per supplier (what each supplier is asked to deliver).
 */
export function orderSheets(o: OrderDetail, kind: 'buy' | 'order' | 'purchase', viewer: Viewer): SheetProps[] {
  const meta = head(o, viewer);
  if (kind === 'purchase') {
    return o.subOrders.map((s) => ({
      title: '采购订单',
      subtitle: APP_NAME,
      docNo: s.subNo,
      meta: [{ label: '供应商', value: s.supplierName, wide: true }, ...meta, { label: '所属订单', value: o.orderNo }],
      groups: [group(s, false)],
      logs: o.logs,
      signatures: ['采购方（签字）', '供应商（盖章）'],
    }));
  }
  return [
    {
      title: kind === 'buy' ? '采购单' : '订单',
      subtitle: APP_NAME,
      docNo: o.orderNo,
      meta,
      groups: o.subOrders.map((s) => group(s, true)),
      logs: o.logs,
      signatures: ['采购人（签字）', '课题组长（签字）', '验收人（签字）'],
    },
  ];
}

/** A supplier's sheets of one of its sub-orders: 订单, 采购订单, or the 送货单 of one delivery. */
export function supplierSheet(o: OrderDetail, sub: SubOrderDetail, kind: 'supplierOrder' | 'supplierPurchase' | 'delivery', deliveryId?: number): SheetProps {
  const meta = [
    { label: '供应商', value: sub.supplierName, wide: true },
    { label: '所属订单', value: o.orderNo },
    { label: '下单时间', value: shanghaiTime(o.createdAt, true) },
    { label: '收货人', value: `${o.receiver.contact}　${o.receiver.phone}` },
    { label: '状态', value: sub.statusText },
    { label: '收货地址', value: receiverAddress(o.receiver), wide: true },
  ];
  if (kind === 'delivery') {
    const i = sub.deliveries.findIndex((d) => d.id === deliveryId);
    const d = sub.deliveries[i];
    return {
      title: '送货单',
      subtitle: APP_NAME,
      docNo: d ? `${sub.subNo}-${String(i + 1).padStart(2, '0')}` : sub.subNo,
      meta: [
        ...meta,
        ...(d
          ? [
              { label: '快递公司', value: d.channel },
              { label: '运单号', value: d.trackingNo },
              { label: '发货时间', value: shanghaiTime(d.createdAt, true) },
            ]
          : []),
      ],
      // the order detail has cumulative quantities only: with one delivery they are this parcel's
      groups: [{ ...group(sub, false), shipped: sub.deliveries.length === 1 ? new Map(sub.lines.map((l) => [l.id, l.deliveredQty])) : undefined }],
      signatures: ['送货人（签字）', '收货人（签字）', '验收人（签字）'],
      delivery: true,
    };
  }
  return {
    title: kind === 'supplierOrder' ? '订单' : '采购订单',
    subtitle: APP_NAME,
    docNo: sub.subNo,
    meta,
    groups: [group(sub, false)],
    logs: o.logs,
    signatures: kind === 'supplierOrder' ? ['制单人（签字）', '审核人（签字）'] : ['采购方（签字）', '供应商（盖章）'],
  };
}
