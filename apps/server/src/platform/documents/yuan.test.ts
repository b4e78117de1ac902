import { describe, expect, it } from 'vitest';
import { isParseError, parseYuanToFen } from './yuan.ts';

describe('parseYuanToFen', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['0.29', 29],
    ['0.01', 1],
    ['  8.1 ', 810],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['¥8', 800],
    ['￥ 1,000.5', 100050],
    ['12.500', 1250],
    ['007.10', 710],
    ['0', 0],
    ['-0', 0],
    ['9999999999999.99', 999999999999999],
  ])('%j → %d fen', (text, fen) => {
    expect(parseYuanToFen(text)).toBe(fen);
  });

  it.each([
    ['', '不能为空'],
    ['   ', '不能为空'],
    ['NaN', '格式不正确'],
    ['abc', '格式不正确'],
    ['12.505', '两位小数'],
    ['0.001', '两位小数'],
    ['1e3', '科学计数法'],
    ['1.5E+21', '科学计数法'],
    ['-12.5', '负数'],
    ['1,23.4', '格式不正确'],
    ['1,2345', '格式不正确'],
    ['12.', '格式不正确'],
    ['.5', '格式不正确'],
    ['12,5', '格式不正确'],
    ['1 000', '格式不正确'],
    ['+5', '格式不正确'],
    ['Infinity', '格式不正确'],
    ['99999999999999.99', '超出范围'],
  ])('%j is refused (%s)', (text, msg) => {
    const r = parseYuanToFen(text);
    expect(isParseError(r)).toBe(true);
    expect((r as { error: string }).error).toContain(msg);
  });

  it('accepts negatives only when allowed, and honours a maximum', () => {
    expect(parseYuanToFen('-12.5', { allowNegative: true })).toBe(-1250);
    expect(parseYuanToFen('-¥1,000', { allowNegative: true })).toBe(-100000);
    expect(isParseError(parseYuanToFen('100.01', { maxFen: 10000 }))).toBe(true);
    expect(parseYuanToFen('100', { maxFen: 10000 })).toBe(10000);
  });

  it('is exact where floating point is not', () => {
    // Math.round would hide it; a truncating parser would not: 0.29 * 100 = 28.999999999999996
    for (let cents = 0; cents < 1000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(parseYuanToFen(text)).toBe(cents);
    }
  });
});
