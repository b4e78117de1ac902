import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type Caller, type PageFlag, pageFlagKey, widestScope } from './access.ts';

export type CallerBase = Omit<Caller, 'fid' | 'aclVersion'>;

/** Loads what access control needs about a user; null when the user is gone or not active. */
export async function loadCaller(db: Kysely<DB>, uid: number): Promise<CallerBase | { inactive: number } | null> {
  const u = await db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'account_type', 'institute_id', 'supplier_id', 'current_dept_id', 'status', 'deleted', 'whether_force_modify_password'])
    .where('id', '=', uid)
    .executeTakeFirst();
  if (!u || u.deleted) return null;
  if (u.status !== 1) return { inactive: u.status };
  const [dept, roles, perms] = await Promise.all([
    u.current_dept_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('user_dept')
          .innerJoin('dept', 'dept.id', 'user_dept.dept_id')
          .select(['dept.id', 'dept.path', 'user_dept.team_id'])
          .where('user_dept.user_id', '=', uid)
          .where('user_dept.dept_id', '=', u.current_dept_id)
          .executeTakeFirst(),
    db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['role.id', 'role.data_scope'])
      .where('user_role.user_id', '=', uid)
      .execute(),
    db
      .selectFrom('user_role')
      .innerJoin('authority', 'authority.role_id', 'user_role.role_id')
      .innerJoin('resource', 'resource.id', 'authority.resource_id')
      .select(['resource.perm_code', 'authority.add_flag', 'authority.modify_flag', 'authority.delete_flag', 'authority.export_flag'])
      .where('user_role.user_id', '=', uid)
      .where('resource.perm_code', 'is not', null)
      .execute(),
  ]);
  return {
    userId: u.id,
    userName: u.user_name,
    accountType: u.account_type,
    instituteId: u.institute_id,
    supplierId: u.supplier_id,
    deptId: dept?.id ?? null,
    deptPath: dept?.path ?? null,
    teamId: dept?.team_id ?? null,
    roleIds: roles.map((r) => r.id),
    mustChangePassword: u.whether_force_modify_password === 1,
    perms: new Set(perms.map((p) => p.perm_code as string)),
    // several roles may grant one page: any role's flag is enough (as getUserAllInfo reports it)
    pageFlags: new Set(
      perms.flatMap((p) =>
        (
          [
            ['add', p.add_flag],
            ['modify', p.modify_flag],
            ['delete', p.delete_flag],
            ['export', p.export_flag],
          ] as [PageFlag, number][]
        )
          .filter(([, on]) => on === 1)
          .map(([f]) => pageFlagKey(p.perm_code as string, f)),
      ),
    ),
    dataScope: widestScope(roles.map((r) => r.data_scope)),
  };
}
