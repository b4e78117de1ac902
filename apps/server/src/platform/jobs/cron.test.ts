import { describe, expect, it } from 'vitest';
import { parseCron } from './cron.ts';

/** Shanghai wall-clock time → the UTC instant */
const sh = (s: string) => new Date(`${s}+08:00`);
const next = (expr: string, after: string) => parseCron(expr).next(sh(after)).toISOString();
const iso = (s: string) => sh(s).toISOString();

describe('parseCron (Asia/Shanghai)', () => {
  it('finds the next occurrence on the Shanghai clock', () => {
    expect(next('0 9 * * *', '2026-11-23T08:30:00')).toBe(iso('2026-11-23T09:00:00'));
    // strictly after: the occurrence itself is not next
    expect(next('0 9 * * *', '2026-11-23T09:00:00')).toBe(iso('2026-11-24T09:00:00'));
    expect(next('0 9 * * *', '2026-11-23T09:00:00.500')).toBe(iso('2026-11-24T09:00:00'));
    // 00:30 in Shanghai is still the previous day in UTC
    expect(next('0 1 * * *', '2026-11-23T00:30:00')).toBe('2026-11-22T17:00:00.000Z');
  });

  it('handles steps, ranges and lists', () => {
    expect(next('*/15 * * * *', '2026-11-23T10:07:00')).toBe(iso('2026-11-23T10:15:00'));
    expect(next('5/20 * * * *', '2026-11-23T10:26:00')).toBe(iso('2026-11-23T10:45:00'));
    expect(next('0 8-10,14 * * *', '2026-11-23T10:30:00')).toBe(iso('2026-11-23T14:00:00'));
    expect(next('30 18 * * 1-5', '2026-11-27T19:00:00')).toBe(iso('2026-11-30T18:30:00'));
    // 7 is Sunday as well as 0
    expect(next('0 0 * * 7', '2026-11-23T00:00:00')).toBe(iso('2026-11-29T00:00:00'));
  });

  it('rolls over months and years, and finds 29 February', () => {
    expect(next('0 0 1 * *', '2026-12-15T00:00:00')).toBe(iso('2027-01-01T00:00:00'));
    expect(next('0 0 31 * *', '2026-11-01T00:00:00')).toBe(iso('2026-12-31T00:00:00'));
    expect(next('0 0 29 2 *', '2026-03-01T00:00:00')).toBe(iso('2028-02-29T00:00:00'));
  });

  it('matches either day field when both are restricted (Vixie cron)', () => {
    // the 13th, or any Friday
    expect(next('0 0 13 * 5', '2026-11-23T00:00:00')).toBe(iso('2026-11-27T00:00:00'));
    expect(next('0 0 13 * 5', '2026-12-05T00:00:00')).toBe(iso('2026-12-11T00:00:00'));
    expect(next('0 0 13 * 5', '2026-12-11T00:00:00')).toBe(iso('2026-12-13T00:00:00'));
  });

  it('accepts a leading seconds field', () => {
    expect(next('*/10 * * * * *', '2026-11-23T10:00:01')).toBe(iso('2026-11-23T10:00:10'));
    expect(next('* * * * * *', '2026-11-23T10:00:59.999')).toBe(iso('2026-11-23T10:01:00'));
  });

  it.each(['', '* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', 'a * * * *', '*/0 * * * *', '5-1 * * * *', '* * * * * * *'])(
    'refuses %j',
    (expr) => {
      expect(() => parseCron(expr)).toThrow('无效的 cron 表达式');
    },
  );

  it('refuses an expression that never fires', () => {
    expect(() => parseCron('0 0 30 2 *').next(new Date())).toThrow('永远不会触发');
  });
});
