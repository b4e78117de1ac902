import type { OrderVO } from '@kc/contracts/buying/orders';

/** What an order bought, as a list says it: the first line's name, and "等 N 种商品" when there are more lines. */
export const goodsText = (o: Pick<OrderVO, 'firstItem' | 'lineCount'>): string =>
  o.firstItem === null ? '—' : o.lineCount > 1 ? `${o.firstItem} 等 ${o.lineCount} 种商品` : o.firstItem;
