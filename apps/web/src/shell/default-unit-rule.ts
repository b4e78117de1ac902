/**
 * docs/domains/identity.md#default-unit-dialog: the default-unit dialog is hidden on these routes (route names of the spec, with
 * the paths they have here).
 */
export const DEFAULT_UNIT_HIDDEN_ROUTES: Record<string, string> = {
  login: '/login',
  supplierRegister: '/cassSupplierRegister',
  resetPwd: '/resetPwd',
  UnFreeze: '/UnFreeze',
  appPrivacyPolicy: '/platform/secret_service_show.lf',
  CassServiceSSoToLogin: '/CassServiceSSoToLogin',
  CaasPrivacyPolicy: '/platform/cass_secret_service_show',
  CaasLoginPrivacyPolicy: '/CassLoginPrivacyPolicy',
};

const HIDDEN_PATHS = new Set(Object.values(DEFAULT_UNIT_HIDDEN_ROUTES));

export interface DefaultUnitContext {
  path: string;
  loggedIn: boolean;
  accountType: number | null;
  defaultDept: number | null;
  optionalCount: number;
  /** the user closed the dialog in this tab */
  dismissed: boolean;
  printRoute: boolean;
}

/** Offered to a logged-in buyer with several units and no default, except on the hidden routes. */
export function shouldOfferDefaultUnit(c: DefaultUnitContext): boolean {
  if (!c.loggedIn || c.dismissed || c.printRoute || HIDDEN_PATHS.has(c.path)) return false;
  if (c.accountType === 2) return false;
  return c.defaultDept === null && c.optionalCount > 1;
}
