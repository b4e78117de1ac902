import type { CheckRuleVO } from '@kc/contracts/finance/settlement';

/**
 * The arithmetic of settlement (pure; tested beside this file): a month's period under the
 * institute's cut-off day, deductions on a statement's gross, and how far a statement's payments
 * reach down its lines.
 */
export type Rule = Pick<CheckRuleVO, 'period' | 'cutoffDay' | 'countStates' | 'deductions'>;

export const DEFAULT_RULE: Rule = { period: 'monthly', cutoffDay: 0, countStates: ['completed', 'refunded'], deductions: [] };

const SHANGHAI_MS = 8 * 3600_000;
/** Midnight (Asia/Shanghai) at the start of a calendar day, as an ISO instant. */
const shanghaiMidnight = (y: number, m0: number, d: number) => new Date(Date.UTC(y, m0, d) - SHANGHAI_MS).toISOString();

/**
 * The period of month `YYYY-MM` as [start, end) ISO instants. Cut-off day 0: the calendar month.
 * Cut-off day D (1–28): from the day after D of the month before to the end of day D of this month
 * (Asia/Shanghai), so the 25th's cut-off settles 26 Oct – 25 Nov as November.
 */
export function periodOf(month: string, cutoffDay: number): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  if (cutoffDay === 0) return { start: shanghaiMidnight(y, m - 1, 1), end: shanghaiMidnight(y, m, 1) };
  return { start: shanghaiMidnight(y, m - 2, cutoffDay + 1), end: shanghaiMidnight(y, m - 1, cutoffDay + 1) };
}

/** half-up rounding of a non-negative integer ratio a / b */
const roundDiv = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * Each deduction's fen on a gross amount: percent in basis points rounded half up, fixed as it is;
 * the deductions together never exceed the gross (the last ones shrink), so net ≥ 0.
 */
export function deductionAmounts(gross: number, deductions: readonly { kind: string; value: number }[]): number[] {
  // refunds may leave a month's gross at or below 0: nothing is deducted from nothing
  const base = Math.max(0, gross);
  let room = base;
  return deductions.map((d) => {
    const want = d.kind === 'percent' ? roundDiv(base * d.value, 10_000) : d.value;
    const take = Math.min(want, room);
    room -= take;
    return take;
  });
}

/**
 * How much of a line is paid. Payments cover a statement's lines in line order; the deductions are
 * settled with the last payment, so every line counts as paid once the statement is paid.
 */
export function linePaid(line: { amount: number; cumEnd: number }, covered: number): number {
  const start = line.cumEnd - line.amount;
  return Math.max(0, Math.min(line.amount, covered - start));
}

/**
 * What a statement's payments cover of its lines: everything once paid, otherwise what was paid.
 * Lines are covered in order by the running total of the positive lines; negative refund lines, like
 * the deductions, are settled with the last payment (so a paid statement covers every line).
 */
export const coveredOf = (s: { status: string; paid_amount: number; gross_amount: number }) =>
  s.status === 'paid' || s.status === 'closed' ? Number.MAX_SAFE_INTEGER : Number(s.paid_amount);

/**
 * The complaint hold on a payment: lines on hold must not be reached. Given the statement's net and
 * what its payments will cover after this one, the first held line the payment would reach (or the
 * payment that would settle the statement, which covers every line), with the most that may be paid
 * now; null when the payment stays clear of every held line. Lines already covered before the
 * complaint was filed are paid and out of it.
 */
export function holdBreach(
  s: { net: number; paidBefore: number; paidAfter: number },
  held: readonly { amount: number; cumEnd: number; subNo: string }[],
): { subNo: string; maxNow: number } | null {
  const open = held.filter((h) => h.cumEnd > s.paidBefore);
  if (open.length === 0) return null;
  const first = open.reduce((a, b) => (b.cumEnd - b.amount < a.cumEnd - a.amount ? b : a));
  const start = first.cumEnd - first.amount;
  // the payment settling the statement would cover everything, the held line too
  const limit = Math.min(start, s.net - 1);
  if (s.paidAfter <= limit) return null;
  return { subNo: first.subNo, maxNow: Math.max(0, limit - s.paidBefore) };
}
