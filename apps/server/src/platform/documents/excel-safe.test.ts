import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './excel-safe.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x","点我")', `'=HYPERLINK("http://x","点我")`],
    ['+86 138', "'+86 138"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('prefixes %j', (input, out) => {
    expect(neutraliseCell(input)).toBe(out);
  });

  it.each(['王晓明', 'PO202611220000000001', '2026-11-22 12:00:00', '乙腈 =色谱纯', '', "'已引用"])('leaves %j as it is', (s) => {
    expect(neutraliseCell(s)).toBe(s);
  });
});
