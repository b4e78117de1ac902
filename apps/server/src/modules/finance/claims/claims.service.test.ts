import type { SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fakeApprovers, fakeCaller, type RoleHolder } from '../../../../test/support/service-fakes.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { ApprovalsService } from '../../shared/approvals/approvals.service.ts';
import { DUTY_CONFLICT_MESSAGE } from '../../shared/approvals/duties.ts';
import { DEFAULT_FLOW } from '../../shared/approvals/flow.ts';
import type { ClaimableSub, ClaimRow, ClaimSettingRow, MergeRow } from './claims.repository.ts';
import { ClaimsService, type ClaimsStore } from './claims.service.ts';

/**
 * The rules of 报销单 on an in-memory store: who may move a claim at each step, what a claim
 * amounts to, which sub-orders it may take, and what it does to invoices, grant cards and the
 * inbox. No database (the HTTP tests in apps/server/test/claims.test.ts run the same on SQLite and
 * PostgreSQL); the approvals are the real ApprovalsService over an in-memory list of role holders.
 */

// ── people and places ──────────────────────────────────────────────────────
const INST = 1;
const TEAM = 10;
const OTHER_TEAM = 11;
const BUYER = 20; // a member of TEAM
const LEADER = 1; // 课题组长 of TEAM
const OWNER = 2; // 研究所负责人 of INST
const FINANCE = 3; // 财务 of INST
const FINANCE_BUYER = 4; // 财务 of INST who also buys for TEAM
const OTHER_LEADER = 5; // 课题组长 of OTHER_TEAM
const STRANGER = 6; // 研究所负责人 of another institute

const HOLDERS: RoleHolder[] = [
  { id: LEADER, role: 'team', institute: INST, team: TEAM },
  { id: OTHER_LEADER, role: 'team', institute: INST, team: OTHER_TEAM },
  { id: OWNER, role: 'institute', institute: INST },
  { id: FINANCE, role: 'finance', institute: INST },
  { id: FINANCE_BUYER, role: 'finance', institute: INST },
  { id: STRANGER, role: 'institute', institute: 2 },
];

const caller = (userId: number, o: Partial<Caller> = {}): Caller =>
  fakeCaller({ userId, instituteId: INST, deptId: 100, deptPath: '/100/', teamId: TEAM, ...o });
const as = (userId: number, o: Partial<Caller> = {}) => ({ caller: caller(userId, o), ip: '127.0.0.1' });

// ── builders ─────────────────────────────────────────────────────────────
interface SubSpec {
  amount: number;
  buyer?: number;
  team?: number | null;
  institute?: number;
  status?: string;
  /** the three-way match: invoiced in full unless told otherwise */
  match?: SubOrderMatch['state'];
}
/** 子订单 `id` (sub_no S<id>): accepted, bought by BUYER for TEAM and invoiced in full unless told otherwise. */
const sub = (id: number, o: SubSpec) => ({
  id,
  sub_no: `S${id}`,
  status: o.status ?? 'completed',
  total_amount: o.amount,
  buyer_id: o.buyer ?? BUYER,
  placed_by_id: o.buyer ?? BUYER,
  institute_id: o.institute ?? INST,
  dept_id: 100,
  team_id: o.team === undefined ? TEAM : o.team,
  match: o.match ?? 'matched',
});
type Sub = ReturnType<typeof sub>;

interface ClaimSub {
  claim_id: number;
  sub_order_id: number;
  amount: number;
  live: 0 | 1;
}

/** Everything a transaction may change: rolled back as a whole when the transaction throws. */
interface State {
  claims: Map<number, ClaimRow>;
  claimSubs: ClaimSub[];
  merges: Map<number, MergeRow>;
  settings: Map<number, ClaimSettingRow>;
  logs: { claim_id: number; actor: string; action: string; from_status: string; to_status: string; reason: string | null }[];
  files: { claim_id: number; file_id: number }[];
  audits: { action: string; target: string | null; trx: number }[];
  /** invoices taken (true) or given back (false) through invoices.within(trx) */
  invoiceMarks: { subIds: number[]; claimed: boolean; trx: number }[];
  /** grant-card draws through grantCards.within(trx) */
  draws: { subIds: number[]; amounts: [number, number][]; claimId: number | null | undefined; trx: number }[];
  told: { to: number[]; title: string; content: string; link: string | null; trx: number }[];
}

