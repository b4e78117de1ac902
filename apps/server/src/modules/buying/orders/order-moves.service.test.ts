import type { Selectable, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fakeApprovers, fakeCaller, type RoleHolder } from '../../../../test/support/service-fakes.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB, PurchaseOrderTable, SubOrderTable } from '../../../platform/db/schema.ts';
import { ApprovalsService } from '../../shared/approvals/approvals.service.ts';
import { DUTY_CONFLICT_MESSAGE } from '../../shared/approvals/duties.ts';
import type { ExpressChannelService } from './express-channels.ts';
import type { OrderRepository } from './order.repository.ts';
import { type OrderLedgers, OrderMovesService } from './order-moves.service.ts';
import type { OrderNotices } from './order-notices.ts';

/**
 * The rules of an order's moves on in-memory fakes: who passes or refuses each approval step,
 * what the final pass and a refusal do to the sub-orders, the grant card and the item stock, and
 * what the supplier's, buyer's and checker's sub-order moves do to stock, statistics and the card.
 * No database; the approvals are the real ApprovalsService over an in-memory list of role holders,
 * so separation of duties is the real rule. The fake transaction never rolls back: a write that
 * happened before a failure stays visible, so "writes nothing" is really checked.
 */

// ── people and places ──────────────────────────────────────────────────────
const INST = 1;
const TEAM = 10;
const OTHER_TEAM = 11;
const BUYER = 20; // a member of TEAM
const LEADER = 1; // 课题组长 of TEAM
const OWNER = 2; // 研究所负责人 of INST
const CHECKER = 3; // 验收人 of INST
const OTHER_LEADER = 5; // 课题组长 of OTHER_TEAM
const STRANGER = 6; // 研究所负责人 of another institute
const CARD_HOLDER = 7; // PI of grant card CARD (他人代付)
const CARD = 70;
const SUPPLIER = 500;
const SUPPLIER_USER = 501;
const OTHER_SUPPLIER = 600;

const HOLDERS: RoleHolder[] = [
  { id: LEADER, role: 'team', institute: INST, team: TEAM },
  { id: OTHER_LEADER, role: 'team', institute: INST, team: OTHER_TEAM },
  { id: OWNER, role: 'institute', institute: INST },
  { id: CHECKER, role: 'checker', institute: INST },
  { id: STRANGER, role: 'institute', institute: 2 },
];

const caller = (userId: number, o: Partial<Caller> = {}): Caller =>
  fakeCaller({ userId, instituteId: INST, deptId: 100, deptPath: '/100/', teamId: TEAM, ...o });
const as = (userId: number, o: Partial<Caller> = {}) => ({ caller: caller(userId, o), ip: '127.0.0.1' });
const supplier = (supplierId = SUPPLIER) => as(SUPPLIER_USER, { accountType: 2, supplierId, instituteId: null, teamId: null });

// ── builders ─────────────────────────────────────────────────────────────
type Order = Selectable<PurchaseOrderTable>;
type Sub = Selectable<SubOrderTable>;
interface Line {
  id: number;
  sub_order_id: number;
  item_id: number;
  quantity: number;
  delivered_qty: number;
}

const order = (id: number, o: Partial<Order> = {}): Order =>
  ({
    id,
    order_no: `O${id}`,
    buyer_id: BUYER,
    placed_by_id: BUYER,
    institute_id: INST,
    dept_id: 100,
    team_id: TEAM,
    status: 'pending_team',
    approval_steps: 'team',
    checker_required: 1,
    close_reason: null,
    grant_card_id: CARD,
    ...o,
  }) as Order;
const sub = (id: number, orderId: number, o: Partial<Sub> = {}): Sub =>
  ({ id, order_id: orderId, sub_no: `S${id}`, supplier_id: SUPPLIER, status: 'waiting', reason: null, ...o }) as Sub;

