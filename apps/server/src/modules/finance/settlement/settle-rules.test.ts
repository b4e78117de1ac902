import { describe, expect, it } from 'vitest';
import { coveredOf, deductionAmounts, holdBreach, linePaid, periodOf } from './settle-rules.ts';

describe('periodOf', () => {
  it('takes the calendar month in Shanghai time without a cut-off', () => {
    expect(periodOf('2026-11', 0)).toEqual({ start: '2026-10-31T16:00:00.000Z', end: '2026-11-30T16:00:00.000Z' });
    expect(periodOf('2026-01', 0).start).toBe('2025-12-31T16:00:00.000Z');
  });
  it('ends on the cut-off day and starts the day after the previous one', () => {
    expect(periodOf('2026-11', 25)).toEqual({ start: '2026-10-25T16:00:00.000Z', end: '2026-11-25T16:00:00.000Z' });
    expect(periodOf('2026-01', 20).start).toBe('2025-12-20T16:00:00.000Z');
  });
});

describe('deductionAmounts', () => {
  it('rounds percentages half up and never takes more than the gross', () => {
    expect(deductionAmounts(10_001, [{ kind: 'percent', value: 50 }])).toEqual([50]);
    expect(deductionAmounts(10_100, [{ kind: 'percent', value: 50 }])).toEqual([51]);
    expect(
      deductionAmounts(1_000, [
        { kind: 'fixed', value: 800 },
        { kind: 'fixed', value: 800 },
      ]),
    ).toEqual([800, 200]);
    expect(deductionAmounts(0, [{ kind: 'percent', value: 100 }])).toEqual([0]);
  });
});

describe('linePaid', () => {
  it('covers lines in order', () => {
    const lines = [
      { amount: 100, cumEnd: 100 },
      { amount: 50, cumEnd: 150 },
    ];
    expect(lines.map((l) => linePaid(l, 120))).toEqual([100, 20]);
    expect(lines.map((l) => linePaid(l, 0))).toEqual([0, 0]);
    expect(lines.map((l) => linePaid(l, 150))).toEqual([100, 50]);
  });
});

describe('refunds and the complaint hold', () => {
  it('deducts nothing from a gross refunds took to or below 0, and a paid statement covers every line', () => {
    expect(deductionAmounts(-3_550, [{ kind: 'percent', value: 100 }])).toEqual([0]);
    expect(deductionAmounts(-3_550, [{ kind: 'fixed', value: 100 }])).toEqual([0]);
    expect(linePaid({ amount: 500, cumEnd: 1_000 }, coveredOf({ status: 'paid', paid_amount: 700, gross_amount: 700 }))).toBe(500);
    expect(linePaid({ amount: 500, cumEnd: 1_000 }, coveredOf({ status: 'partially_paid', paid_amount: 700, gross_amount: 700 }))).toBe(200);
  });

  it('holdBreach: a payment may not reach a held line nor settle the statement; what was paid before the complaint is out of it', () => {
    // lines 100 | 250 (held) | 50, net 400
    const held = [{ amount: 250, cumEnd: 350, subNo: 'S2' }];
    expect(holdBreach({ net: 400, paidBefore: 0, paidAfter: 100 }, held)).toBeNull();
    expect(holdBreach({ net: 400, paidBefore: 0, paidAfter: 101 }, held)).toEqual({ subNo: 'S2', maxNow: 100 });
    expect(holdBreach({ net: 400, paidBefore: 60, paidAfter: 400 }, held)).toEqual({ subNo: 'S2', maxNow: 40 });
    // refunds took the net to the held line's start: settling it would cover the held line too
    expect(holdBreach({ net: 100, paidBefore: 0, paidAfter: 100 }, held)).toEqual({ subNo: 'S2', maxNow: 99 });
    // the held line was fully paid before the complaint: nothing is held back
    expect(holdBreach({ net: 400, paidBefore: 350, paidAfter: 400 }, held)).toBeNull();
    expect(holdBreach({ net: 400, paidBefore: 0, paidAfter: 400 }, [])).toBeNull();
  });
});
