import { describe, expect, it } from 'vitest';
import { money, shanghaiTime } from './format.ts';

describe('order formatting', () => {
  it('shows UTC instants in Shanghai time', () => {
    expect(shanghaiTime('2026-01-31T16:05:09.000Z')).toBe('2026-02-01 00:05');
    expect(shanghaiTime('2026-01-31T16:05:09.000Z', true)).toBe('2026-02-01 00:05:09');
    expect(shanghaiTime(null)).toBe('');
  });

  it('shows fen as yuan', () => {
    expect(money(123456)).toBe('¥1,234.56');
    expect(money(0)).toBe('¥0.00');
    expect(money(-20_000)).toBe('-¥200.00');
  });
});