/** A transaction as the service sees it: opaque, except for the audit row written on it. */
function fakeTrx(n: number, audits: { action: string; target: string | null; detail: string | null; trx: number }[]) {
  const trx = {
    n,
    insertInto: (table: string) => ({
      values: (v: { action: string; target: string | null; detail: string | null }) => ({
        execute: async () => {
          if (table !== 'audit_log') throw new Error(`unexpected write to ${table} in a service test`);
          audits.push({ action: v.action, target: v.target, detail: v.detail, trx: n });
        },
      }),
    }),
  };
  return trx as unknown as Transaction<DB>;
}
const trxNo = (trx: Transaction<DB>) => (trx as unknown as { n: number }).n;

function world(orders: Order[], subs: Sub[] = [], lines: Line[] = []) {
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const subById = new Map(subs.map((s) => [s.id, s]));
  const state = {
    logs: [] as {
      order_id: number;
      sub_order_id: number | null;
      actor: string;
      action: string;
      from_status: string;
      to_status: string;
      reason: string | null;
    }[],
    audits: [] as { action: string; target: string | null; detail: string | null; trx: number }[],
    freezes: [] as { orderId: number; cardId: number | null; actorId: number; override: { reason: string | null; allowed: boolean }; trx: number }[],
    releases: [] as { subIds: number[]; actorId: number | null; reason: string; trx: number }[],
    givenBack: [] as { returns: { itemId: number; quantity: number }[]; trx: number }[],
    stockIns: [] as { subOrderId: number; actorId: number; locationId?: number | null; trx: number }[],
    acceptances: [] as { subOrderId: number; trx: number }[],
    refunds: [] as { subOrderId: number; actorId: number; reason: string }[],
    nextNotices: [] as { orderId: number; status: string; reason: string | null | undefined }[],
    subNotices: [] as { subId: number; status: string; action: string }[],
  };
  let trxCount = 0;
  /** someone else's move landing between the service's read and its transaction */
  let race: (() => void) | null = null;
  let freezeWarning: string | null = null;

  const repo = {
    async inTransaction<T>(fn: (r: OrderRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
      race?.();
      race = null;
      return fn(repo as unknown as OrderRepository, fakeTrx(++trxCount, state.audits));
    },
    async order(id: number) {
      const o = orderById.get(id);
      return o ? { ...o } : undefined;
    },
    async subOrder(id: number) {
      const s = subById.get(id);
      return s ? { ...s } : undefined;
    },
    async moveOrder(id: number, from: string[], to: string, reason: string | null = null) {
      const o = orderById.get(id);
      if (!o || !from.includes(o.status)) return false;
      o.status = to;
      if (reason !== null) o.close_reason = reason;
      return true;
    },
    async moveSub(id: number, from: string[], to: string, reason: string | null = null) {
      const s = subById.get(id);
      if (!s || !from.includes(s.status)) return false;
      s.status = to;
      if (reason !== null) s.reason = reason;
      return true;
    },
    async moveSubsOfOrder(orderId: number, from: string[], to: string) {
      const moved = [...subById.values()].filter((s) => s.order_id === orderId && from.includes(s.status));
      const before = moved.map((s) => ({ id: s.id, status: s.status }));
      for (const s of moved) s.status = to;
      return before;
    },
    async log(row: (typeof state.logs)[number] & { actor_id: number | null }) {
      state.logs.push({
        order_id: row.order_id,
        sub_order_id: row.sub_order_id ?? null,
        actor: row.actor,
        action: row.action,
        from_status: row.from_status,
        to_status: row.to_status,
        reason: row.reason ?? null,
      });
    },
    async allSubsFinal(orderId: number, finals: string[]) {
      return [...subById.values()].filter((s) => s.order_id === orderId).every((s) => finals.includes(s.status));
    },
    async lines(subIds: number[]) {
      return lines.filter((l) => subIds.includes(l.sub_order_id));
    },
    async unshipped(subIds: number[]) {
      return lines
        .filter((l) => subIds.includes(l.sub_order_id))
        .map((l) => ({ itemId: l.item_id, quantity: l.quantity - l.delivered_qty }))
        .filter((l) => l.quantity > 0);
    },
  };

  const approvers = fakeApprovers(HOLDERS);

  const notices = {
    async next(_trx: Transaction<DB>, o: Order, _acl: string | null, reason?: string | null) {
      state.nextNotices.push({ orderId: o.id, status: o.status, reason });
    },
    async sub(_trx: Transaction<DB>, _o: Order, s: { id?: number; status: string }, action: string) {
      state.subNotices.push({ subId: s.id as number, status: s.status, action });
    },
    async stopped() {},
  };

  const ledgers = {
    grantCards: {
      holderOf: async (cardId: number) => (cardId === CARD ? CARD_HOLDER : null),
      within: (trx: Transaction<DB>) => ({
        async freezeOrder(o: { orderId: number; cardId: number | null; actorId: number }, override: { reason: string | null; allowed: boolean }) {
          state.freezes.push({ ...o, override, trx: trxNo(trx) });
          return { warning: freezeWarning };
        },
        async releaseSubOrders(subIds: number[], actorId: number | null, reason: string) {
          state.releases.push({ subIds: [...subIds], actorId, reason, trx: trxNo(trx) });
        },
      }),
    },
    stock: {
      within: (trx: Transaction<DB>) => ({
        async giveBack(returns: { itemId: number; quantity: number }[]) {
          state.givenBack.push({ returns: [...returns], trx: trxNo(trx) });
        },
      }),
    },
    inventory: {
      within: (trx: Transaction<DB>) => ({
        async stockInSubOrder(a: { subOrderId: number; actorId: number; locationId?: number | null }) {
          state.stockIns.push({ ...a, trx: trxNo(trx) });
        },
      }),
    },
    statistics: {
      within: (trx: Transaction<DB>) => ({
        async recordAcceptance(subOrderId: number) {
          state.acceptances.push({ subOrderId, trx: trxNo(trx) });
          return 1;
        },
      }),
    },
    refunds: {
      async whole(_trx: Transaction<DB>, r: { subOrderId: number; actorId: number; reason: string }) {
        state.refunds.push(r);
      },
    },
  };

  const svc = new OrderMovesService(
    repo as unknown as OrderRepository,
    new ApprovalsService(approvers),
    notices as unknown as OrderNotices,
    { enabled: async () => ({ id: 1 }) } as unknown as ExpressChannelService,
    ledgers as unknown as OrderLedgers,
  );

  return {
    svc,
    state,
    order: (id: number) => orderById.get(id) as Order,
    sub: (id: number) => subById.get(id) as Sub,
    race: (fn: () => void) => {
      race = fn;
    },
    warnOnFreeze: (w: string) => {
      freezeWarning = w;
    },
    /** everything a move writes besides the order's own status */
    writes: () => ({
      logs: state.logs.length,
      audits: state.audits.length,
      freezes: state.freezes.length,
      releases: state.releases.length,
      givenBack: state.givenBack.length,
      stockIns: state.stockIns.length,
      acceptances: state.acceptances.length,
      refunds: state.refunds.length,
      notices: state.nextNotices.length + state.subNotices.length,
      subs: [...subById.values()].map((s) => s.status),
    }),
  };
}
const NOTHING = { logs: 0, audits: 0, freezes: 0, releases: 0, givenBack: 0, stockIns: 0, acceptances: 0, refunds: 0, notices: 0 };

/** Order 1 on the chain card → team → institute, two waiting sub-orders with lines, one other supplier's. */
const chained = () =>
  world(
    [order(1, { status: 'pending_card', approval_steps: 'card,team,institute' })],
    [sub(11, 1), sub(12, 1, { supplier_id: OTHER_SUPPLIER })],
    [
      { id: 111, sub_order_id: 11, item_id: 900, quantity: 3, delivered_qty: 0 },
      { id: 121, sub_order_id: 12, item_id: 901, quantity: 2, delivered_qty: 0 },
    ],
  );

// ── approval ─────────────────────────────────────────────────────────────
describe('OrderMovesService: passing the approval chain', () => {
  it('moves the order step by step; the final pass approves, freezes the card once and releases the sub-orders', async () => {
    const w = chained();
    expect(await w.svc.decide(as(CARD_HOLDER), 'card', [1], 'pass', null)).toEqual([{ id: 1, ok: true, message: '已通过' }]);
    expect(w.order(1).status).toBe('pending_team');
    expect(await w.svc.decide(as(LEADER), 'team', [1], 'pass', null)).toEqual([{ id: 1, ok: true, message: '已通过' }]);
    expect(w.order(1).status).toBe('pending_institute');
    // nothing frozen nor released before the chain ends
    expect(w.state.freezes).toEqual([]);
    expect([w.sub(11).status, w.sub(12).status]).toEqual(['waiting', 'waiting']);

    expect(await w.svc.decide(as(OWNER), 'institute', [1], 'pass', null)).toEqual([{ id: 1, ok: true, message: '已通过' }]);
    expect(w.order(1).status).toBe('approved');
    expect(w.state.freezes).toEqual([{ orderId: 1, cardId: CARD, actorId: OWNER, override: { reason: null, allowed: false }, trx: 3 }]);
    expect([w.sub(11).status, w.sub(12).status]).toEqual(['to_confirm', 'to_confirm']);
    expect(w.state.releases).toEqual([]);
    expect(w.state.givenBack).toEqual([]);
    expect(w.state.logs.map((l) => [l.actor, l.action, l.from_status, l.to_status])).toEqual([
      ['card', 'pass', 'pending_card', 'pending_team'],
      ['team', 'pass', 'pending_team', 'pending_institute'],
      ['institute', 'pass', 'pending_institute', 'approved'],
    ]);
    expect(w.state.audits.map((a) => [a.action, a.target, a.trx])).toEqual([
      ['order.card.pass', 'order:1', 1],
      ['order.team.pass', 'order:1', 2],
      ['order.institute.pass', 'order:1', 3],
    ]);
    expect(w.state.nextNotices.map((n) => n.status)).toEqual(['pending_team', 'pending_institute', 'approved']);
  });

  it('answers the card’s warning when the final pass goes over budget, and logs it', async () => {
    const w = world([order(1)], [sub(11, 1)]);
    w.warnOnFreeze('超出经费卡余额');
    expect(await w.svc.decide(as(LEADER), 'team', [1], 'pass', null)).toEqual([{ id: 1, ok: true, message: '已通过（超出经费卡余额）' }]);
    expect(w.state.freezes).toHaveLength(1);
    expect(w.state.logs[0].reason).toBe('超出经费卡余额');
  });

  it('lets only the card’s PI decide the card step', async () => {
    const w = chained();
    await expect(w.svc.decide(as(LEADER), 'card', [1], 'pass', null)).rejects.toMatchObject({ code: 404, message: '订单不存在或不在您的审批范围内' });
    expect(w.order(1).status).toBe('pending_card');
    expect(w.writes()).toMatchObject(NOTHING);
  });
});

describe('OrderMovesService: refusing', () => {
  it('needs a reason', async () => {
    const w = world([order(1)], [sub(11, 1)]);
    await expect(w.svc.decide(as(LEADER), 'team', [1], 'refuse', null)).rejects.toMatchObject({ code: 40000, message: '驳回时请填写原因' });
    await expect(w.svc.decide(as(LEADER), 'team', [1], 'refuse', '')).rejects.toMatchObject({ message: '驳回时请填写原因' });
    expect(w.order(1).status).toBe('pending_team');
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['waiting'] });
  });

  it('cancels the sub-orders, gives their stock back and releases the card’s freeze', async () => {
    const w = chained();
    await w.svc.decide(as(CARD_HOLDER), 'card', [1], 'pass', null);
    expect(await w.svc.decide(as(LEADER), 'team', [1], 'refuse', '超预算')).toEqual([{ id: 1, ok: true, message: '已驳回' }]);
    expect(w.order(1).status).toBe('refused');
    expect(w.order(1).close_reason).toBe('超预算');
    expect([w.sub(11).status, w.sub(12).status]).toEqual(['cancelled', 'cancelled']);
    expect(w.state.givenBack).toEqual([
      {
        returns: [
          { itemId: 900, quantity: 3 },
          { itemId: 901, quantity: 2 },
        ],
        trx: 2,
      },
    ]);
    expect(w.state.releases).toEqual([{ subIds: [11, 12], actorId: LEADER, reason: '订单被驳回', trx: 2 }]);
    expect(w.state.freezes).toEqual([]);
    expect(w.state.logs.at(-1)).toMatchObject({ actor: 'team', action: 'refuse', from_status: 'pending_team', to_status: 'refused', reason: '超预算' });
    expect(w.state.audits.at(-1)).toMatchObject({ action: 'order.team.refuse', detail: JSON.stringify({ reason: '超预算' }), trx: 2 });
  });
});

