import { companyKey } from '@kc/contracts/supply/supplier-company';
import { isValidCreditCode } from '@kc/contracts/supply/supplier-registration';

/** Same rules as the server's SupplierRegisterBody. */
export const USER_NAME_RULE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const CREDIT_CODE_SHAPE = /^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/;

/** The core company name the duplicate check compares (docs/domains/supply.md#company-name-key), shown under the input. */
export function companyCoreName(name: string): string {
  return companyKey(name.trim());
}

/** null when valid, else the message to show. */
export function creditCodeProblem(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (!code) return '请输入统一社会信用代码';
  if (!CREDIT_CODE_SHAPE.test(code)) return '统一社会信用代码格式不正确（18 位数字或大写字母）';
  if (!isValidCreditCode(code)) return '统一社会信用代码校验位不正确，请核对';
  return null;
}
