import { type BidState, type BidSubmitInput, MY_BID_STATE_TEXT, type MyBidState } from '@kc/contracts/buying/bids';
import { yuan } from '@kc/contracts/buying/mall';
import type { Caller } from '../../../platform/auth/access.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import { addressVO, isOpened, lineVO, projectVO, resultOf } from './bid-views.ts';
import type { BidsRepository, ProjectRow } from './bids.repository.ts';

type Offer = NonNullable<Awaited<ReturnType<BidsRepository['ownOffer']>>>;

/**
 * The supplier's side: projects it may bid on, its own sealed bid (one per round, revisable until
 * the deadline), and the result once opened. Every read is of its own bid only; nothing is sent
 * or audited when a bid is handed in (an admin reading messages or the audit log would learn that
 * a bid exists).
 */
export class SupplierBidsService {
  constructor(private readonly repo: BidsRepository) {}

  private me(c: Caller) {
    if (c.supplierId === null) return fail('FORBIDDEN', '仅供应商账号可以投标');
    return c.supplierId;
  }

  /** Why the supplier may not bid on the project now, or null when it may. */
  private async cannotBid(r: BidsRepository, p: ProjectRow, supplierId: number, now: string) {
    if (p.state !== 'bidding' || p.deadline <= now) return '投标已截止';
    if (p.invite_mode === 'invited' && !(await r.invitedHas(p.id, supplierId))) return '贵公司未受邀参加该项目';
    const ok = await r.sellers(p.institute_id, [supplierId]);
    if (!ok.has(supplierId) || !(await r.activeSuppliers([supplierId])).has(supplierId)) return '贵公司与该单位无生效的供货合同，不能投标';
    return null;
  }

  /** The project when the supplier may see it: it may bid on it now, or it has bid on it; else 404. */
  private async visible(c: Caller, id: number) {
    const me = this.me(c);
    const p = await this.repo.find(id, null);
    if (!p) return fail('NOT_FOUND', '招标项目不存在');
    const now = new Date().toISOString();
    const why = await this.cannotBid(this.repo, p, me, now);
    if (why !== null && !(await this.repo.hasBid(id, me))) fail('NOT_FOUND', '招标项目不存在');
    return { p, me, why };
  }

  private async myBid(p: ProjectRow, o: Offer | undefined) {
    if (!o) return null;
    let state: MyBidState = 'submitted';
    if (o.round !== p.round || o.void === 1) state = o.void === 1 ? 'void' : 'lost';
    else if (isOpened(p) && o.rank === null) state = 'invalid';
    else if (p.state === 'awarded') state = p.winner_bid_id === o.id ? 'won' : 'lost';
    const lines = await this.repo.offerLines([o.id]);
    return {
      bidId: o.id,
      round: o.round,
      totalAmount: Number(o.total_amount),
      deliveryDays: o.delivery_days,
      remark: o.remark,
      submittedAt: o.submitted_at,
      state,
      stateText: MY_BID_STATE_TEXT[state],
      lines: lines.map((l) => ({ lineId: l.line_id, unitPrice: Number(l.unit_price), amount: Number(l.amount) })),
    };
  }

  /** open: projects it may bid on now (institutes it has a contract in force with); mine: projects it bid on. */
  async page(c: Caller, q: { current: number; size: number; title?: string; tab: 'open' | 'mine' }) {
    const me = this.me(c);
    const now = new Date().toISOString();
    const institutes: number[] = [];
    if (q.tab === 'open' && (await this.repo.activeSuppliers([me])).has(me)) {
      for (const inst of await this.repo.biddingInstitutes(now)) if ((await this.repo.sellers(inst, [me])).has(me)) institutes.push(inst);
    }
    const { rows, total } = await this.repo.supplierPage(me, q.tab, { title: q.title, now, institutes }, q.current, q.size);
    const offers = await this.repo.ownOffers(
      rows.map((r) => r.id),
      me,
    );
    const records = [];
    for (const r of rows) {
      const p = (await this.repo.find(r.id, null)) as ProjectRow;
      records.push({
        ...projectVO(r),
        myBid: await this.myBid(
          p,
          offers.find((o) => o.project_id === r.id),
        ),
      });
    }
    return { records, total, current: q.current, size: q.size };
  }