/** A transaction as the service sees it: opaque, except for the audit row written on it. */
function fakeTrx(n: number, state: () => State) {
  const trx = {
    n,
    insertInto: (table: string) => ({
      values: (v: { action: string; target: string | null }) => ({
        execute: async () => {
          if (table !== 'audit_log') throw new Error(`unexpected write to ${table} in a service test`);
          state().audits.push({ action: v.action, target: v.target, trx: n });
        },
      }),
    }),
  };
  return trx as unknown as Transaction<DB>;
}
const trxNo = (trx: Transaction<DB>) => (trx as unknown as { n: number }).n;

function world(subs: Sub[], o: { instituteThreshold?: number } = {}) {
  const subById = new Map(subs.map((s) => [s.id, s]));
  let state: State = {
    claims: new Map(),
    claimSubs: [],
    merges: new Map(),
    settings: new Map(),
    logs: [],
    files: [],
    audits: [],
    invoiceMarks: [],
    draws: [],
    told: [],
  };
  let trxCount = 0;
  let seq = 0;
  /** a read of the sub-orders that misses a claim committed meanwhile (the race the live-claim index settles) */
  let staleReads = false;
  const now = () => new Date().toISOString();
  const uniqueViolation = () => Object.assign(new Error('UNIQUE constraint failed: claim_sub_order.sub_order_id'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
  const liveHolder = (subId: number) => state.claimSubs.find((cs) => cs.sub_order_id === subId && cs.live === 1);

  const store: ClaimsStore = {
    async inTransaction(fn) {
      const before = structuredClone(state);
      try {
        return await fn(
          store,
          fakeTrx(++trxCount, () => state),
        );
      } catch (e) {
        state = before;
        throw e;
      }
    },
    async subsForClaim(ids) {
      return ids
        .map((id) => subById.get(id))
        .filter((s) => s !== undefined)
        .map(({ match: _m, ...s }): ClaimableSub => {
          const held = staleReads ? undefined : liveHolder(s.id);
          return { ...s, claim_no: held ? (state.claims.get(held.claim_id)?.claim_no ?? null) : null };
        });
    },
    async claim(id) {
      return state.claims.get(id);
    },
    async claimsByIds(ids) {
      return ids.map((id) => state.claims.get(id)).filter((c) => c !== undefined);
    },
    async claimsOfMerge(mergeId) {
      return [...state.claims.values()].filter((c) => c.merge_id === mergeId);
    },
    async insertClaim(v, day) {
      const id = ++seq;
      const row = { ...v, id, claim_no: `BX${day}${String(id).padStart(6, '0')}`, approval_steps: v.approval_steps ?? '' } as ClaimRow;
      state.claims.set(id, row);
      return row;
    },
    async insertClaimSubs(claimId, rows) {
      for (const r of rows) {
        if (liveHolder(r.id)) throw uniqueViolation();
        state.claimSubs.push({ claim_id: claimId, sub_order_id: r.id, amount: r.amount, live: 1 });
      }
    },
    async subIdsOf(claimIds, released = false) {
      return state.claimSubs
        .filter((cs) => claimIds.includes(cs.claim_id) && (released || cs.live === 1))
        .map(({ claim_id, sub_order_id, amount }) => ({ claim_id, sub_order_id, amount }));
    },
    async releaseSubs(claimId) {
      for (const cs of state.claimSubs) if (cs.claim_id === claimId) cs.live = 0;
    },
    async move(id, from, set) {
      const c = state.claims.get(id);
      if (!c || !from.includes(c.status)) return false;
      state.claims.set(id, { ...c, ...set, updated_at: now() } as ClaimRow);
      return true;
    },
    async stampNotified(id, since, at) {
      const c = state.claims.get(id);
      if (!c || (c.notified_at !== null && c.notified_at >= since)) return false;
      c.notified_at = at;
      return true;
    },
    async log(v) {
      state.logs.push({ claim_id: v.claim_id, actor: v.actor, action: v.action, from_status: v.from_status, to_status: v.to_status, reason: v.reason ?? null });
    },
    async addFiles(claimId, fileIds) {
      for (const f of fileIds) state.files.push({ claim_id: claimId, file_id: f });
    },
    async merge(id) {
      return state.merges.get(id);
    },
    async insertMerge(v, day) {
      const id = ++seq;
      const mergeNo = `HB${day}${String(id).padStart(6, '0')}`;
      state.merges.set(id, { ...v, id, merge_no: mergeNo, status: 'review', completed_by: null, reason: null, created_at: now(), updated_at: now() });
      return { id, mergeNo };
    },
    async moveMerge(id, from, set) {
      const m = state.merges.get(id);
      if (!m || !from.includes(m.status)) return false;
      state.merges.set(id, { ...m, ...set } as MergeRow);
      return true;
    },
    async refreshMerge(id) {
      const left = [...state.claims.values()].filter((c) => c.merge_id === id);
      const m = state.merges.get(id)!;
      state.merges.set(id, { ...m, claim_count: left.length, amount: left.reduce((a, c) => a + c.amount, 0) });
      return left.length;
    },
    async setting(instituteId) {
      return state.settings.get(instituteId);
    },
    async saveSetting(instituteId, from, to, by) {
      state.settings.set(instituteId, { institute_id: instituteId, freeze_from: from, freeze_to: to, updated_by: by, updated_at: now() });
    },
    async instituteName(id) {
      return id === INST ? { name: '化学研究所' } : undefined;
    },
  };

  const approvers = fakeApprovers(HOLDERS, () => ({ ...DEFAULT_FLOW, instituteThreshold: o.instituteThreshold ?? DEFAULT_FLOW.instituteThreshold }));

  const svc = new ClaimsService(
    store,
    new ApprovalsService(approvers),
    {
      async tell(trx, to, n) {
        state.told.push({ to, title: n.title, content: n.content, link: n.link, trx: trxNo(trx) });
      },
    },
    { mustBeAttachable: async () => [] },
    {
      within: (trx) => ({
        async match(ids) {
          return new Map(
            ids.map((id) => [id, { subOrderId: id, state: subById.get(id)?.match ?? 'none', buckets: [], problems: [], invoiceIds: [] } as SubOrderMatch]),
          );
        },
        async markClaimed(ids, claimed) {
          state.invoiceMarks.push({ subIds: [...ids], claimed, trx: trxNo(trx) });
        },
      }),
    },
    {
      within: (trx) => ({
        async drawSubOrders(ids, ref = {}) {
          state.draws.push({ subIds: [...ids], amounts: [...(ref.amounts ?? new Map())], claimId: ref.claimId, trx: trxNo(trx) });
          return ids.length;
        },
      }),
    },
  );

  return {
    svc,
    get state() {
      return state;
    },
    claim: (id: number) => state.claims.get(id)!,
    /** the audit's transaction: the one a claim's move happened in */
    trxOf: (action: string) => state.audits.filter((a) => a.action === action).map((a) => a.trx),
    staleReads: () => {
      staleReads = true;
    },
    freeze: (from: string, to: string) => store.saveSetting(INST, from, to, FINANCE),
  };
}

/** BUYER claims these sub-orders in one claim; answers its id. */
async function applied(w: ReturnType<typeof world>, ids: number[], by = BUYER) {
  const [c] = await w.svc.apply(as(by), { subOrderIds: ids, separate: false, fileIds: [] });
  return c.id;
}
/** A claim of ¥150 (team leader only) taken through the chain to finance, and merged. */
async function merged(w: ReturnType<typeof world>, subIds: number[], by = BUYER) {
  const id = await applied(w, subIds, by);
  await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
  await w.svc.mergePass(as(FINANCE), [id], null);
  return { id, mergeId: w.claim(id).merge_id as number };
}

// ── tests ────────────────────────────────────────────────────────────────
describe('ClaimsService: what a claim takes', () => {
  it('amounts to the sum of its sub-orders, each held at its own amount', async () => {
    const w = world([sub(1, { amount: 12_345 }), sub(2, { amount: 6_655 }), sub(3, { amount: 100 })]);
    const [c] = await w.svc.apply(as(BUYER), { subOrderIds: [1, 2, 2], separate: false, fileIds: [7] });
    expect(w.claim(c.id)).toMatchObject({ amount: 19_000, sub_count: 2, buyer_id: BUYER, team_id: TEAM, status: 'submitted' });
    expect(c.subOrderIds).toEqual([1, 2]);
    expect(w.state.claimSubs).toEqual([
      { claim_id: c.id, sub_order_id: 1, amount: 12_345, live: 1 },
      { claim_id: c.id, sub_order_id: 2, amount: 6_655, live: 1 },
    ]);
    expect(w.state.files).toEqual([{ claim_id: c.id, file_id: 7 }]);
  });

  it('makes one claim per sub-order when asked, attachments going with the first', async () => {
    const w = world([sub(1, { amount: 300 }), sub(2, { amount: 500, team: OTHER_TEAM })]);
    const out = await w.svc.apply(as(BUYER), { subOrderIds: [1, 2], separate: true, fileIds: [7] });
    expect(out.map((c) => [w.claim(c.id).amount, w.claim(c.id).team_id])).toEqual([
      [300, TEAM],
      [500, OTHER_TEAM],
    ]);
    expect(w.state.files).toEqual([{ claim_id: out[0].id, file_id: 7 }]);
  });

  it('refuses a sub-order already on a live claim, and takes it again once that claim is cancelled', async () => {
    const w = world([sub(1, { amount: 300 }), sub(2, { amount: 500 })]);
    const first = await applied(w, [1]);
    const no = w.claim(first).claim_no;
    await expect(w.svc.apply(as(BUYER), { subOrderIds: [2, 1], separate: false, fileIds: [] })).rejects.toMatchObject({
      code: 40000,
      message: `子订单 S1：已在报销单 ${no} 中`,
    });
    // the refused application left nothing behind (not even sub-order 2)
    expect(w.state.claims.size).toBe(1);
    expect(w.state.claimSubs.filter((cs) => cs.live)).toHaveLength(1);
    await w.svc.cancel(as(BUYER), first);
    const again = await applied(w, [2, 1]);
    expect(w.claim(again).amount).toBe(800);
  });

  it('answers a race for the same sub-order (the live-claim index) with a conflict', async () => {
    const w = world([sub(1, { amount: 300 })]);
    await applied(w, [1]);
    w.staleReads();
    await expect(applied(w, [1])).rejects.toMatchObject({ code: 40009, message: '所选订单刚刚被提交到另一张报销单，请刷新后重试' });
    expect(w.state.claims.size).toBe(1);
  });

  it('takes only the buyer’s own accepted, invoiced sub-orders of one team, outside the freeze', async () => {
    const w = world([
      sub(1, { amount: 100 }),
      sub(2, { amount: 100, buyer: 99 }),
      sub(3, { amount: 100, status: 'delivered' }),
      sub(4, { amount: 100, match: 'partial' }),
      sub(5, { amount: 100, team: OTHER_TEAM }),
      sub(6, { amount: 100, institute: 2 }),
    ]);
    const apply = (ids: number[]) => w.svc.apply(as(BUYER), { subOrderIds: ids, separate: false, fileIds: [] });
    await expect(apply([1, 2])).rejects.toMatchObject({ code: 404, message: '订单不存在或不是您的订单' });
    await expect(apply([3])).rejects.toMatchObject({ code: 40000, message: expect.stringContaining('子订单 S3：尚未验收完成') });
    await expect(apply([4])).rejects.toMatchObject({ code: 40000, message: expect.stringContaining('子订单 S4：发票未开齐') });
    await expect(apply([1, 5])).rejects.toMatchObject({ code: 40000, message: expect.stringContaining('属于不同课题组') });
    await expect(apply([6])).rejects.toMatchObject({ code: 40000, message: '子订单 S6：属于其他研究所的订单，请切换到该单位后报销' });
    await w.freeze('01-01', '12-31');
    await expect(apply([1])).rejects.toMatchObject({ code: 40000, message: expect.stringContaining('暂停报销') });
    expect(w.state.claims.size).toBe(0);
  });
});

describe('ClaimsService: the approval chain', () => {
  it('submits along the institute’s flow, takes the invoices and tells the first approver', async () => {
    const w = world([sub(1, { amount: 600_000 })]);
    const id = await applied(w, [1]);
    expect(w.claim(id)).toMatchObject({ status: 'submitted', approval_steps: 'team,institute' });
    expect(w.state.invoiceMarks).toEqual([{ subIds: [1], claimed: true, trx: w.trxOf('claim.submit')[0] }]);
    expect(w.state.told).toEqual([
      expect.objectContaining({ to: [LEADER], title: '报销单待审批', content: `报销单 ${w.claim(id).claim_no}（¥6000.00）等待您审批。` }),
    ]);
    expect(w.state.logs.at(-1)).toMatchObject({ actor: 'buyer', action: 'submit', from_status: 'draft', to_status: 'submitted' });
  });

  it('lets each step decide only when the claim waits for it, and only its own actors', async () => {
    const w = world([sub(1, { amount: 600_000 })]);
    const id = await applied(w, [1]);
    // the institute may not pass a claim still waiting for the team leader
    await expect(w.svc.decide(as(OWNER), 'institute', [id], 'pass', null)).rejects.toMatchObject({ code: 40009 });
    // not an actor of the step for this claim's scope: the claim is not revealed
    await expect(w.svc.decide(as(OTHER_LEADER), 'team', [id], 'pass', null)).rejects.toMatchObject({ code: 404 });
    await expect(w.svc.decide(as(STRANGER, { instituteId: 2 }), 'institute', [id], 'pass', null)).rejects.toMatchObject({ code: 404 });
    await expect(w.svc.decide(as(BUYER), 'team', [id], 'pass', null)).rejects.toMatchObject({ code: 404 });
    expect(w.claim(id).status).toBe('submitted');

    await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    expect(w.claim(id).status).toBe('team_approved');
    expect(w.state.told.at(-1)).toMatchObject({ to: [OWNER], title: '报销单待审批' });
    // the team leader has had their turn
    await expect(w.svc.decide(as(LEADER), 'team', [id], 'pass', null)).rejects.toMatchObject({ code: 40009 });

    await w.svc.decide(as(OWNER), 'institute', [id], 'pass', null);
    expect(w.claim(id).status).toBe('institute_approved');
    expect(w.state.told.at(-1)).toMatchObject({ to: [FINANCE, FINANCE_BUYER], title: '报销单待财务审核', link: '/cass/claim/merge' });
    expect(w.state.logs.map((l) => `${l.actor}:${l.action}:${l.to_status}`)).toEqual([
      'buyer:submit:submitted',
      'team:pass:team_approved',
      'institute:pass:institute_approved',
    ]);
  });

  it('goes straight to finance after the team leader when the amount does not reach the institute', async () => {
    const w = world([sub(1, { amount: 15_000 })]);
    const id = await applied(w, [1]);
    expect(w.claim(id).approval_steps).toBe('team');
    await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    expect(w.claim(id).status).toBe('institute_approved');
  });

  it('never lets anyone approve what they submitted (separation of duties)', async () => {
    // the team leader's own claim skips the team step and goes to the institute
    const w = world([sub(1, { amount: 15_000, buyer: LEADER }), sub(2, { amount: 15_000, buyer: FINANCE_BUYER })]);
    const own = await applied(w, [1], LEADER);
    expect(w.claim(own).approval_steps).toBe('institute');
    await expect(w.svc.decide(as(LEADER), 'team', [own], 'pass', null)).rejects.toMatchObject({ code: 40000, message: DUTY_CONFLICT_MESSAGE });
    await w.svc.decide(as(OWNER), 'institute', [own], 'pass', null);
    expect(w.claim(own).status).toBe('institute_approved');

    // a finance officer's own claim is for their colleagues to merge and complete
    const { id, mergeId } = await merged(w, [2], FINANCE_BUYER);
    // nor is told to: finance hears of it without its own buyer
    expect(w.state.told.find((t) => t.title === '报销单待财务审核' && t.content.includes(w.claim(id).claim_no))?.to).toEqual([FINANCE]);
    await expect(w.svc.complete(as(FINANCE_BUYER), mergeId)).rejects.toMatchObject({ code: 40000, message: DUTY_CONFLICT_MESSAGE });
    await expect(w.svc.mergePass(as(FINANCE_BUYER), [own], null)).resolves.toBeDefined(); // someone else's claim: fine
    await w.svc.complete(as(FINANCE), mergeId);
    expect(w.claim(id).status).toBe('completed');
  });

  it('requires a reason to refuse, and sends the claim back to its buyer with it', async () => {
    const w = world([sub(1, { amount: 15_000 })]);
    const id = await applied(w, [1]);
    await expect(w.svc.decide(as(LEADER), 'team', [id], 'refuse', null)).rejects.toMatchObject({ code: 40000, message: '驳回时请填写原因' });
    await expect(w.svc.decide(as(LEADER), 'team', [id], 'refuse', '')).rejects.toMatchObject({ message: '驳回时请填写原因' });
    expect(w.claim(id).status).toBe('submitted');

    await w.svc.decide(as(LEADER), 'team', [id], 'refuse', '发票抬头有误');
    expect(w.claim(id)).toMatchObject({ status: 'draft', return_kind: 'refused', last_reason: '发票抬头有误' });
    expect(w.state.invoiceMarks.at(-1)).toEqual({ subIds: [1], claimed: false, trx: w.trxOf('claim.team.refuse')[0] });
    expect(w.state.told.at(-1)).toMatchObject({ to: [BUYER], title: '报销单被驳回', content: `报销单 ${w.claim(id).claim_no} 被课题组长驳回：发票抬头有误` });

    // resubmitted under its number by its buyer only, along the chain planned again
    await expect(w.svc.resubmit(as(LEADER), { id, fileIds: [] })).rejects.toMatchObject({ code: 404 });
    await w.svc.resubmit(as(BUYER), { id, fileIds: [] });
    expect(w.claim(id)).toMatchObject({ status: 'submitted', return_kind: null });
    expect(w.state.invoiceMarks.at(-1)).toMatchObject({ subIds: [1], claimed: true });
    await expect(w.svc.resubmit(as(BUYER), { id, fileIds: [] })).rejects.toMatchObject({ code: 40009 });
  });

  it('lets only the buyer cancel, and only before anyone decided', async () => {
    const w = world([sub(1, { amount: 15_000 }), sub(2, { amount: 15_000 })]);
    const id = await applied(w, [1]);
    await expect(w.svc.cancel(as(LEADER), id)).rejects.toMatchObject({ code: 404 });
    await w.svc.cancel(as(BUYER), id);
    expect(w.claim(id).status).toBe('cancelled');
    expect(w.state.claimSubs.every((cs) => cs.live === 0)).toBe(true);
    expect(w.state.invoiceMarks.at(-1)).toEqual({ subIds: [1], claimed: false, trx: w.trxOf('claim.cancel')[0] });

    const decided = await applied(w, [2]);
    await w.svc.decide(as(LEADER), 'team', [decided], 'pass', null);
    await expect(w.svc.cancel(as(BUYER), decided)).rejects.toMatchObject({ code: 40009, message: '报销单已有人审批，不能撤销' });
    expect(w.claim(decided).status).toBe('institute_approved');
  });

  it('reminds whoever the claim waits for, at most once in 30 minutes', async () => {
    const w = world([sub(1, { amount: 15_000 })]);
    const id = await applied(w, [1]);
    await expect(w.svc.notify(as(BUYER), id)).resolves.toEqual({ notified: 1 });
    expect(w.state.told.at(-1)).toMatchObject({ to: [LEADER], title: '报销单催办', link: '/cass/claim/approve' });
    await expect(w.svc.notify(as(BUYER), id)).rejects.toMatchObject({ code: 40000, message: '30 分钟内已提醒过，请稍后再试' });
    expect(w.state.told.filter((t) => t.title === '报销单催办')).toHaveLength(1);
  });
});

describe('ClaimsService: finance', () => {
  it('merges claims of one institute waiting for finance, at the sum of their amounts', async () => {
    const w = world([sub(1, { amount: 15_000 }), sub(2, { amount: 2_500 }), sub(3, { amount: 100 })]);
    const a = await applied(w, [1]);
    const b = await applied(w, [2]);
    const waiting = await applied(w, [3]);
    for (const id of [a, b]) await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    await expect(w.svc.mergePass(as(FINANCE), [a, waiting], null)).rejects.toMatchObject({
      code: 40009,
      message: expect.stringContaining('不在待财务审核状态'),
    });
    const m = await w.svc.mergePass(as(FINANCE), [a, b], '十一月');
    expect(w.state.merges.get(m.id)).toMatchObject({ amount: 17_500, claim_count: 2, status: 'review', remark: '十一月' });
    expect([w.claim(a).status, w.claim(b).status]).toEqual(['finance_review', 'finance_review']);
    expect(w.state.told.slice(-2).map((t) => [t.to, t.title])).toEqual([
      [[BUYER], '报销单已通过财务审核'],
      [[BUYER], '报销单已通过财务审核'],
    ]);
  });

  it('completes a merged claim drawing each claim’s sub-orders on the grant card once, in its transaction', async () => {
    const w = world([sub(1, { amount: 12_000 }), sub(2, { amount: 3_000 }), sub(3, { amount: 2_500 })]);
    const a = await applied(w, [1, 2]);
    const b = await applied(w, [3]);
    for (const id of [a, b]) await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    const m = await w.svc.mergePass(as(FINANCE), [a, b], null);
    expect(w.state.draws).toEqual([]);

    await w.svc.complete(as(FINANCE), m.id);
    const trx = w.trxOf('claim.merge.complete')[0];
    expect(w.state.draws).toEqual([
      {
        subIds: [1, 2],
        amounts: [
          [1, 12_000],
          [2, 3_000],
        ],
        claimId: a,
        trx,
      },
      { subIds: [3], amounts: [[3, 2_500]], claimId: b, trx },
    ]);
    expect([w.claim(a).status, w.claim(b).status, w.state.merges.get(m.id)?.status]).toEqual(['completed', 'completed', 'completed']);
    expect(w.state.told.at(-1)).toMatchObject({ to: [BUYER], title: '报销完成', content: `报销单 ${w.claim(b).claim_no}（¥25.00）已报销完成。` });

    // completing again changes nothing and draws nothing
    await expect(w.svc.complete(as(FINANCE), m.id)).rejects.toMatchObject({ code: 40009 });
    expect(w.state.draws).toHaveLength(2);
  });

  it('sends a merged claim back for papers keeping its approvals: resubmitted, it goes straight to finance', async () => {
    const w = world([sub(1, { amount: 600_000 })]);
    const id = await applied(w, [1]);
    await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    await w.svc.decide(as(OWNER), 'institute', [id], 'pass', null);
    const m = await w.svc.mergePass(as(FINANCE), [id], null);
    await w.svc.noComplete(as(FINANCE), m.id, '缺验收单');
    expect(w.claim(id)).toMatchObject({ status: 'draft', return_kind: 'supplement', last_reason: '缺验收单', merge_id: null });
    expect(w.state.merges.get(m.id)?.status).toBe('returned');
    expect(w.state.invoiceMarks.at(-1)).toMatchObject({ subIds: [1], claimed: false });
    expect(w.state.told.at(-1)).toMatchObject({ to: [BUYER], title: '报销单退回补充材料', content: expect.stringContaining('缺验收单') });
    expect(w.state.draws).toEqual([]);

    await w.svc.resubmit(as(BUYER), { id, fileIds: [8] });
    expect(w.claim(id)).toMatchObject({ status: 'institute_approved', approval_steps: 'team,institute' });
  });

  it('refuses claims out of their merged claim, cancelling it when none is left', async () => {
    const w = world([sub(1, { amount: 15_000 }), sub(2, { amount: 5_000 })]);
    const a = await applied(w, [1]);
    const b = await applied(w, [2]);
    for (const id of [a, b]) await w.svc.decide(as(LEADER), 'team', [id], 'pass', null);
    const m = await w.svc.mergePass(as(FINANCE), [a, b], null);
    await w.svc.cancelAndRefuse(as(FINANCE), [a], '重复报销');
    expect(w.claim(a)).toMatchObject({ status: 'draft', return_kind: 'refused', last_reason: '重复报销', merge_id: null });
    expect(w.state.merges.get(m.id)).toMatchObject({ status: 'review', claim_count: 1, amount: 5_000 });
    await w.svc.cancelAndRefuse(as(FINANCE), [b], '重复报销');
    expect(w.state.merges.get(m.id)?.status).toBe('cancelled');
    expect(w.state.draws).toEqual([]);
  });
});
