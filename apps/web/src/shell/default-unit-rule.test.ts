import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_HIDDEN_ROUTES, type DefaultUnitContext, shouldOfferDefaultUnit } from './default-unit-rule.ts';

const base: DefaultUnitContext = {
  path: '/cass/dashbord',
  loggedIn: true,
  accountType: 1,
  defaultDept: null,
  optionalCount: 2,
  dismissed: false,
  printRoute: false,
};

describe('default-unit dialog (docs/domains/identity.md#default-unit-dialog)', () => {
  it('is offered with several units and no default', () => {
    expect(shouldOfferDefaultUnit(base)).toBe(true);
  });
  it('is not offered with a default, one unit, or logged out', () => {
    expect(shouldOfferDefaultUnit({ ...base, defaultDept: 5 })).toBe(false);
    expect(shouldOfferDefaultUnit({ ...base, optionalCount: 1 })).toBe(false);
    expect(shouldOfferDefaultUnit({ ...base, loggedIn: false })).toBe(false);
  });
  it('is hidden on each route the spec lists', () => {
    expect(Object.keys(DEFAULT_UNIT_HIDDEN_ROUTES)).toEqual([
      'login',
      'supplierRegister',
      'resetPwd',
      'UnFreeze',
      'appPrivacyPolicy',
      'CassServiceSSoToLogin',
      'CaasPrivacyPolicy',
      'CaasLoginPrivacyPolicy',
    ]);
    for (const path of Object.values(DEFAULT_UNIT_HIDDEN_ROUTES)) expect(shouldOfferDefaultUnit({ ...base, path })).toBe(false);
  });
  it('is hidden on print pages, for suppliers, and once dismissed', () => {
    expect(shouldOfferDefaultUnit({ ...base, printRoute: true })).toBe(false);
    expect(shouldOfferDefaultUnit({ ...base, accountType: 2 })).toBe(false);
    expect(shouldOfferDefaultUnit({ ...base, dismissed: true })).toBe(false);
  });
});
