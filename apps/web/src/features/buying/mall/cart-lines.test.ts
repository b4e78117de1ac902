import { describe, expect, it } from 'vitest';
import type { CartGroup, CartLine } from './api/cart-api.ts';
import { buyable, pickedSubtotal } from './cart-lines.ts';

const line = (id: number, amount: number, over: Partial<CartLine> = {}): CartLine =>
  ({ id, amount, available: true, overStock: false, stock: 10, outOfArea: false, ...over }) as CartLine;
const group = (lines: CartLine[]) => ({ supplierId: 1, supplierName: '国药', lines, goodsAmount: 0 }) as CartGroup;

describe('cart lines', () => {
  it('counts only the ticked lines in a supplier 小计', () => {
    const g = group([line(1, 2850), line(2, 16800), line(3, 990)]);
    expect(pickedSubtotal(g, new Set([1, 3]))).toEqual({ amount: 3840, lines: 2 });
    expect(pickedSubtotal(g, new Set())).toEqual({ amount: 0, lines: 0 });
  });

  it('never counts a line that cannot be bought, even when ticked', () => {
    const g = group([line(1, 2850), line(2, 9900, { outOfArea: true }), line(3, 100, { available: false }), line(4, 500, { overStock: true })]);
    expect(pickedSubtotal(g, new Set([1, 2, 3, 4]))).toEqual({ amount: 2850, lines: 1 });
    expect(buyable(line(5, 1, { outOfArea: true }))).toBe(false);
    expect(buyable(line(6, 1, { stock: 0 }))).toBe(false);
  });
});
