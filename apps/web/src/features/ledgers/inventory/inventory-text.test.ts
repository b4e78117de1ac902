import { convertAmount } from '@kc/contracts/ledgers/inventory';
import { describe, expect, it } from 'vitest';
import { expiryText, qty, slipPath } from './inventory-text.ts';

describe('inventory texts', () => {
  it('marks expired and near-expiry containers', () => {
    expect(expiryText('2026-01-01', -3)).toEqual({ text: '2026-01-01（已过期）', color: 'red' });
    expect(expiryText('2026-12-01', 10).color).toBe('orange');
    expect(expiryText(null, null).text).toBe('—');
  });
  it('prints quantities and slip paths', () => {
    expect(qty(0.1 + 0.2, 'mL')).toBe('0.3 mL');
    expect(slipPath('out', 5, true)).toBe('/CassPrintOutboundOrderRubber?id=5');
    expect(slipPath('in', 5)).toBe('/printPutOrder?id=5');
  });
  it('converts only within a dimension', () => {
    expect(convertAmount(0.25, 'L', 'mL')).toEqual({ ok: true, value: 250 });
    expect(convertAmount(500, 'mg', 'g')).toEqual({ ok: true, value: 0.5 });
    expect(convertAmount(1, 'g', 'mL').ok).toBe(false);
    expect(convertAmount(1, '瓶', '盒').ok).toBe(false);
  });
});
