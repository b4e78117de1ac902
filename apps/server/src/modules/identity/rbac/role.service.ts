import type { RoleAddBody, RoleUpdateBody, RoleVO } from '@kc/contracts/identity/rbac';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { type Caller, type DataScope, scopeCovers } from '../../../platform/auth/access.ts';
import { isPlatformAdmin, sideOf } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { RoleRepository, RoleRow } from './role.repository.ts';
import type { RoleGrants } from './role-grants.ts';

/** The one thing roles need from the users module: a user the caller may see, or nothing. */
export interface UserLookup {
  visibleUser(c: Caller, id: number): Promise<{ id: number; accountType: number } | undefined>;
}

export interface RoleDeps {
  roles: RoleRepository;
  roleGrants: RoleGrants;
  users: UserLookup;
  callers: CallerCache;
}

export const toRoleVO = (r: RoleRow): RoleVO => ({
  id: r.id,
  name: r.name,
  code: r.code,
  dataScope: r.data_scope,
  side: r.side,
  instituteId: r.institute_id,
  builtIn: r.built_in === 1,
  remark: r.remark,
  createdAt: r.created_at,
});

/** Roles: listing, editing, and handing them to users. Permission 'uac:role:manage' is checked by the routes. */
export class RoleService {
  constructor(private readonly d: RoleDeps) {}

  async page(c: Caller, name: string | undefined, current: number, size: number) {
    const { total, records } = await this.d.roles.page(this.d.roleGrants.visibility(c), name, (current - 1) * size, size);
    return { records: records.map(toRoleVO), total, current, size };
  }

  /** A role the caller may see; anything else is "not found" so other institutes' roles stay unseen. */
  async visibleRole(c: Caller, id: number) {
    const r = await this.d.roles.findVisible(this.d.roleGrants.visibility(c), id);
    if (!r) return fail('NOT_FOUND', '角色不存在');
    return r;
  }

  async get(c: Caller, id: number) {
    return toRoleVO(await this.visibleRole(c, id));
  }

  /** A role the caller may change: seen by them, not built in, and of their institute unless they are platform admin. */
  async manageableRole(c: Caller, id: number) {
    const r = await this.visibleRole(c, id);
    if (r.built_in === 1) fail('BAD_REQUEST', '内置角色为只读，不能修改、删除或重新授权');
    if (!isPlatformAdmin(c) && (r.institute_id === null || r.institute_id !== c.instituteId)) fail('NOT_FOUND', '角色不存在');
    return r;
  }

  private checkScope(c: Caller, scope: string) {
    if (!scopeCovers(c.dataScope, scope as DataScope)) fail('FORBIDDEN', '角色的数据范围不能大于您本人的数据范围');
  }

  async add(c: Caller, b: RoleAddBody, ip: string) {
    this.checkScope(c, b.dataScope);
    const admin = isPlatformAdmin(c);
    if (!admin && b.side !== undefined && b.side !== sideOf(c.accountType)) fail('FORBIDDEN', '只能创建本端的角色');
    if (!admin && b.instituteId !== undefined && b.instituteId !== c.instituteId) fail('FORBIDDEN', '只能为本所创建角色');
    const instituteId = admin ? (b.instituteId ?? null) : c.instituteId;
    const supplierId = admin ? null : c.supplierId;
    if (!admin && instituteId === null && supplierId === null) fail('FORBIDDEN', '您不属于任何研究所，不能创建角色');
    if (instituteId !== null && !(await this.d.roles.instituteExists(instituteId))) fail('NOT_FOUND', '研究所不存在');
    const side = admin ? (b.side ?? 1) : sideOf(c.accountType);
    const row = await this.d.roles.transaction(async (trx) => {
      if (await this.d.roles.codeTaken(b.code, instituteId, null, trx)) fail('DUPLICATE', `角色编码 ${b.code} 已存在`);
      const id = await this.d.roles.insert(trx, {
        name: b.name,
        code: b.code,
        dataScope: b.dataScope,
        side,
        instituteId,
        supplierId,
        remark: b.remark ?? null,
      });
      await writeAudit(trx, { userId: c.userId, action: 'role.add', target: `role:${id}`, detail: { ...b, side, instituteId }, ip });
      return this.d.roles.findById(id, trx);
    });
    return toRoleVO(row as RoleRow);
  }

