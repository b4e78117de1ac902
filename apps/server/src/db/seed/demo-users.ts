import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** A demo account: the user, its departments (with the team in each) and its built-in roles. */
export interface DemoUser {
  userName: string;
  realName: string;
  phone: string;
  email?: string;
  accountType: number;
  hash: string;
  instituteId?: number | null;
  supplierId?: number | null;
  parentUserId?: number | null;
  verification?: number;
  forceModify?: boolean;
  roleCodes: string[];
  depts: { deptId: number; teamId: number | null }[];
  defaultDept?: number | null;
  currentDept?: number | null;
}

/** Adds a demo account and answers its id. */
export type AddDemoUser = (u: DemoUser) => Promise<number>;

/** The writer of demo accounts in the seed's transaction; the built-in roles are read once, here. */
export async function demoUserWriter(trx: Transaction<DB>, now: string): Promise<AddDemoUser> {
  const roles = new Map((await trx.selectFrom('role').select(['id', 'code']).where('built_in', '=', 1).execute()).map((r) => [r.code, r.id]));
  const roleId = (code: string) => {
    const id = roles.get(code);
    if (id === undefined) throw new Error(`缺少内置角色 ${code}`);
    return id;
  };
  return async (u) => {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        user_name: u.userName,
        password_hash: u.hash,
        real_name: u.realName,
        nick: null,
        phone_num: u.phone,
        email: u.email ?? null,
        account_type: u.accountType,
        status: 1,
        verification: u.verification ?? 1,
        whether_force_modify_password: u.forceModify ? 1 : 0,
        institute_id: u.instituteId ?? null,
        supplier_id: u.supplierId ?? null,
        parent_user_id: u.parentUserId ?? null,
        default_dept_id: u.defaultDept ?? null,
        current_dept_id: u.currentDept ?? null,
        deleted: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const d of u.depts) await trx.insertInto('user_dept').values({ user_id: id, dept_id: d.deptId, team_id: d.teamId }).execute();
    for (const c of u.roleCodes)
      await trx
        .insertInto('user_role')
        .values({ user_id: id, role_id: roleId(c) })
        .execute();
    return id;
  };
}