  async detail(c: Caller, id: number) {
    const { p, me, why } = await this.visible(c, id);
    const [lines, own] = await Promise.all([this.repo.lines(id), this.repo.ownOffer(id, me)]);
    const full = (await this.repo.find(id, null)) as ProjectRow & { institute_name: string; buyer_name: string | null };
    return {
      ...projectVO(full),
      remark: p.remark,
      lines: lines.map(lineVO),
      address: addressVO(p),
      myBid: await this.myBid(p, own),
      // after opening, the bidders see the ranked result (公开开标); before, nothing but their own bid
      result: isOpened(p) && own && own.round === p.round ? await resultOf(this.repo, p) : null,
      canBid: why === null,
      cannotBidReason: why,
    };
  }

  /**
   * Hands in or revises the supplier's bid: a price for every item, the total at most the ceiling.
   * The project row is locked first, so the opening (which locks it too) sees either the bid or
   * the refusal "投标已截止", never half of it.
   */
  async submit(c: Caller, b: BidSubmitInput) {
    const me = this.me(c);
    const { p } = await this.visible(c, b.projectId);
    const lines = await this.repo.lines(p.id);
    const given = new Map(b.lines.map((l) => [l.lineId, l.unitPrice]));
    if (given.size !== b.lines.length || lines.length !== given.size || lines.some((l) => !given.has(l.id)))
      fail('BAD_REQUEST', '请为每一项采购内容报价（每项一次）');
    const priced = lines.map((l) => ({ lineId: l.id, unitPrice: given.get(l.id) as number, amount: (given.get(l.id) as number) * l.quantity }));
    const total = priced.reduce((s, l) => s + l.amount, 0);
    if (total > Number(p.ceiling_amount)) fail('BAD_REQUEST', `报价合计 ¥${yuan(total)} 超过最高限价 ¥${yuan(Number(p.ceiling_amount))}`);
    try {
      await this.repo.inTransaction(async (r) => {
        const now = new Date().toISOString();
        if (!(await r.lock(p.id, 'bidding', { before: now }))) fail('STATE_CONFLICT', '投标已截止');
        const cur = (await r.find(p.id, null)) as ProjectRow;
        const why = await this.cannotBid(r, cur, me, now);
        if (why) fail('BAD_REQUEST', why);
        const set = { total_amount: total, delivery_days: b.deliveryDays, remark: b.remark, submitted_by: c.userId, submitted_at: now };
        const live = await r.liveOffer(cur.id, cur.round, me);
        let offerId: number;
        if (live) {
          await r.reviseOffer(live.id, set);
          offerId = live.id;
        } else {
          offerId = (
            await r.insertOffer({ ...set, project_id: cur.id, round: cur.round, supplier_id: me, void: 0, rank: null, invalid_reason: null, created_at: now })
          ).id;
        }
        await r.insertOfferLines(priced.map((l) => ({ offer_id: offerId, line_id: l.lineId, unit_price: l.unitPrice, amount: l.amount })));
      });
    } catch (err) {
      // two first bids of one supplier at once: the partial unique index keeps one
      if (isUniqueViolation(err)) fail('STATE_CONFLICT', '投标已提交，请刷新后重试');
      throw err;
    }
    const own = await this.repo.ownOffer(p.id, me);
    return this.myBid((await this.repo.find(p.id, null)) as ProjectRow, own);
  }

  /** A supplier is a party to a project's printout when it bid in the opened round. */
  async party(c: Caller, id: number): Promise<{ p: ProjectRow; state: BidState }> {
    const { p } = await this.visible(c, id);
    return { p, state: p.state as BidState };
  }
}
