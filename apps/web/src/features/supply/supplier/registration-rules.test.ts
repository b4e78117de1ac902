import { describe, expect, it } from 'vitest';
import { companyCoreName, creditCodeProblem, USER_NAME_RULE } from './registration-rules.ts';

describe('supplier registration rules', () => {
  it('strips provinces and 公司/有限/有限公司 from the company name', () => {
    expect(companyCoreName('上海阿拉丁生化科技股份有限公司')).toBe('阿拉丁生化科技股份');
    expect(companyCoreName(' 北京市某某试剂有限 ')).toBe('某某试剂');
  });
  it('checks the GB 32100 check character of the credit code', () => {
    expect(creditCodeProblem('91310000132234857B')).toBeNull();
    expect(creditCodeProblem('91310000132234857C')).toBe('统一社会信用代码校验位不正确，请核对');
    expect(creditCodeProblem('123')).toMatch(/格式不正确/);
    expect(creditCodeProblem(' ')).toBe('请输入统一社会信用代码');
  });
  it('user names start with a letter, 4–32 letters, digits or underscores', () => {
    expect(USER_NAME_RULE.test('acme_2026')).toBe(true);
    expect(USER_NAME_RULE.test('2acme')).toBe(false);
    expect(USER_NAME_RULE.test('abc')).toBe(false);
  });
});
