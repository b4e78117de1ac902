/**
 * Who may call a route. Every route declares one (app.ts refuses to start otherwise):
 *  - 'public'            anyone with a valid signature (the basic client credential is enough)
 *  - 'login'             any logged-in account
 *  - { perm }            a logged-in account holding the named permission
 *  - { accountTypes }    a logged-in account of one of these types (0 admin, 1 buyer, 2 supplier)
 */
export type Access = 'public' | 'login' | { perm: string } | { accountTypes: number[] } | { perm: string; accountTypes: number[] };

/** Data scope of a role, widest first. A caller's scope is the widest of their roles. */
export const SCOPES = ['all', 'institute', 'dept', 'team', 'self'] as const;
export type DataScope = (typeof SCOPES)[number];

export const widestScope = (scopes: string[]): DataScope => {
  let best = SCOPES.length - 1;
  for (const s of scopes) {
    const i = SCOPES.indexOf(s as DataScope);
    if (i >= 0 && i < best) best = i;
  }
  return SCOPES[best];
};

/** true when scope a is at least as wide as b */
export const scopeCovers = (a: DataScope, b: DataScope) => SCOPES.indexOf(a) <= SCOPES.indexOf(b);

export interface Caller {
  userId: number;
  userName: string;
  accountType: number;
  instituteId: number | null;
  supplierId: number | null;
  /** the current department, with its tree path for "department and below" */
  deptId: number | null;
  deptPath: string | null;
  teamId: number | null;
  roleIds: number[];
  perms: Set<string>;
  dataScope: DataScope;
  fid: string;
  /** version of roles and grants this request saw (caches of derived data key on it) */
  aclVersion: string | null;
}

/** Named permissions checked by routes; the web mirrors them in its route table. */
export const Perm = {
  USER_VIEW: 'uac:user:view',
  USER_MANAGE: 'uac:user:manage',
  ROLE_MANAGE: 'uac:role:manage',
  RESOURCE_MANAGE: 'uac:resource:manage',
  DEPT_MANAGE: 'uac:dept:manage',
  LIMIT_MANAGE: 'uac:limit:manage',
  OUTBOX_VIEW: 'uac:outbox:view',
  AUDIT_VIEW: 'uac:audit:view',
  SUPPLIER_REVIEW: 'uac:supplier:review',
  NOTICE_MANAGE: 'content:notice:manage',
  PAGE_CONFIG_MANAGE: 'content:page:manage',
  HELP_MANAGE: 'content:help:manage',
  ORDER_BUY: 'mall:order:buy',
  ADDRESS: 'mall:address',
  FAVORITE: 'mall:favorite',
  BUY_TIP_MANAGE: 'mall:buyTip:manage',
  ORDER_APPROVE: 'mall:order:approve',
  ORDER_CHECK: 'mall:order:check',
  ORDER_FINANCE: 'mall:order:finance',
  EXPRESS_MANAGE: 'mall:expChannel:manage',
  APPROVAL_MANAGE: 'mall:approval:manage',
  SUPPLIER_DELIVER: 'supplier:order:deliver',
} as const;
