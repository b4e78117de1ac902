import { z } from 'zod';

/**
 * VAT rates a line may carry (增值税税率), from the rate dictionary: 13% goods, 9%, 6% services, the 3% and
 * reduced 1% of small-scale taxpayers, 0% and 免税. Stored per line as the code string, never as a float.
 */
export const TAX_RATES = ['13', '9', '6', '3', '1', '0', '免税'] as const;
export type TaxRate = (typeof TAX_RATES)[number];
export const TaxRateSchema = z.enum(TAX_RATES, { message: '税率应为 13%、9%、6%、3%、1%、0% 或免税' });

export const TAX_RATE_TEXT: Record<TaxRate, string> = {
  '13': '13%',
  '9': '9%',
  '6': '6%',
  '3': '3%',
  '1': '1%',
  '0': '0%',
  免税: '免税',
};

/** The default rate of a reagent or lab supply (货物). */
export const DEFAULT_TAX_RATE: TaxRate = '13';

/** Percent of a rate code (免税 and 0 carry no tax). */
export const ratePercent = (rate: TaxRate) => (rate === '免税' ? 0 : Number(rate));

/**
 * Splits a tax-inclusive amount in fen into excluding and tax, the way the fapiao prints one line:
 * excl = round-half-up(incl × 100 / (100 + rate)), tax = incl − excl. Exact in integers (no float
 * division), so excl + tax = incl on every line and totals are sums of stored line fen, never
 * recomputed from rates. Negative amounts (red invoices) split symmetrically.
 */
export function splitTax(inclFen: number, rate: TaxRate): { excl: number; tax: number } {
  const p = ratePercent(rate);
  if (p === 0) return { excl: inclFen, tax: 0 };
  const sign = inclFen < 0 ? -1 : 1;
  const abs = Math.abs(inclFen);
  const den = 100 + p;
  // round half up of abs*100/den in integers: floor((2*abs*100 + den) / (2*den))
  const excl = Math.floor((2 * abs * 100 + den) / (2 * den));
  return { excl: sign * excl, tax: sign * (abs - excl) };
}