describe('OrderMovesService: who decides', () => {
  it('answers not found to anyone who is not an actor of the step', async () => {
    const w = world([order(1)], [sub(11, 1)]);
    const notFound = { code: 404, message: '订单不存在或不在您的审批范围内' };
    await expect(w.svc.decide(as(OTHER_LEADER), 'team', [1], 'pass', null)).rejects.toMatchObject(notFound); // another team's leader
    await expect(w.svc.decide(as(BUYER), 'team', [1], 'pass', null)).rejects.toMatchObject(notFound);
    await expect(w.svc.decide(as(STRANGER), 'institute', [1], 'pass', null)).rejects.toMatchObject(notFound); // another institute
    await expect(w.svc.decide(as(LEADER), 'team', [99], 'pass', null)).rejects.toMatchObject(notFound); // no such order
    expect(w.order(1).status).toBe('pending_team');
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['waiting'] });
  });

  it('keeps a team leader from approving the order they placed (separation of duties)', async () => {
    const own = world([order(1, { buyer_id: LEADER, placed_by_id: LEADER })], [sub(11, 1)]);
    await expect(own.svc.decide(as(LEADER), 'team', [1], 'pass', null)).rejects.toMatchObject({ code: 40000, message: DUTY_CONFLICT_MESSAGE });
    // nor one an assistant placed for them
    const forThem = world([order(1, { buyer_id: LEADER, placed_by_id: BUYER })], [sub(11, 1)]);
    await expect(forThem.svc.decide(as(LEADER), 'team', [1], 'refuse', '不要')).rejects.toMatchObject({ message: DUTY_CONFLICT_MESSAGE });
    for (const w of [own, forThem]) {
      expect(w.order(1).status).toBe('pending_team');
      expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['waiting'] });
    }
  });

  it('answers a conflict to a step the order is not at', async () => {
    const w = world([order(1)], [sub(11, 1)]);
    await expect(w.svc.decide(as(OWNER), 'institute', [1], 'pass', null)).rejects.toMatchObject({ code: 40009 });
    expect(w.order(1).status).toBe('pending_team');
    expect(w.writes()).toMatchObject(NOTHING);
  });
});

