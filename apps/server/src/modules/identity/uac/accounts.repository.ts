import type { Updateable } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { AccountChanges, NewAccount } from './account-writes.ts';

/** SQL of opening an account (app_user and its departments) and changing its fields, on the caller's executor. */
export class AccountsRepository {
  constructor(private readonly db: Executor) {}

  within(trx: Executor) {
    return new AccountsRepository(trx);
  }

  async insert(a: NewAccount) {
    const at = a.at ?? nowIso();
    const defaultDeptId = a.defaultDeptId ?? null;
    const { id } = await this.db
      .insertInto('app_user')
      .values({
        user_name: a.userName,
        password_hash: a.passwordHash,
        real_name: a.realName,
        nick: null,
        phone_num: a.phoneNum,
        email: a.email,
        account_type: a.accountType,
        status: 1,
        verification: a.verification,
        whether_force_modify_password: a.mustChangePassword ? 1 : 0,
        institute_id: a.instituteId ?? null,
        supplier_id: a.supplierId ?? null,
        parent_user_id: a.parentUserId ?? null,
        default_dept_id: defaultDeptId,
        current_dept_id: defaultDeptId,
        deleted: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (a.depts?.length)
      await this.db
        .insertInto('user_dept')
        .values(a.depts.map((d) => ({ user_id: id, dept_id: d.deptId, team_id: d.teamId })))
        .execute();
    return id;
  }

  async update(id: number, c: AccountChanges) {
    const set: Updateable<DB['app_user']> = { updated_at: nowIso() };
    if (c.userName !== undefined) set.user_name = c.userName;
    if (c.realName !== undefined) set.real_name = c.realName;
    if (c.phoneNum !== undefined) set.phone_num = c.phoneNum;
    if (c.email !== undefined) set.email = c.email;
    if (c.verification !== undefined) set.verification = c.verification;
    if (c.status !== undefined) set.status = c.status;
    if (c.passwordHash !== undefined) set.password_hash = c.passwordHash;
    if (c.mustChangePassword !== undefined) set.whether_force_modify_password = c.mustChangePassword ? 1 : 0;
    await this.db.updateTable('app_user').set(set).where('id', '=', id).execute();
  }
}
