import type { AdminUserDetail, AdminUserVO, UserAddBody } from '@kc/contracts/identity/org';
import { UserName } from '@kc/contracts/identity/org';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin, sideOf, targetInstitute } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import type { SessionStore } from '../../../platform/auth/session-store.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { AppError, fail } from '../../../platform/http/errors.ts';
import type { DeptService, LimitsService } from '../org/index.ts';
import type { RbacAccess, UserRolesService } from '../rbac/index.ts';
import type { AccountsService } from './accounts.service.ts';
import type { AdminUserRow, UserAdminRepository, UserFilters } from './user-admin.repository.ts';

export interface UserAdminDeps {
  users: UserAdminRepository;
  depts: DeptService;
  limits: LimitsService;
  roleGrants: Pick<RbacAccess, 'assertAssignable' | 'allAssignable'>;
  accounts: AccountsService;
  userRoles: UserRolesService;
  sessions: SessionStore;
  callers: CallerCache;
}

const DUPLICATE_NAME_MESSAGE = '该用户已经被注册过!';

/** User administration of /uac/v1/caas-user: scoped lists and details, creation, soft deletion, name checks, the user count limit. */
export class UserAdminService {
  constructor(private readonly d: UserAdminDeps) {}

  private async withLinks(rows: AdminUserRow[]): Promise<AdminUserVO[]> {
    const ids = rows.map((r) => r.id);
    const [depts, roles] = await Promise.all([this.d.users.deptsOf(ids), this.d.users.rolesOf(ids)]);
    return rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      realName: r.real_name,
      nick: r.nick,
      phoneNum: r.phone_num,
      email: r.email,
      accountType: r.account_type,
      status: r.status,
      instituteId: r.institute_id,
      instituteName: r.institute_name,
      depts: depts.filter((d) => d.user_id === r.id).map((d) => ({ id: d.id, deptName: d.name, teamId: d.team_id, teamName: d.team_name })),
      roles: roles.filter((x) => x.user_id === r.id).map((x) => ({ id: x.id, name: x.name, code: x.code })),
      createdAt: r.created_at,
    }));
  }

  async page(c: Caller, f: UserFilters, current: number, size: number) {
    const { total, records } = await this.d.users.page(c, f, (current - 1) * size, size);
    return { records: await this.withLinks(records), total, current, size };
  }

  private async mustSee(c: Caller, id: number) {
    const u = await this.d.users.findVisible(c, id);
    if (!u) return fail('NOT_FOUND', '用户不存在');
    return u;
  }

  /** Out-of-scope ids answer 404 exactly like missing ones: another institute's users are never revealed. */
  async detail(c: Caller, id: number): Promise<AdminUserDetail> {
    const u = await this.mustSee(c, id);
    const [vo] = await this.withLinks([u]);
    return {
      ...vo,
      defaultDept: u.default_dept_id,
      currentDept: u.current_dept_id,
      verification: u.verification,
      whetherForceModifyPassword: u.whether_force_modify_password === 1,
    };
  }

  /** For the roles module (UserLookup). */
  async visibleUser(c: Caller, id: number) {
    const u = await this.d.users.findVisible(c, id);
    return u ? { id: u.id, accountType: u.account_type } : undefined;
  }

  async add(c: Caller, b: UserAddBody, ip: string) {
    const accountType = b.accountType ?? 1;
    if (accountType === 0 && !isPlatformAdmin(c)) fail('FORBIDDEN', '只有平台管理员可以创建管理员账号');
    const m = await this.d.depts.resolveMembership(c, b.deptIds, b.teamId);
    await this.d.roleGrants.assertAssignable(c, b.roleIds, sideOf(accountType));
    if (await this.d.users.userNameTaken(b.userName)) fail('DUPLICATE_USER', DUPLICATE_NAME_MESSAGE);
    const passwordHash = await hashPassword(b.password);
    const inst = m.instituteId;
    let id: number;
    try {
      id = await this.d.users.transaction(async (trx) => {
        if (inst !== null) await this.d.limits.within(trx).enforce('instituteUserCount', inst, () => this.d.users.countLive(inst, trx));
        if (await this.d.users.userNameTaken(b.userName, trx)) fail('DUPLICATE_USER', DUPLICATE_NAME_MESSAGE);
        const id = await this.d.accounts.within(trx).create({
          userName: b.userName,
          passwordHash,
          realName: b.realName,
          phoneNum: b.phoneNum,
          email: b.email ?? null,
          accountType,
          // created by an administrator of the institute: the identity is vouched for; platform-department accounts are not
          verification: inst === null ? 0 : 1,
          // an initial password set by someone else must be replaced at first login
          mustChangePassword: true,
          instituteId: inst,
          // one department: it is the default and current one; several: the user chooses at login
          defaultDeptId: m.deptIds.length === 1 ? m.deptIds[0] : null,
          depts: m.deptIds.map((deptId) => ({ deptId, teamId: deptId === m.teamDeptId ? m.teamId : null })),
        });
        await this.d.userRoles.within(trx).grant(id, [...new Set(b.roleIds)]);
        const { password: _p, ...safe } = b;
        await writeAudit(trx, { userId: c.userId, action: 'user.add', target: `user:${id}`, detail: safe, ip });
        return id;
      });
    } catch (err) {
      if (!(err instanceof AppError) && isUniqueViolation(err)) fail('DUPLICATE_USER', DUPLICATE_NAME_MESSAGE);
      throw err;
    }
    await this.d.callers.invalidate();
    return this.detail(c, id);
  }

  /** Soft delete: the account stays for history (orders keep their buyer), every session ends. */
  async delete(c: Caller, id: number, ip: string) {
    const u = await this.mustSee(c, id);
    if (u.id === c.userId) fail('BAD_REQUEST', '不能删除自己的账号');
    if (!isPlatformAdmin(c)) {
      // nobody removes an account whose roles they could not have granted themselves
      const side = sideOf(u.account_type);
      if (!(await this.d.roleGrants.allAssignable(c, await this.d.users.roleIdsOf(u.id), side))) fail('FORBIDDEN', '该用户拥有超出您权限的角色，不能删除');
    }
    await this.d.users.transaction(async (trx) => {
      if (!(await this.d.users.softDelete(trx, u.id))) fail('NOT_FOUND', '用户不存在');
      await writeAudit(trx, { userId: c.userId, action: 'user.delete', target: `user:${u.id}`, detail: { userName: u.user_name }, ip });
    });
    await this.d.sessions.revokeUser(u.id);
    await this.d.callers.invalidate();
  }

  /** For administrators creating accounts: format and availability. */
  async userNameValid(userName: string) {
    const f = UserName.safeParse(userName);
    if (!f.success) return { valid: false, message: f.error.issues[0]?.message ?? '用户名格式不正确' };
    if (await this.d.users.userNameTaken(userName)) return { valid: false, message: DUPLICATE_NAME_MESSAGE };
    return { valid: true, message: '用户名可用' };
  }

  /** For the login page: the format only. Saying whether a name exists would let anyone enumerate accounts. */
  loginUserNameValid(userName: string) {
    return { valid: UserName.safeParse(userName).success };
  }

  async countLimit(c: Caller, instituteId: number | undefined) {
    const inst = targetInstitute(c, instituteId);
    const limit = await this.d.limits.limitOf('instituteUserCount', inst);
    return { instituteId: inst, limit, used: inst === null ? 0 : await this.d.users.countLive(inst) };
  }

  async setCountLimit(c: Caller, instituteId: number | undefined, limit: number, ip: string) {
    await this.d.limits.set(c, 'instituteUserCount', instituteId ?? null, limit, ip);
    return this.countLimit(c, instituteId);
  }
}