describe('OrderMovesService: concurrent moves', () => {
  it('gives a conflict when the order moved meanwhile, and writes nothing else', async () => {
    const w = world([order(1)], [sub(11, 1)], [{ id: 111, sub_order_id: 11, item_id: 900, quantity: 1, delivered_qty: 0 }]);
    w.race(() => {
      w.order(1).status = 'cancelled'; // the buyer cancelled between the read and the move
    });
    await expect(w.svc.decide(as(LEADER), 'team', [1], 'pass', null)).rejects.toMatchObject({ code: 40009, message: '订单状态已变化，请刷新后重试' });
    expect(w.order(1).status).toBe('cancelled');
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['waiting'] });

    w.order(1).status = 'pending_team';
    w.race(() => {
      w.order(1).status = 'approved';
    });
    await expect(w.svc.decide(as(LEADER), 'team', [1], 'refuse', '不要')).rejects.toMatchObject({ code: 40009 });
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['waiting'] });
  });
});

describe('OrderMovesService: batches', () => {
  it('reports each order and does not stop at the first failure', async () => {
    const w = world(
      [order(1, { buyer_id: LEADER, placed_by_id: LEADER }), order(2), order(3, { team_id: OTHER_TEAM }), order(4, { status: 'approved' }), order(5)],
      [sub(21, 2), sub(51, 5)],
    );
    const results = await w.svc.decide(as(LEADER), 'team', [1, 2, 3, 99, 4, 5], 'pass', null);
    expect(results).toEqual([
      { id: 1, ok: false, message: DUTY_CONFLICT_MESSAGE },
      { id: 2, ok: true, message: '已通过' },
      { id: 3, ok: false, message: '订单不存在或不在您的审批范围内' },
      { id: 99, ok: false, message: '订单不存在或不在您的审批范围内' },
      { id: 4, ok: false, message: '订单状态已变化，请刷新后重试' },
      { id: 5, ok: true, message: '已通过' },
    ]);
    expect([1, 2, 3, 4, 5].map((id) => w.order(id).status)).toEqual(['pending_team', 'approved', 'pending_team', 'approved', 'approved']);
    expect(w.state.freezes.map((f) => f.orderId)).toEqual([2, 5]);
    expect([w.sub(21).status, w.sub(51).status]).toEqual(['to_confirm', 'to_confirm']);
    // each its own transaction
    expect(w.state.audits.map((a) => [a.target, a.trx])).toEqual([
      ['order:2', 1],
      ['order:5', 2],
    ]);
  });

  it('checks the refusal’s reason once, before any order moves', async () => {
    const w = world([order(1), order(2)]);
    await expect(w.svc.decide(as(LEADER), 'team', [1, 2], 'refuse', null)).rejects.toMatchObject({ message: '驳回时请填写原因' });
    expect([w.order(1).status, w.order(2).status]).toEqual(['pending_team', 'pending_team']);
  });
});

