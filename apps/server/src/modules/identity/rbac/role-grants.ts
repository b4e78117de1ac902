import { type Caller, type DataScope, scopeCovers } from '../../../platform/auth/access.ts';
import { isPlatformAdmin, sideOf } from '../../../platform/auth/admin-scope.ts';
import { fail } from '../../../platform/http/errors.ts';
import { foldHeld, rowAsGrant, withinHeld } from './grant-rules.ts';
import type { GrantsRepository } from './grants.repository.ts';
import type { RoleRepository, RoleRow, RoleVisibility } from './role.repository.ts';

export const PLATFORM_ADMIN_ROLE = 'platform_admin';

/** Pure: the SQL visibility rule of RoleRepository, for one row already loaded. */
export function roleVisibleTo(c: Caller, r: RoleRow): boolean {
  if (isPlatformAdmin(c)) return true;
  if (r.built_in === 1 && r.side === sideOf(c.accountType) && r.institute_id === null && r.supplier_id === null) return true;
  if (r.institute_id !== null && r.institute_id === c.instituteId) return true;
  return r.supplier_id !== null && r.supplier_id === c.supplierId;
}

/**
 * Which roles a caller may hand to an account. Used by setUserRoles and by user creation, so both
 * follow one rule: granting never exceeds the granter's own rights.
 *  - the role is of the account's side;
 *  - a platform admin may hand any role;
 *  - anyone else: a role they can see, never platform_admin, no wider data scope than their own, and
 *    - a built-in role (the platform defined and vetted its grants, so institutes can staff themselves), or
 *    - a custom role whose every grant (flags and tabs included) they hold themselves.
 */
export class RoleGrants {
  constructor(
    private readonly roles: RoleRepository,
    private readonly grants: GrantsRepository,
  ) {}

  visibility(c: Caller): RoleVisibility | null {
    return isPlatformAdmin(c) ? null : { side: sideOf(c.accountType), instituteId: c.instituteId, supplierId: c.supplierId };
  }

  /** What the caller holds, folded per resource. */
  async held(c: Caller) {
    return foldHeld(await this.grants.heldBy(c.userId));
  }

  /** A predicate telling which of these roles the caller may hand to an account of `side`. */
  async assignable(c: Caller, roles: RoleRow[], side: number): Promise<(r: RoleRow) => boolean> {
    if (isPlatformAdmin(c)) return (r) => r.side === side;
    const custom = roles.filter((r) => r.built_in !== 1).map((r) => r.id);
    const [held, auths] = await Promise.all([this.held(c), this.grants.ofRoles(custom)]);
    const exceeding = new Set(auths.filter((a) => !withinHeld(rowAsGrant(a), held.get(a.resource_id))).map((a) => a.role_id));
    return (r) =>
      r.side === side &&
      r.code !== PLATFORM_ADMIN_ROLE &&
      roleVisibleTo(c, r) &&
      scopeCovers(c.dataScope, r.data_scope as DataScope) &&
      (r.built_in === 1 || !exceeding.has(r.id));
  }

  /** Loads the roles asked for and refuses the whole request when one is unknown, unseen or beyond the caller. */
  async assertAssignable(c: Caller, roleIds: number[], side: number): Promise<RoleRow[]> {
    const ids = [...new Set(roleIds)];
    const rows = await this.roles.byIds(ids);
    const seen = rows.filter((r) => roleVisibleTo(c, r));
    if (seen.length !== ids.length) fail('NOT_FOUND', '角色不存在');
    const may = await this.assignable(c, seen, side);
    const refused = seen.filter((r) => !may(r));
    if (refused.length) {
      const names = refused.map((r) => r.name).join('、');
      fail('FORBIDDEN', `无权分配角色：${names}（角色须属于该账号类型，且数据范围与权限不能超出您本人）`);
    }
    return seen;
  }

  /** True when the caller could have granted every one of these roles (e.g. before deleting their holder). */
  async allAssignable(c: Caller, roleIds: number[], side: number): Promise<boolean> {
    if (isPlatformAdmin(c)) return true;
    const rows = await this.roles.byIds(roleIds);
    const may = await this.assignable(c, rows, side);
    return rows.every(may);
  }
}
