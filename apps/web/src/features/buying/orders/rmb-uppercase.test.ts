import { describe, expect, it } from 'vitest';
import { rmbUppercase } from './rmb-uppercase.ts';

describe('rmbUppercase', () => {
  it.each([
    [0, '零元整'],
    [500, '伍元整'],
    [123456, '壹仟贰佰叁拾肆元伍角陆分'],
    [100000, '壹仟元整'],
    [1000050, '壹万元伍角整'],
    [1050000, '壹万零伍佰元整'],
    [100000000, '壹佰万元整'],
    [1000000100, '壹仟万零壹元整'],
    [50, '伍角整'],
    [5, '伍分'],
    [1005, '壹拾元零伍分'],
    [60123405, '陆拾万壹仟贰佰叁拾肆元零伍分'],
    [10000000000, '壹亿元整'],
    [10001000000, '壹亿零壹万元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(rmbUppercase(fen)).toBe(text);
  });
});