// ── sub-order moves ──────────────────────────────────────────────────────
/** An approved order 1 with one sub-order 11 in `status`, and a line of three units of item 900. */
const approved = (status: string, o: Partial<Order> = {}) =>
  world([order(1, { status: 'approved', ...o })], [sub(11, 1, { status })], [{ id: 111, sub_order_id: 11, item_id: 900, quantity: 3, delivered_qty: 0 }]);

describe('OrderMovesService: sub-order moves', () => {
  it('the checker’s acceptance completes the sub-order, stocks it in and records the spend exactly once', async () => {
    const w = approved('arrived');
    await w.svc.accept(as(CHECKER), 11, 42);
    expect(w.sub(11).status).toBe('completed');
    expect(w.state.stockIns).toEqual([{ subOrderId: 11, actorId: CHECKER, locationId: 42, trx: 1 }]);
    expect(w.state.acceptances).toEqual([{ subOrderId: 11, trx: 1 }]);
    expect(w.state.releases).toEqual([]);
    expect(w.state.refunds).toEqual([]);
    // its last sub-order final: the order completes
    expect(w.order(1).status).toBe('completed');
    expect(w.state.logs.map((l) => [l.sub_order_id, l.actor, l.action, l.to_status])).toEqual([
      [11, 'checker', 'accept', 'completed'],
      [null, 'system', 'complete', 'completed'],
    ]);
    expect(w.state.audits).toMatchObject([{ action: 'subOrder.accept', target: 'subOrder:11', trx: 1 }]);
    // accepting again is a conflict and stocks nothing more
    await expect(w.svc.accept(as(CHECKER), 11)).rejects.toMatchObject({ code: 40009 });
    expect(w.state.stockIns).toHaveLength(1);
    expect(w.state.acceptances).toHaveLength(1);
  });

  it('keeps the order open while another sub-order is still moving', async () => {
    const w = world([order(1, { status: 'approved' })], [sub(11, 1, { status: 'arrived' }), sub(12, 1, { status: 'to_deliver' })]);
    await w.svc.accept(as(CHECKER), 11);
    expect(w.sub(11).status).toBe('completed');
    expect(w.order(1).status).toBe('approved');
  });

  it('keeps the checker off an order they placed, and anyone not a checker out', async () => {
    const own = approved('arrived', { buyer_id: CHECKER, placed_by_id: CHECKER });
    await expect(own.svc.accept(as(CHECKER), 11)).rejects.toMatchObject({ code: 40000, message: DUTY_CONFLICT_MESSAGE });
    const w = approved('arrived');
    await expect(w.svc.accept(as(OWNER), 11)).rejects.toMatchObject({ code: 404, message: '订单不存在' });
    for (const x of [own, w]) {
      expect(x.sub(11).status).toBe('arrived');
      expect(x.writes()).toMatchObject(NOTHING);
    }
  });

  it('the buyer’s arrival completes and stocks in an order without a checker; with one it waits for acceptance', async () => {
    const w = approved('delivered', { checker_required: 0 });
    await w.svc.arrived(as(BUYER), 11, 7);
    expect(w.sub(11).status).toBe('completed');
    expect(w.state.stockIns).toEqual([{ subOrderId: 11, actorId: BUYER, locationId: 7, trx: 1 }]);
    expect(w.state.acceptances).toEqual([{ subOrderId: 11, trx: 1 }]);
    expect(w.order(1).status).toBe('completed');

    const checked = approved('delivered', { checker_required: 1 });
    await checked.svc.arrived(as(BUYER), 11);
    expect(checked.sub(11).status).toBe('arrived');
    expect(checked.state.stockIns).toEqual([]);
    expect(checked.state.acceptances).toEqual([]);
    expect(checked.order(1).status).toBe('approved');

    // only the buyer (or who placed it)
    const other = approved('delivered', { checker_required: 0 });
    await expect(other.svc.arrived(as(LEADER), 11)).rejects.toMatchObject({ code: 404 });
    expect(other.writes()).toMatchObject(NOTHING);
  });

  it('a supplier’s refusal gives the goods back to stock and releases the card’s freeze', async () => {
    const w = approved('to_confirm');
    await w.svc.supplierRefuse(supplier(), 11, '缺货');
    expect(w.sub(11).status).toBe('supplier_refused');
    expect(w.sub(11).reason).toBe('缺货');
    expect(w.state.givenBack).toEqual([{ returns: [{ itemId: 900, quantity: 3 }], trx: 1 }]);
    expect(w.state.releases).toEqual([{ subIds: [11], actorId: SUPPLIER_USER, reason: '供应商拒单：缺货', trx: 1 }]);
    expect(w.state.stockIns).toEqual([]);
    expect(w.state.acceptances).toEqual([]);
    expect(w.order(1).status).toBe('completed'); // its only sub-order ended
  });

  it('answers not found to another supplier, and a conflict when the sub-order moved meanwhile', async () => {
    const w = approved('to_confirm');
    await expect(w.svc.supplierRefuse(supplier(OTHER_SUPPLIER), 11, '缺货')).rejects.toMatchObject({ code: 404, message: '订单不存在' });
    await expect(w.svc.supplierRefuse(as(BUYER), 11, '缺货')).rejects.toMatchObject({ code: 404 });
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['to_confirm'] });

    w.race(() => {
      w.sub(11).status = 'stopped';
    });
    await expect(w.svc.supplierRefuse(supplier(), 11, '缺货')).rejects.toMatchObject({ code: 40009, message: '订单状态已变化，请刷新后重试' });
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['stopped'] });
  });

  it('a supplier cannot refuse a sub-order already confirmed', async () => {
    const w = approved('to_deliver');
    await expect(w.svc.supplierRefuse(supplier(), 11, '缺货')).rejects.toMatchObject({ code: 40009, message: '当前状态“待发货”不能执行该操作' });
    expect(w.writes()).toMatchObject({ ...NOTHING, subs: ['to_deliver'] });
  });
});
