import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { ApprovalsService, type ApproversStore } from './approvals.service.ts';
import type { FlowRole, FlowScope, FlowUser } from './approvers.repository.ts';
import { DUTY_CONFLICT_MESSAGE } from './duties.ts';
import { DEFAULT_FLOW, type FlowConfig } from './flow.ts';

/**
 * The rules of approvals on an in-memory store: who holds which role where, each institute's
 * flow. No database: these are the service's decisions, beside the HTTP tests on real engines.
 */
function fakeStore(holders: { id: number; role: FlowRole; institute: number; team?: number }[], flows: Record<number, FlowConfig> = {}) {
  let reads = 0;
  const user = (id: number): FlowUser => ({ id, real_name: `用户${id}`, user_name: `u${id}`, phone_num: null, email: null });
  const store: ApproversStore = {
    async actors(role: FlowRole, o: FlowScope, only?: number) {
      reads++;
      return holders
        .filter((h) => h.role === role && h.institute === o.institute_id && (role !== 'team' || h.team === o.team_id) && (only === undefined || h.id === only))
        .map((h) => user(h.id));
    },
    async actsAtAny(userId, roles, o) {
      for (const r of roles) if ((await store.actors(r, o, userId)).length) return true;
      return false;
    },
    async ledTeams(userId) {
      return holders.filter((h) => h.id === userId && h.role === 'team' && h.team !== undefined).map((h) => h.team as number);
    },
    async holdsRole(userId, role) {
      return holders.some((h) => h.id === userId && h.role === role);
    },
    async flow(instituteId) {
      return (instituteId !== null && flows[instituteId]) || DEFAULT_FLOW;
    },
    async saveFlow(instituteId, f) {
      flows[instituteId] = f;
    },
    async instituteExists() {
      return true;
    },
    async flowPage() {
      return { total: 0, records: [] };
    },
    inTransaction: (fn) => fn(store, {} as Transaction<DB>),
    within: () => store,
  };
  return { store, reads: () => reads };
}

const INST = 1;
const TEAM = 10;
const holders = [
  { id: 1, role: 'team' as const, institute: INST, team: TEAM },
  { id: 2, role: 'institute' as const, institute: INST },
  { id: 3, role: 'checker' as const, institute: INST },
  { id: 4, role: 'institute' as const, institute: 2 },
];
const scope = { institute_id: INST, team_id: TEAM };

describe('ApprovalsService', () => {
  it('plans the chain from the institute’s flow', async () => {
    const svc = new ApprovalsService(fakeStore(holders, { [INST]: { ...DEFAULT_FLOW, instituteThreshold: 100_000 } }).store);
    const plan = await svc.planner(scope, 'v1');
    expect(plan({ total: 50_000, hasHazard: false, parties: { placedBy: 20, placedFor: 20 } })).toEqual({
      steps: ['team'],
      reasons: [{ step: 'team', why: '课题组的采购均须课题组长审批' }],
      checkerRequired: true,
    });
    const high = plan({ total: 150_000, hasHazard: true, parties: { placedBy: 20, placedFor: 20 } });
    expect(high.steps).toEqual(['team', 'institute']);
    expect(high.reasons[1].why).toBe('金额达到 ¥1,000.00；含危险化学品');
  });

  it('sends the team leader’s own order to the institute (separation of duties)', async () => {
    const svc = new ApprovalsService(fakeStore(holders).store);
    const plan = await svc.planner(scope, 'v1');
    expect(plan({ total: 100, hasHazard: false, parties: { placedBy: 1, placedFor: 1 } }).steps).toEqual(['institute']);
    expect(plan({ total: 100, hasHazard: false, parties: { placedBy: 1, placedFor: 1 } }).reasons[0].why).toContain('课题组长不能审批本人');
    // an assistant ordering for the leader: the leader is still a party
    expect(plan({ total: 100, hasHazard: false, parties: { placedBy: 30, placedFor: 1 } }).steps).toEqual(['institute']);
  });

  it('authorises actors of the step in the document’s scope only', async () => {
    const svc = new ApprovalsService(fakeStore(holders).store);
    const parties = { placedBy: 20, placedFor: 20 };
    expect(await svc.authorise(1, 'team', scope, parties)).toBe('ok');
    expect(await svc.authorise(2, 'institute', scope, parties)).toBe('ok');
    expect(await svc.authorise(2, 'team', scope, parties)).toBe('not-actor');
    expect(await svc.authorise(4, 'institute', scope, parties)).toBe('not-actor'); // another institute's owner
    expect(await svc.authorise(1, 'team', { institute_id: INST, team_id: 99 }, parties)).toBe('not-actor');
  });

  it('never lets a party decide, even when they hold the role', async () => {
    const svc = new ApprovalsService(fakeStore(holders).store);
    expect(await svc.authorise(2, 'institute', scope, { placedBy: 2, placedFor: 2 })).toBe(DUTY_CONFLICT_MESSAGE);
    expect(await svc.authorise(3, 'checker', scope, { placedBy: 30, placedFor: 3 })).toBe(DUTY_CONFLICT_MESSAGE);
  });

  it('remembers recipients per acl version and asks again when it changes', async () => {
    const f = fakeStore(holders);
    const svc = new ApprovalsService(f.store);
    await svc.recipients('institute', scope, 'v1');
    await svc.recipients('institute', scope, 'v1');
    expect(f.reads()).toBe(1);
    await svc.recipients('institute', scope, 'v2');
    expect(f.reads()).toBe(2);
  });

  it('keeps lookups of other institutes from everyone but the platform admin', () => {
    const svc = new ApprovalsService(fakeStore(holders).store);
    const c = { accountType: 1, instituteId: INST } as Caller;
    expect(svc.lookupScope(c, { teamId: TEAM })).toEqual(scope);
    expect(() => svc.lookupScope(c, { instituteId: 2 })).toThrow();
    expect(svc.lookupScope({ accountType: 0, instituteId: null } as Caller, { instituteId: 2 })).toEqual({ institute_id: 2, team_id: null });
  });
});

describe('ApprovalsService: flow settings scope', () => {
  const caller = (dataScope: Caller['dataScope'], instituteId: number): Caller =>
    ({ userId: 9, instituteId, dataScope, perms: new Set(), pageFlags: new Set(), roleIds: [] }) as unknown as Caller;

  it('lets an institute-scoped manager read and save only their own institute', async () => {
    const { store } = fakeStore(holders, { 2: { ...DEFAULT_FLOW, teamThreshold: 7 } });
    const svc = new ApprovalsService(store);
    const mine = caller('institute', INST);
    await expect(svc.flowFor(mine, 2)).rejects.toMatchObject({ code: 404, message: '研究所不存在' });
    await expect(svc.saveFlow({ caller: mine, ip: '' }, 2, DEFAULT_FLOW)).rejects.toMatchObject({ code: 404, message: '研究所不存在' });
    expect(await svc.flowFor(mine, INST)).toEqual(DEFAULT_FLOW);
    expect((await svc.flowFor(caller('all', INST), 2)).teamThreshold).toBe(7);
  });
});
