import { buyingUnit, type OrderDetail, receiverAddress, type SubOrderDetail } from '@kc/contracts/buying/orders';
import { shanghaiTime } from '../../../lib/format.ts';
import { APP_NAME } from '../../../lib/route-meta.ts';
import type { SheetGroup, SheetProps } from './components/order-sheet.tsx';
import { shippedThrough } from './delivery-contents.ts';

/** The printed documents of docs/domains/platform.md#route-classes that concern orders. */
export type SheetKind = 'buy' | 'order' | 'purchase' | 'supplierOrder' | 'supplierPurchase' | 'delivery';

const group = (s: SubOrderDetail, heading: boolean): SheetGroup => ({
  key: s.id,
  heading: heading ? `${s.supplierName}　子订单 ${s.subNo}` : undefined,
  lines: s.lines,
  goodsAmount: s.goodsAmount,
  deliveryFee: s.deliveryFee,
  totalAmount: s.totalAmount,
  remark: s.remark,
});

/** Who buys: the unit (institute / department / team), the buyer, and the assistant who placed it for them (代下单). */
function parties(o: OrderDetail) {
  const unit = buyingUnit(o);
  return [
    ...(unit ? [{ label: '采购单位', value: unit, wide: true }] : []),
    { label: '采购人', value: o.buyerName ?? '' },
    ...(o.placedByName ? [{ label: '代下单人', value: o.placedByName }] : []),
  ];
}

function head(o: OrderDetail) {
  return [
    ...parties(o),
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
export function orderSheets(o: OrderDetail, kind: 'buy' | 'order' | 'purchase'): SheetProps[] {
  const meta = head(o);
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

/**
 * The lines of the delivery note of the sub-order's `index`-th delivery: only what that parcel
 * carried, with its quantities (本次发货) and what had shipped up to and including it (累计已发).
 */
export function deliveryGroup(sub: SubOrderDetail, index: number): SheetGroup {
  const d = sub.deliveries[index];
  const shipped = new Map(d.lines.map((l) => [l.lineId, l.quantity]));
  const through = shippedThrough(sub.deliveries, index);
  return {
    ...group(sub, false),
    lines: sub.lines.filter((l) => shipped.has(l.id)).map((l) => ({ ...l, deliveredQty: through.get(l.id) ?? 0 })),
    shipped,
  };
}

/** A supplier's sheets of one of its sub-orders: 订单, 采购订单, or the 送货单 of one delivery. */
export function supplierSheet(o: OrderDetail, sub: SubOrderDetail, kind: 'supplierOrder' | 'supplierPurchase' | 'delivery', deliveryId?: number): SheetProps {
  const meta = [
    { label: '供应商', value: sub.supplierName, wide: true },
    { label: '所属订单', value: o.orderNo },
    { label: '下单时间', value: shanghaiTime(o.createdAt, true) },
    ...parties(o),
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
      // a delivery recorded without its lines (none are expected) prints the sub-order's lines without 本次发货
      groups: [d?.lines.length ? deliveryGroup(sub, i) : group(sub, false)],
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