  async update(c: Caller, b: RoleUpdateBody, ip: string) {
    const r = await this.manageableRole(c, b.id);
    this.checkScope(c, b.dataScope);
    const row = await this.d.roles.transaction(async (trx) => {
      if (await this.d.roles.codeTaken(b.code, r.institute_id, r.id, trx)) fail('DUPLICATE', `角色编码 ${b.code} 已存在`);
      if (!(await this.d.roles.update(trx, r.id, { name: b.name, code: b.code, dataScope: b.dataScope, remark: b.remark ?? null })))
        fail('NOT_FOUND', '角色不存在');
      await writeAudit(trx, {
        userId: c.userId,
        action: 'role.update',
        target: `role:${r.id}`,
        detail: { before: { name: r.name, code: r.code, dataScope: r.data_scope, remark: r.remark }, after: b },
        ip,
      });
      return this.d.roles.findById(r.id, trx);
    });
    // the data scope of every holder may have changed
    await this.d.callers.invalidate();
    return toRoleVO(row as RoleRow);
  }

  async delete(c: Caller, id: number, ip: string) {
    const r = await this.manageableRole(c, id);
    await this.d.roles.transaction(async (trx) => {
      // refuse rather than silently strip the role from people
      const holders = await this.d.roles.countHolders(r.id, trx);
      if (holders > 0) fail('BAD_REQUEST', `该角色已分配给 ${holders} 名用户，请先取消分配后再删除`);
      if (!(await this.d.roles.delete(trx, r.id))) fail('NOT_FOUND', '角色不存在');
      await writeAudit(trx, { userId: c.userId, action: 'role.delete', target: `role:${r.id}`, detail: { name: r.name, code: r.code }, ip });
    });
    await this.d.callers.invalidate();
  }

  private async visibleUser(c: Caller, userId: number) {
    const u = await this.d.users.visibleUser(c, userId);
    if (!u) return fail('NOT_FOUND', '用户不存在');
    return u;
  }

  async userRoles(c: Caller, userId: number) {
    await this.visibleUser(c, userId);
    return { userId, roleIds: await this.d.roles.userRoleIds(userId) };
  }

  /**
   * Replaces the roles of a user the caller may see, with roles the caller may hand out. Roles the user
   * holds that the caller could not have granted stay as they are: a caller changes only what they control.
   */
  async setUserRoles(c: Caller, userId: number, roleIds: number[], ip: string) {
    const u = await this.visibleUser(c, userId);
    const admin = isPlatformAdmin(c);
    if (!admin && u.id === c.userId) fail('FORBIDDEN', '不能修改自己的角色，请联系上级管理员');
    const side = sideOf(u.accountType);
    const wanted = await this.d.roleGrants.assertAssignable(c, roleIds, side);
    const before = await this.d.roles.userRoleIds(u.id);
    let kept: number[] = [];
    if (!admin) {
      const current = await this.d.roles.byIds(before);
      const may = await this.d.roleGrants.assignable(c, current, side);
      kept = current.filter((r) => !may(r)).map((r) => r.id);
    }
    const after = [...new Set([...wanted.map((r) => r.id), ...kept])].sort((a, b) => a - b);
    await this.d.roles.transaction(async (trx) => {
      await this.d.roles.replaceUserRoles(trx, u.id, after);
      await writeAudit(trx, { userId: c.userId, action: 'role.setUserRoles', target: `user:${u.id}`, detail: { before, after }, ip });
    });
    await this.d.callers.invalidate();
    return { userId: u.id, roleIds: after };
  }
}
