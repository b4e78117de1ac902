import { randomInt } from 'node:crypto';
import { type BidProjectInput, type BidState, MAX_BID_DAYS, MIN_VALID_BIDS } from '@kc/contracts/buying/bids';
import { yuan } from '@kc/contracts/buying/mall';
import type { Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { callerScope } from '../../../platform/db/data-scope.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { Jobs } from '../../../platform/jobs/index.ts';
import { transition } from '../../../platform/transitions.ts';
import type { CheckoutService } from '../mall/index.ts';
import type { PlacementService } from '../orders/index.ts';
import type { BidNotices } from './bid-notices.ts';
import { rankBids } from './bid-ranking.ts';
import { BID_TRANSITIONS, type BidAction } from './bid-states.ts';
import { addressVO, isOpened, lineVO, logVO, projectVO, resultOf } from './bid-views.ts';
import type { BidsRepository, ProjectRow } from './bids.repository.ts';

export const OPEN_JOB = 'bids.open';
export const SWEEP_JOB = 'bids.sweep';

/** Project numbers: ZB + the date in Asia/Shanghai + 6 random digits (unique index). */
const projectNo = (now: Date) =>
  `ZB${new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

/**
 * The buyer's side of 招标采购 and the opening. Every use case is one transaction; a project row is
 * locked (a no-op conditional UPDATE) before anything checked about it is written, so an edit, a
 * bid, the opening and the award never interleave. Nothing here reads a bid before opening except
 * the opening itself.
 */
export class BidsService {
  constructor(
    private readonly repo: BidsRepository,
    private readonly notices: BidNotices,
    private readonly jobs: Jobs,
    private readonly checkout: CheckoutService,
    private readonly placement: PlacementService,
  ) {}

  /** The suppliers that may bid on a project of this institute (invited ones must also be contracted). */
  async eligible(db: BidsRepository, instituteId: number, mode: string, invited: number[]) {
    if (mode === 'all') return (await db.contractedActive(instituteId)).map((s) => s.id);
    const ok = await db.sellers(instituteId, invited);
    const active = await db.activeSuppliers([...ok]);
    return invited.filter((id) => active.has(id));
  }

  /** Suppliers a buyer may invite: active, with a contract in force with the buyer's institute. */
  suppliers(c: Caller) {
    if (c.instituteId === null) return Promise.resolve([]);
    return this.repo.contractedActive(c.instituteId);
  }

  private checkDeadline(deadline: string) {
    const at = Date.parse(deadline);
    if (at <= Date.now()) fail('BAD_REQUEST', '截止时间须晚于当前时间');
    if (at > Date.now() + MAX_BID_DAYS * 86_400_000) fail('BAD_REQUEST', `截止时间不能晚于 ${MAX_BID_DAYS} 天后`);
    return new Date(at).toISOString();
  }

  private async checkInvited(c: Caller, b: BidProjectInput) {
    const ids = b.inviteMode === 'invited' ? [...new Set(b.supplierIds)] : [];
    if (ids.length === 0) return ids;
    const ok = new Set((await this.repo.contractedActive(c.instituteId as number)).map((s) => s.id));
    const bad = ids.filter((id) => !ok.has(id));
    if (bad.length) fail('BAD_REQUEST', '所选供应商中有与本单位无生效供货合同的，不能邀请');
    return ids;
  }

  private async scheduleOpening(trx: Transaction<DB>, id: number, deadline: string) {
    await this.jobs.enqueue(trx, OPEN_JOB, { projectId: id }, { runAt: new Date(deadline) });
  }

  private target(from: BidState, action: BidAction) {
    const to = transition(BID_TRANSITIONS, from, action, 'buyer');
    if (!to)
      fail(
        'STATE_CONFLICT',
        `项目${from === 'bidding' ? '正在投标' : '当前状态'}，不能${{ edit: '修改', award: '定标', rebid: '重新招标', close: '关闭', open: '开标' }[action]}`,
      );
    return to as BidState;
  }

  async create(w: Who, b: BidProjectInput) {
    const c = w.caller;
    if (c.instituteId === null || c.deptId === null) fail('BAD_REQUEST', '请先选择当前单位后再发布招标');
    const deadline = this.checkDeadline(b.deadline);
    const invited = await this.checkInvited(c, b);
    return this.repo.inTransaction(async (r, trx) => {
      const addr = await this.checkout.address(c, b.addressId, trx);
      if (!addr) return fail('NOT_FOUND', '收货地址不存在');
      const now = new Date();
      const at = now.toISOString();
      const row = {
        project_no: projectNo(now),
        title: b.title,
        institute_id: c.instituteId as number,
        dept_id: c.deptId as number,
        team_id: c.teamId,
        buyer_id: c.userId,
        ceiling_amount: b.ceilingAmount,
        deadline,
        address_id: addr.id,
        recv_province: addr.province,
        recv_city: addr.city,
        recv_district: addr.district,
        recv_detail: addr.detail,
        recv_contact: addr.contact,
        recv_phone: addr.phone,
        invite_mode: b.inviteMode,
        remark: b.remark,
        state: 'bidding',
        round: 1,
        opened_at: null,
        winner_bid_id: null,
        order_id: null,
        close_reason: null,
        published_at: at,
        created_at: at,
      };
      const { id } = await r.insertProject(row);
      await r.replaceLines(
        id,
        b.lines.map((l) => ({ ...l, cas: l.cas ?? null })),
      );
      await r.replaceInvited(id, invited);
      await r.writeLog({
        project_id: id,
        round: 1,
        actor_id: c.userId,
        action: 'publish',
        from_state: null,
        to_state: 'bidding',
        detail: null,
        created_at: at,
      });
      await this.scheduleOpening(trx, id, deadline);
      const inst = await r.find(id, null);
      await this.notices.published(
        trx,
        { id, title: b.title, deadline },
        inst?.institute_name ?? '',
        await this.eligible(r, row.institute_id, b.inviteMode, invited),
      );
      return { id, projectNo: row.project_no };
    });
  }

  /** The project if the caller may see it (their data scope), else 404 — the same for a foreign id and a missing one. */
  private async visible(c: Caller, id: number, r: BidsRepository = this.repo) {
    const p = await r.find(id, callerScope(c));
    if (!p) return fail('NOT_FOUND', '招标项目不存在');
    return p;
  }

  /** Only the buyer who published a project changes it, from the project's institute. */
  private async own(c: Caller, id: number, r: BidsRepository = this.repo) {
    const p = await this.visible(c, id, r);
    if (p.buyer_id !== c.userId) fail('FORBIDDEN', '只有发布该项目的采购人可以操作');
    if (c.instituteId !== p.institute_id) fail('BAD_REQUEST', '请切换到该项目所属单位后再操作');
    return p;
  }

  /**
   * An edit while bidding: the request changes, the round's bids are voided and every supplier
   * concerned is told in the same words (whether any had bid stays secret). The answer is the same
   * whether or not bids existed.
   */
  async update(w: Who, id: number, b: BidProjectInput) {
    const c = w.caller;
    const p0 = await this.own(c, id);
    this.target(p0.state as BidState, 'edit');
    const deadline = this.checkDeadline(b.deadline);
    const invited = await this.checkInvited(c, b);
    await this.repo.inTransaction(async (r, trx) => {
      const now = new Date().toISOString();
      if (!(await r.lock(id, 'bidding', { before: now }))) fail('STATE_CONFLICT', '项目已截止或不在投标中，不能修改');
      const p = (await r.find(id, null)) as ProjectRow;
      const addr = await this.checkout.address(c, b.addressId, trx);
      if (!addr) return fail('NOT_FOUND', '收货地址不存在');
      const before = await this.eligible(
        r,
        p.institute_id,
        p.invite_mode,
        (await r.invited(id)).map((s) => s.id),
      );
      await r.update(id, {
        title: b.title,
        ceiling_amount: b.ceilingAmount,
        deadline,
        address_id: addr.id,
        recv_province: addr.province,
        recv_city: addr.city,
        recv_district: addr.district,
        recv_detail: addr.detail,
        recv_contact: addr.contact,
        recv_phone: addr.phone,
        invite_mode: b.inviteMode,
        remark: b.remark,
      });
      await r.replaceLines(
        id,
        b.lines.map((l) => ({ ...l, cas: l.cas ?? null })),
      );
      await r.replaceInvited(id, invited);
      const voided = await r.voidRound(id, p.round);
      await r.writeLog({
        project_id: id,
        round: p.round,
        actor_id: c.userId,
        action: 'edit',
        from_state: 'bidding',
        to_state: 'bidding',
        detail: null,
        created_at: now,
      });
      await this.scheduleOpening(trx, id, deadline);
      const after = await this.eligible(r, p.institute_id, b.inviteMode, invited);
      await this.notices.edited(trx, { id, title: b.title, deadline }, [...before, ...after, ...voided]);
    });
  }

  /**
   * Opens the current round of a project whose deadline has passed; anything else (already opened,
   * closed, deadline moved later by an edit) does nothing. Idempotent: the scheduled job, the
   * sweep and a retried job may all call it. Every bid of the round is judged and ranked once.
   */
  async open(projectId: number): Promise<BidState | null> {
    return this.repo.inTransaction(async (r, trx) => {
      const now = new Date().toISOString();
      if (!(await r.lock(projectId, 'bidding', { notBefore: now }))) return null;
      const p = (await r.find(projectId, null)) as ProjectRow;
      const offers = await r.offers(p.id, p.round);
      const ids = offers.map((o) => o.supplier_id);
      const contracted = await r.sellers(p.institute_id, ids);
      const active = await r.activeSuppliers([...contracted]);
      const ranked = rankBids(
        offers.map((o) => ({ id: o.id, supplierId: o.supplier_id, totalAmount: Number(o.total_amount), submittedAt: o.submitted_at, void: o.void === 1 })),
        Number(p.ceiling_amount),
        active,
      );
      for (const x of ranked) await r.judge(x.bid.id, x.rank, x.invalidReason);
      const valid = ranked.filter((x) => x.valid).length;
      const to = transition(BID_TRANSITIONS, 'bidding', 'open', 'system', { validBids: valid, minValid: MIN_VALID_BIDS }) as BidState;
      if (!(await r.move(p.id, 'bidding', to, { opened_at: now }))) return null;
      await r.writeLog({
        project_id: p.id,
        round: p.round,
        actor_id: null,
        action: 'open',
        from_state: 'bidding',
        to_state: to,
        detail: `投标 ${offers.length} 家，有效 ${valid} 家${to === 'failed' ? `，不足 ${MIN_VALID_BIDS} 家流标` : ''}`,
        created_at: now,
      });
      const bidders = offers.filter((o) => o.void === 0).map((o) => o.supplier_id);
      await this.notices.opened(trx, p, bidders, valid, to === 'failed');
      return to;
    });
  }

  /** The sweep: opens every project past its deadline (a catch-all beside each project's own job). */
  async openDue() {
    for (const id of await this.repo.due(new Date().toISOString())) await this.open(id);
  }

  /** The award: the lowest valid bid of the opened round (ties: the earliest) becomes an order. */
  async award(w: Who, id: number, grantCardId?: number, budgetLineId?: number) {
    const c = w.caller;
    const p0 = await this.own(c, id);
    this.target(p0.state as BidState, 'award');
    const plan = await this.placement.awardPlanner(c, { instituteId: p0.institute_id, deptId: p0.dept_id, teamId: p0.team_id });
    return this.repo.inTransaction(async (r, trx) => {
      if (!(await r.lock(id, 'opened'))) fail('STATE_CONFLICT', '项目状态已变化，请刷新后重试');
      const p = (await r.find(id, null)) as ProjectRow;
      const result = await resultOf(r, p);
      const winner = result.find((x) => x.rank === 1);
      if (!winner) return fail('STATE_CONFLICT', '没有有效投标，不能定标');
      if (!(await r.sellers(p.institute_id, [winner.supplierId])).has(winner.supplierId)) {
        fail('BAD_REQUEST', `${winner.supplierName} 与本单位的供货合同已失效，不能定标；可重新招标或关闭项目`);
      }
      const lines = await r.lines(p.id);
      const price = new Map(winner.lines.map((l) => [l.lineId, l.unitPrice]));
      const order = await this.placement.placeAwarded(
        trx,
        w,
        {
          projectNo: p.project_no,
          round: p.round,
          institute: { instituteId: p.institute_id, deptId: p.dept_id, teamId: p.team_id },
          address: addressVO(p),
          supplierId: winner.supplierId,
          lines: lines.map((l) => ({
            lineNo: l.line_no,
            name: l.name,
            spec: l.spec,
            cas: l.cas,
            unit: l.unit,
            quantity: l.quantity,
            unitPrice: price.get(l.id) as number,
          })),
          remark: `招标项目 ${p.project_no}《${p.title}》定标`,
          grantCardId,
          budgetLineId,
        },
        plan,
      );
      const at = new Date().toISOString();
      await r.move(p.id, 'opened', 'awarded', { winner_bid_id: winner.bidId, order_id: order.orderId });
      await r.writeLog({
        project_id: p.id,
        round: p.round,
        actor_id: c.userId,
        action: 'award',
        from_state: 'opened',
        to_state: 'awarded',
        detail: `${winner.supplierName} ¥${yuan(winner.totalAmount)}，订单 ${order.orderNo}`,
        created_at: at,
      });
      const losers = result.filter((x) => x.bidId !== winner.bidId && x.invalidReason !== '招标内容修改后作废').map((x) => x.supplierId);
      await this.notices.awarded(trx, p, { supplierId: winner.supplierId, amount: winner.totalAmount, orderNo: order.orderNo }, losers);
      return order;
    });
  }

  /** A new round after a failed (or unawardable) one: a new deadline; the old round's bids stay on record. */
  async rebid(w: Who, id: number, deadlineIn: string) {
    const c = w.caller;
    const p0 = await this.own(c, id);
    const to = this.target(p0.state as BidState, 'rebid');
    const deadline = this.checkDeadline(deadlineIn);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.lock(id, p0.state as BidState))) fail('STATE_CONFLICT', '项目状态已变化，请刷新后重试');
      const round = p0.round + 1;
      await r.move(id, p0.state as BidState, to, { round, deadline, opened_at: null, winner_bid_id: null });
      const at = new Date().toISOString();
      await r.writeLog({ project_id: id, round, actor_id: c.userId, action: 'rebid', from_state: p0.state, to_state: to, detail: null, created_at: at });
      await this.scheduleOpening(trx, id, deadline);
      const invited = (await r.invited(id)).map((s) => s.id);
      await this.notices.rebid(trx, { id, title: p0.title, deadline, round }, await this.eligible(r, p0.institute_id, p0.invite_mode, invited));
    });
  }

  async close(w: Who, id: number, reason: string) {
    const c = w.caller;
    const p0 = await this.own(c, id);
    const to = this.target(p0.state as BidState, 'close');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.lock(id, p0.state as BidState))) fail('STATE_CONFLICT', '项目状态已变化，请刷新后重试');
      await r.move(id, p0.state as BidState, to, { close_reason: reason });
      const at = new Date().toISOString();
      await r.writeLog({
        project_id: id,
        round: p0.round,
        actor_id: c.userId,
        action: 'close',
        from_state: p0.state,
        to_state: to,
        detail: reason,
        created_at: at,
      });
      const invited = (await r.invited(id)).map((s) => s.id);
      await this.notices.closed(trx, p0, await this.eligible(r, p0.institute_id, p0.invite_mode, invited), reason);
    });
  }

  async page(c: Caller, q: { current: number; size: number; title?: string; state?: BidState }) {
    const { rows, total } = await this.repo.page(callerScope(c), q, q.current, q.size);
    return { records: rows.map(projectVO), total, current: q.current, size: q.size };
  }

  async detail(c: Caller, id: number) {
    return this.detailOf(await this.visible(c, id));
  }

  /** The printable record, for a caller BidPrintService has already judged a party of an opened project. */
  async detailAfterOpening(id: number) {
    const p = await this.repo.find(id, null);
    if (!p || !isOpened(p)) return fail('NOT_FOUND', '招标项目不存在');
    return this.detailOf(p);
  }

  private async detailOf(p: ProjectRow & { institute_name: string; buyer_name: string | null }) {
    const id = p.id;
    const [lines, suppliers, log] = await Promise.all([this.repo.lines(id), this.repo.invited(id), this.repo.log(id)]);
    const order = p.order_id ? await this.repo.orderNo(p.order_id) : undefined;
    return {
      ...projectVO(p),
      remark: p.remark,
      lines: lines.map(lineVO),
      address: addressVO(p),
      addressId: p.address_id,
      suppliers,
      openedAt: p.opened_at,
      closeReason: p.close_reason,
      result: isOpened(p) ? await resultOf(this.repo, p) : null,
      winnerBidId: p.winner_bid_id,
      orderId: p.order_id,
      orderNo: order?.order_no ?? null,
      log: log.map(logVO),
    };
  }

  async publicPage(q: { current: number; size: number; title?: string }) {
    const { rows, total } = await this.repo.publicPage(q.title, q.current, q.size);
    return {
      records: rows.map((r) => {
        const v = projectVO(r);
        return {
          id: v.id,
          projectNo: v.projectNo,
          title: v.title,
          instituteName: v.instituteName,
          publishedAt: v.publishedAt,
          deadline: v.deadline,
          state: v.state,
          stateText: v.stateText,
        };
      }),
      total,
      current: q.current,
      size: q.size,
    };
  }
}
