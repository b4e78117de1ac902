import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { type DeptSeed, INSTITUTE_USERS, INSTITUTES } from './demo-institute-seeds.ts';
import type { AddDemoUser } from './demo-users.ts';

/** The demo institutes with their department trees and teams, their accounts, and each team's leader. */
export async function seedDemoInstitutes(trx: Transaction<DB>, now: string, addUser: AddDemoUser, demoHash: string) {
  for (const inst of INSTITUTES) {
    const { id: instituteId } = await trx
      .insertInto('institute')
      .values({ name: inst.name, code: inst.code, status: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deptIds = new Map<string, number>();
    const teamIds = new Map<string, number>();
    await insertDeptTree(trx, inst.tree, instituteId, null, '/', now, deptIds, teamIds);
    for (const u of INSTITUTE_USERS[inst.code]) {
      const teamId = u.team ? (teamIds.get(u.team) ?? null) : null;
      const depts = u.depts.map((name, i) => ({ deptId: mustGet(deptIds, name), teamId: i === 0 || !u.team ? teamId : null }));
      const needsChoice = depts.length > 1 && !u.defaultDept;
      const defaultDept = u.defaultDept ? mustGet(deptIds, u.defaultDept) : depts.length === 1 ? depts[0].deptId : null;
      const id = await addUser({
        userName: u.userName,
        realName: u.realName,
        phone: u.phone,
        email: u.email,
        accountType: 1,
        hash: demoHash,
        instituteId,
        roleCodes: [u.role],
        depts,
        forceModify: u.forceModify,
        defaultDept,
        currentDept: needsChoice ? null : defaultDept,
      });
      if (u.role === 'team_leader' && teamId) await trx.updateTable('team').set({ leader_user_id: id }).where('id', '=', teamId).execute();
    }
  }
}

function mustGet(m: Map<string, number>, k: string) {
  const v = m.get(k);
  if (v === undefined) throw new Error(`演示数据引用了不存在的部门：${k}`);
  return v;
}

async function insertDeptTree(
  trx: Transaction<DB>,
  node: DeptSeed,
  instituteId: number,
  parentId: number | null,
  parentPath: string,
  now: string,
  deptIds: Map<string, number>,
  teamIds: Map<string, number>,
) {
  const { id } = await trx
    .insertInto('dept')
    .values({ institute_id: instituteId, parent_id: parentId, name: node.name, path: parentPath, sort: deptIds.size, status: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parentPath}${id}/`;
  await trx.updateTable('dept').set({ path }).where('id', '=', id).execute();
  deptIds.set(node.name, id);
  for (const t of node.teams ?? []) {
    const { id: teamId } = await trx
      .insertInto('team')
      .values({ institute_id: instituteId, dept_id: id, name: t, leader_user_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.set(t, teamId);
  }
  for (const c of node.children ?? []) await insertDeptTree(trx, c, instituteId, id, path, now, deptIds, teamIds);
}
