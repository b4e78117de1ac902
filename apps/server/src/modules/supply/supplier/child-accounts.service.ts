import type { ChildUserAddBody, ChildUserQuery, ChildUserUpdateBody } from '@kc/contracts/supply/supplier-accounts';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import type { SessionStore } from '../../../platform/auth/session-store.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { UserRolesService } from '../../identity/rbac/index.ts';
import type { AccountsService } from '../../identity/uac/index.ts';
import type { ChildAccountsRepository } from './child-accounts.repository.ts';

const limitMessage = (limit: number) => `子账号数量已达上限（${limit} 个），请先停用不再使用的子账号，或联系平台管理员调整上限`;

/**
 * 子账号管理: the supplier's main account opens accounts for its staff with the roles of their job
 * (店铺管理员, 订单处理, 财务开票, 商品维护), edits, disables, re-enables and resets them. Every query
 * is held to the caller's supplier; every action is written to the audit log under the account
 * that did it. The limit counts the accounts in use and holds under concurrency (the supplier row
 * is locked while counting).
 */
export class ChildAccountsService {
  constructor(
    private readonly repo: ChildAccountsRepository,
    private readonly sessions: SessionStore,
    private readonly callers: CallerCache,
    /** the accounts and their roles, written by uac and rbac inside this module's transactions */
    private readonly accounts: AccountsService,
    private readonly userRoles: UserRolesService,
  ) {}

  async page(c: Caller, q: ChildUserQuery) {
    const supplierId = ownSupplier(c);
    const [{ rows, total }, used, limit] = await Promise.all([this.repo.page(supplierId, q), this.repo.countInUse(supplierId), this.repo.limitOf(supplierId)]);
    const roles = await this.repo.rolesOf(rows.map((r) => r.id));
    return {
      records: rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        realName: r.real_name,
        phoneNum: r.phone_num,
        email: r.email,
        status: r.status,
        mustChangePassword: r.whether_force_modify_password === 1,
        roles: roles.filter((x) => x.user_id === r.id).map((x) => ({ id: x.id, name: x.name, code: x.code })),
        createdAt: r.created_at,
      })),
      total,
      current: q.current,
      size: q.size,
      used,
      limit,
    };
  }

  roles(c: Caller) {
    return this.repo.assignableRoles(ownSupplier(c));
  }

  /** getRoleByUserId: the roles of an account of the caller's own supplier. */
  async rolesOfUser(c: Caller, userId: number) {
    const supplierId = ownSupplier(c);
    if (userId !== c.userId && !(await this.repo.child(supplierId, userId))) return fail('NOT_FOUND', '子账号不存在');
    return (await this.repo.rolesOf([userId])).map((r) => ({ id: r.id, name: r.name, code: r.code }));
  }

  private async checkRoles(supplierId: number, roleIds: number[]) {
    const allowed = new Set((await this.repo.assignableRoles(supplierId)).map((r) => r.id));
    if (roleIds.some((id) => !allowed.has(id))) fail('BAD_REQUEST', '只能分配供应商子账号角色');
    return [...new Set(roleIds)];
  }

  private async mustChild(supplierId: number, id: number) {
    return (await this.repo.child(supplierId, id)) ?? fail('NOT_FOUND', '子账号不存在');
  }

  async add(w: Who, b: ChildUserAddBody) {
    const supplierId = ownSupplier(w.caller);
    const roleIds = await this.checkRoles(supplierId, b.roleIds);
    const hash = await hashPassword(b.password);
    const id = await this.repo.inTransaction(async (r, trx) => {
      await r.lockSupplier(supplierId);
      const limit = await r.limitOf(supplierId);
      if ((await r.countInUse(supplierId)) >= limit) fail('LIMIT_REACHED', limitMessage(limit));
      if (await r.userNameTaken(b.userName)) fail('DUPLICATE_USER');
      const userId = await this.accounts.within(trx).create({
        userName: b.userName,
        passwordHash: hash,
        realName: b.realName,
        phoneNum: b.phoneNum,
        email: b.email ?? null,
        accountType: 2,
        verification: 1,
        // the main account chose the password: the person it belongs to changes it at first login
        mustChangePassword: true,
        supplierId,
        parentUserId: w.caller.userId,
      });
      await this.userRoles.within(trx).grant(userId, roleIds);
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'supplier.child.add',
        target: `user:${userId}`,
        detail: { userName: b.userName, roleIds },
        ip: w.ip,
      });
      return userId;
    });
    return { id };
  }

  async update(w: Who, b: ChildUserUpdateBody) {
    const supplierId = ownSupplier(w.caller);
    await this.mustChild(supplierId, b.id);
    const roleIds = await this.checkRoles(supplierId, b.roleIds);
    await this.repo.inTransaction(async (_r, trx) => {
      await this.accounts.within(trx).change(b.id, { realName: b.realName, phoneNum: b.phoneNum, email: b.email ?? null });
      await this.userRoles.within(trx).replace(b.id, roleIds);
      await writeAudit(trx, { userId: w.caller.userId, action: 'supplier.child.update', target: `user:${b.id}`, detail: { roleIds }, ip: w.ip });
    });
    // the account's menus and permissions change with its roles
    await this.callers.invalidate();
  }

  async setEnabled(w: Who, id: number, enabled: boolean) {
    const supplierId = ownSupplier(w.caller);
    const child = await this.mustChild(supplierId, id);
    if (enabled === (child.status !== 0)) fail('STATE_CONFLICT', enabled ? '该子账号已是启用状态' : '该子账号已停用');
    await this.repo.inTransaction(async (r, trx) => {
      if (enabled) {
        // re-enabling takes a place under the limit again
        await r.lockSupplier(supplierId);
        const limit = await r.limitOf(supplierId);
        if ((await r.countInUse(supplierId)) >= limit) fail('LIMIT_REACHED', limitMessage(limit));
      }
      await this.accounts.within(trx).change(id, { status: enabled ? 1 : 0 });
      await writeAudit(trx, { userId: w.caller.userId, action: enabled ? 'supplier.child.enable' : 'supplier.child.disable', target: `user:${id}`, ip: w.ip });
    });
    await this.callers.invalidate();
    // a disabled account is logged out everywhere at once
    if (!enabled) await this.sessions.revokeUser(id);
  }

  async resetPassword(w: Who, id: number, password: string) {
    const supplierId = ownSupplier(w.caller);
    await this.mustChild(supplierId, id);
    const hash = await hashPassword(password);
    await this.repo.inTransaction(async (_r, trx) => {
      await this.accounts.within(trx).change(id, { passwordHash: hash, mustChangePassword: true });
      await writeAudit(trx, { userId: w.caller.userId, action: 'supplier.child.resetPassword', target: `user:${id}`, ip: w.ip });
    });
    await this.callers.invalidate();
    await this.sessions.revokeUser(id);
  }
}
