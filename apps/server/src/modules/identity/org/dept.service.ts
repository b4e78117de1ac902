import type { DelTipData, DeptNode } from '@kc/contracts/identity/org';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin, targetInstitute } from '../../../platform/auth/admin-scope.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { PLATFORM_DEPT_ID } from '../../../platform/db/platform-dept.ts';
import { fail } from '../../../platform/http/errors.ts';
import { nestTree } from '../../../platform/tree.ts';
import type { DeptRepository, DeptRow } from './dept.repository.ts';
import { canManageDept, deleteTip } from './dept-rules.ts';
import type { LimitsService } from './limits.service.ts';

export interface DeptDeps {
  depts: DeptRepository;
  limits: LimitsService;
  callers: CallerCache;
}

const NOT_FOUND = '部门不存在';

/** Departments: the tree, its edits, the count limit, and which departments a new user may join. */
export class DeptService {
  constructor(private readonly d: DeptDeps) {}

  private async tree(instituteId: number | null): Promise<DeptNode[]> {
    const rows = await this.d.depts.listOfInstitute(instituteId);
    const teams = await this.d.depts.teamsOfDepts(rows.map((r) => r.id));
    return nestTree(
      rows.map((r) => ({ ...r, parentId: r.parent_id })),
      (r): DeptNode => ({
        id: r.id,
        deptName: r.name,
        parentId: r.parent_id,
        sort: r.sort,
        teams: teams.filter((t) => t.dept_id === r.id).map((t) => ({ id: t.id, teamName: t.name, leaderUserId: t.leader_user_id })),
        child: [],
      }),
    );
  }

  /** getInstituteDeptTree: the caller's own institute. Accounts outside any institute see the platform's departments only if platform admin. */
  async instituteTree(c: Caller) {
    if (c.instituteId === null && !isPlatformAdmin(c)) return [];
    return this.tree(c.instituteId);
  }

  /** The institutes whose trees the caller may manage: all of them for the platform admin, else the own one. */
  async institutes(c: Caller): Promise<{ id: number; name: string }[]> {
    const all = await this.d.depts.institutes();
    return all.filter((i) => isPlatformAdmin(c) || i.id === c.instituteId).map((i) => ({ id: i.id, name: i.name }));
  }

  /** The admin tree: any institute for the platform admin, the own institute for everyone else. */
  async adminTree(c: Caller, instituteId: number | undefined) {
    const inst = targetInstitute(c, instituteId);
    if (inst === null && !isPlatformAdmin(c)) return [];
    return this.tree(inst);
  }

  /** A department the caller may manage; anything else is "not found", so other institutes' ids reveal nothing. */
  private async manageable(c: Caller, id: number, as: 'parent' | 'edit'): Promise<DeptRow> {
    const dept = await this.d.depts.findActive(id);
    if (!dept || !canManageDept(c, dept, as)) return fail('NOT_FOUND', as === 'parent' ? '上级部门不存在' : NOT_FOUND);
    return dept;
  }

  async add(c: Caller, b: { parentId: number; deptName: string; sort?: number }, ip: string) {
    const parent = await this.manageable(c, b.parentId, 'parent');
    const inst = parent.institute_id;
    const made = await this.d.depts.transaction(async (trx) => {
      if (inst !== null) await this.d.limits.within(trx).enforce('deptCount', inst, () => this.d.depts.countActive(inst, trx));
      if (await this.d.depts.siblingNameTaken(parent.id, b.deptName, null, trx)) fail('DUPLICATE', `同一上级部门下已有名为「${b.deptName}」的部门`);
      const sort = b.sort ?? (await this.d.depts.nextSort(parent.id, trx));
      const { id } = await this.d.depts.insert(trx, { instituteId: inst, parentId: parent.id, parentPath: parent.path, name: b.deptName, sort });
      await writeAudit(trx, { userId: c.userId, action: 'dept.add', target: `dept:${id}`, detail: { parentId: parent.id, deptName: b.deptName, sort }, ip });
      return { id, deptName: b.deptName, parentId: parent.id, sort };
    });
    await this.d.callers.invalidate();
    return made;
  }

