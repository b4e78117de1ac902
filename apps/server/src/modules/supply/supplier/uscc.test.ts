import { isValidUscc, usccCheckChar, usccProblem } from '@kc/contracts/platform/uscc';
import { CreditCode } from '@kc/contracts/supply/supplier-registration';
import { describe, expect, it } from 'vitest';

/** GB 32100-2015 check character of the 统一社会信用代码, on published codes of real companies. */
describe('统一社会信用代码', () => {
  const real = [
    '91440300708461136T', // 深圳市腾讯计算机系统有限公司
    '914403001922038216', // 华为技术有限公司
    '91330100799655058B', // 阿里巴巴（中国）有限公司
    '91110000802100433B', // 北京百度网讯科技有限公司
  ];

  it('accepts real codes and computes their check character', () => {
    for (const c of real) {
      expect(isValidUscc(c)).toBe(true);
      expect(usccCheckChar(c.slice(0, 17))).toBe(c[17]);
    }
  });

  it('refuses a changed check character, a changed body character and a swapped pair', () => {
    expect(isValidUscc('91440300708461136U')).toBe(false);
    expect(isValidUscc('91440300708461137T')).toBe(false);
    expect(isValidUscc('91440300708416136T')).toBe(false);
    expect(usccProblem('91440300708461136U')).toBe('统一社会信用代码校验位不正确，请核对');
  });

  it('refuses the letters the code never uses (I, O, Z, S, V), lower case and wrong lengths', () => {
    for (const bad of ['9144030070846113I6', '91440300708461136O', '9144030070846113ZT', '9144030070846113ST', '9144030070846113VT']) {
      expect(isValidUscc(bad)).toBe(false);
      expect(usccProblem(bad)).toMatch(/格式不正确|校验位/);
    }
    expect(isValidUscc('91330100799655058b')).toBe(false);
    expect(usccProblem('9144030070846113')).toBe('统一社会信用代码应为 18 位');
    expect(usccProblem('')).toBe('统一社会信用代码应为 18 位');
    expect(usccCheckChar('9144030070846113')).toBeNull();
  });

  it('the administrative division part is six digits', () => {
    expect(isValidUscc(`9144A300708461136${usccCheckChar('9144A300708461136')}`)).toBe(false);
  });

  it('is checked by the request schema, so every body carrying a code refuses a wrong one', () => {
    expect(CreditCode.safeParse(' 91440300708461136T ').success).toBe(true);
    const r = CreditCode.safeParse('91440300708461136U');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('统一社会信用代码校验位不正确，请核对');
  });
});
