import { splitTax, TAX_RATES } from '@kc/contracts/platform/tax';
import { describe, expect, it } from 'vitest';

describe('splitTax', () => {
  it('splits like the fapiao prints a line', () => {
    expect(splitTax(11_300, '13')).toEqual({ excl: 10_000, tax: 1_300 });
    expect(splitTax(100, '13')).toEqual({ excl: 88, tax: 12 }); // 88.495… rounds to 88
    expect(splitTax(10_600, '6')).toEqual({ excl: 10_000, tax: 600 });
    expect(splitTax(5_000, '免税')).toEqual({ excl: 5_000, tax: 0 });
    expect(splitTax(-11_300, '13')).toEqual({ excl: -10_000, tax: -1_300 });
  });

  it('rounds half up exactly (no floating point): 113 × 100 / 113 … and a .5 case', () => {
    // 53 fen at 6%: 53 × 100 / 106 = 50.0 exactly → 50 / 3
    expect(splitTax(53, '6')).toEqual({ excl: 50, tax: 3 });
    // 309 fen at 3%: 309 × 100 / 103 = 300 → 300 / 9; 1 fen at 1%: 0.990… → 1 / 0
    expect(splitTax(309, '3')).toEqual({ excl: 300, tax: 9 });
    expect(splitTax(1, '1')).toEqual({ excl: 1, tax: 0 });
  });

  it('never drifts: excl + tax = incl over 100,000 random lines, with totals summed from lines', () => {
    let seed = 20_261_125;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let incl = 0;
    let parts = 0;
    for (let i = 0; i < 100_000; i++) {
      const fen = Math.floor(rnd() * 10_000_000) - (i % 10 === 0 ? 5_000_000 : 0);
      const rate = TAX_RATES[Math.floor(rnd() * TAX_RATES.length)];
      const { excl, tax } = splitTax(fen, rate);
      expect(Number.isInteger(excl) && Number.isInteger(tax)).toBe(true);
      if (excl + tax !== fen) throw new Error(`drift at ${fen} ${rate}`);
      incl += fen;
      parts += excl + tax;
    }
    expect(parts - incl).toBe(0);
  });
});