  async update(c: Caller, b: { id: number; deptName: string; sort?: number }, ip: string) {
    const dept = await this.manageable(c, b.id, 'edit');
    if (dept.id === PLATFORM_DEPT_ID) fail('BAD_REQUEST', '平台部门不可修改');
    const sort = b.sort ?? dept.sort;
    await this.d.depts.transaction(async (trx) => {
      if (dept.parent_id !== null && (await this.d.depts.siblingNameTaken(dept.parent_id, b.deptName, dept.id, trx)))
        fail('DUPLICATE', `同一上级部门下已有名为「${b.deptName}」的部门`);
      await this.d.depts.update(trx, dept.id, { name: b.deptName, sort });
      await writeAudit(trx, {
        userId: c.userId,
        action: 'dept.update',
        target: `dept:${dept.id}`,
        detail: { before: { deptName: dept.name, sort: dept.sort }, after: { deptName: b.deptName, sort } },
        ip,
      });
    });
    await this.d.callers.invalidate();
    return { id: dept.id, deptName: b.deptName, parentId: dept.parent_id, sort };
  }

  /** What blocks deleting a department; the tip is null when nothing does. */
  async delTip(c: Caller, id: number): Promise<{ tip: string | null; data: z.infer<typeof DelTipData> }> {
    const dept = await this.manageable(c, id, 'edit');
    const u = await this.d.depts.usage(dept.id);
    return { tip: deleteTip(u), data: u };
  }

  async delete(c: Caller, id: number, ip: string) {
    const dept = await this.manageable(c, id, 'edit');
    if (dept.id === PLATFORM_DEPT_ID) fail('BAD_REQUEST', '平台部门不可删除');
    if (dept.parent_id === null) fail('BAD_REQUEST', '研究所的根部门不能删除');
    await this.d.depts.transaction(async (trx) => {
      // checked again inside the transaction: a member may have joined since delTip
      const tip = deleteTip(await this.d.depts.usage(dept.id, trx));
      if (tip) fail('BAD_REQUEST', tip);
      if (!(await this.d.depts.deactivate(trx, dept.id))) fail('NOT_FOUND', NOT_FOUND);
      await writeAudit(trx, { userId: c.userId, action: 'dept.delete', target: `dept:${dept.id}`, detail: { deptName: dept.name, path: dept.path }, ip });
    });
    await this.d.callers.invalidate();
  }

  async countLimit(c: Caller, instituteId: number | undefined) {
    const inst = targetInstitute(c, instituteId);
    const limit = await this.d.limits.limitOf('deptCount', inst);
    return { instituteId: inst, limit, used: inst === null ? 0 : await this.d.depts.countActive(inst) };
  }

  async setCountLimit(c: Caller, instituteId: number | undefined, limit: number, ip: string) {
    await this.d.limits.set(c, 'deptCount', instituteId ?? null, limit, ip);
    return this.countLimit(c, instituteId);
  }

  /**
   * The departments a new user joins, checked against the caller's reach: all active, all manageable
   * by the caller, all of one institute; the team, if any, inside one of them.
   */
  async resolveMembership(c: Caller, deptIds: number[], teamId: number | undefined) {
    const ids = [...new Set(deptIds)];
    const rows = await this.d.depts.activeByIds(ids);
    if (rows.length !== ids.length || rows.some((r) => !canManageDept(c, r, 'parent'))) fail('NOT_FOUND', NOT_FOUND);
    const institutes = new Set(rows.map((r) => r.institute_id));
    if (institutes.size !== 1) fail('BAD_REQUEST', '用户的所有部门须属于同一研究所');
    let teamDeptId: number | null = null;
    if (teamId !== undefined) {
      const team = await this.d.depts.teamById(teamId);
      if (!team || !ids.includes(team.dept_id)) fail('BAD_REQUEST', '课题组不属于所选部门');
      teamDeptId = team?.dept_id ?? null;
    }
    return { instituteId: rows[0].institute_id, deptIds: ids, teamId: teamId ?? null, teamDeptId };
  }
}
