import type { CartGroup, CartLine } from './api/cart-api.ts';

/** A line that can be checked out: on shelf, within stock, and delivered to the default address. */
export const buyable = (l: CartLine) => l.available && !l.overStock && l.stock > 0 && !l.outOfArea;

/** A supplier group's 小计: the ticked lines that can be bought (line amounts as the server computed them). */
export function pickedSubtotal(group: CartGroup, selected: ReadonlySet<number>): { amount: number; lines: number } {
  let amount = 0;
  let lines = 0;
  for (const l of group.lines) {
    if (!selected.has(l.id) || !buyable(l)) continue;
    amount += l.amount;
    lines += 1;
  }
  return { amount, lines };
}
