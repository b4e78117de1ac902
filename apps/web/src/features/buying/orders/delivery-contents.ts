import type { DeliveryLineVO, OrderLine } from '@kc/contracts/buying/orders';

/** One line of what a parcel carried, named from the sub-order's lines. */
export interface ParcelLine {
  lineId: number;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
}

type LineName = Pick<OrderLine, 'id' | 'name' | 'spec' | 'unit'>;

/**
 * What a delivery carried: each of its lines named by the sub-order's line of that id, in the
 * delivery's order; a line the sub-order does not hold (not expected) keeps its id as the name.
 */
export function parcelLines(lines: LineName[], carried: DeliveryLineVO[]): ParcelLine[] {
  return carried.map((c) => {
    const l = lines.find((x) => x.id === c.lineId);
    return { lineId: c.lineId, name: l?.name ?? `商品 #${c.lineId}`, spec: l?.spec ?? '', unit: l?.unit ?? '', quantity: c.quantity };
  });
}

/** '名称 × 数量 单位' */
export function parcelText(p: ParcelLine): string {
  return `${p.name} × ${p.quantity}${p.unit ? ` ${p.unit}` : ''}`;
}

/** Per order line, what the deliveries up to and including `index` shipped together. */
export function shippedThrough(deliveries: { lines: DeliveryLineVO[] }[], index: number): Map<number, number> {
  const sums = new Map<number, number>();
  for (const d of deliveries.slice(0, index + 1)) {
    for (const l of d.lines) sums.set(l.lineId, (sums.get(l.lineId) ?? 0) + l.quantity);
  }
  return sums;
}
