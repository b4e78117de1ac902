/**
 * Who may call a route. Every route declares one (app.ts refuses to start otherwise):
 *  - 'public'            anyone with a valid signature (the basic client credential is enough)
 *  - 'login'             any logged-in account
 *  - { perm }            a logged-in account holding the named permission
 *  - { accountTypes }    a logged-in account of one of these types (0 admin, 1 buyer, 2 supplier)
 *  - { perm, flag }      holding the permission, and the page flag (docs/domains/identity.md#permission-data: add, modify, delete, export) on
 *                        the page `page` (default: the permission's own page) from one of the caller's roles;
 *                        the web hides the same buttons from the same flags
 */
export type PageFlag = 'add' | 'modify' | 'delete' | 'export';
export type Access =
  | 'public'
  | 'login'
  | { perm: string }
  | { accountTypes: number[] }
  | { perm: string; accountTypes: number[] }
  | { perm: string; flag: PageFlag; page?: string };

/** The flags in Chinese, for refusals and the OpenAPI document. */
export const PAGE_FLAG_TEXT: Record<PageFlag, string> = { add: '新增', modify: '编辑', delete: '删除', export: '导出' };
export const PAGE_FLAG_MESSAGE: Record<PageFlag, string> = {
  add: '您没有该页面的新增权限',
  modify: '您没有该页面的编辑权限',
  delete: '您没有该页面的删除权限',
  export: '您没有该页面的导出权限',
};

/** The key of a page flag in Caller.pageFlags. */
export const pageFlagKey = (permCode: string, flag: PageFlag) => `${permCode}#${flag}`;

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
  /** the account still holds its initial password: only the password change and the session's own calls are served */
  mustChangePassword: boolean;
  /** page flags the caller's roles grant, as pageFlagKey(perm, flag) */
  pageFlags: Set<string>;
  dataScope: DataScope;
  fid: string;
  /** version of roles and grants this request saw (caches of derived data key on it) */
  aclVersion: string | null;
}

/** Named permissions checked by routes (defined in the contracts, shared with the web). */
export { Perm } from '@kc/contracts/platform/permissions';
