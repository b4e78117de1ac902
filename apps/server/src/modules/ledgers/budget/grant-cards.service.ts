import { ENTRY_KIND_TEXT, type GrantCardInput, type OrderBudgetVO } from '@kc/contracts/ledgers/budget';
import { BUDGET_LINE_DEFAULT_KEY, BUDGET_LINE_DICT } from '@kc/contracts/shared/dicts-seed';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { Scope } from '../../../platform/db/data-scope.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { writeWorkbook } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import { availableOf, type CardRow, carryForward, type LineRow, lineAvailable, lockCard, type RebindOrders } from './budget-ledger.ts';
import { CardMoves } from './card-moves.ts';
import { cardUnusable, mayCharge } from './grant-card-rules.ts';
import type { CardFilter, GrantCardsRepository } from './grant-cards.repository.ts';

type OrderForBudget = { id: number; grant_card_id: number | null; total_amount: number };
const NOT_FOUND = '经费卡不存在';
/** Sub-orders that hold or will hold money on the card (the others were released or never will freeze). */
const ENDED = ['cancelled', 'stopped', 'supplier_refused', 'refunded'];

/** A sub-order as placement sees it, for choosing its budget line. */
export interface GroupForLine {
  supplierId: number;
  supplierName: string;
  lines: { itemId: number; amount: number }[];
}
/** The budget line name a top-level goods category charges (商品分类对应预算科目), loaded before the placing transaction. */
export type LineMapping = (topCategory: string | null) => string | null;

export const lineVO = (l: LineRow) => ({ id: l.id, name: l.name, amount: l.amount, frozen: l.frozen, drawn: l.drawn, available: lineAvailable(l) });

export const cardVO = (r: CardRow & { pi_name?: string | null; pi_user?: string | null; dept_name?: string | null }) => ({
  id: r.id,
  cardNo: r.card_no,
  title: r.title,
  piId: r.pi_id,
  piName: r.pi_name ?? r.pi_user ?? null,
  instituteId: r.institute_id,
  deptId: r.dept_id,
  deptName: r.dept_name ?? null,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  status: r.status as 'active',
  policy: r.policy as 'stop',
  total: Number(r.total),
  frozen: Number(r.frozen),
  drawn: Number(r.drawn),
  available: availableOf(r),
  source: r.source,
  updatedAt: r.updated_at,
});
export type CardVO = ReturnType<typeof cardVO>;

/**
 * 课题经费卡: the PI manages the cards they hold, the institute's finance every card of its
 * institute (the platform admin reads all). Buyers see the cards they may charge at checkout and
 * pick a default. Placement resolves and checks the order's card through `cardForOrder`; approvers
 * read 本单占用 and 可用余额 through `orderBudget`.
 */
export class GrantCardsService {
  constructor(
    private readonly repo: GrantCardsRepository,
    private readonly approvals: ApprovalsService,
    /** the dictionary reader (商品分类对应预算科目) */
    private readonly dicts: Pick<DictsService, 'entries'>,
    /** the orders module moves its orders to the new card at a carry-forward (port wired in app.ts) */
    private readonly rebindOrders: RebindOrders,
  ) {}

  /**
   * The budget moves of a use case of another module, in that use case's transaction (orders
   * freeze and release, claims and payments draw): `grantCards.within(trx).freezeOrder(…)`.
   */
  within(trx: Transaction<DB>): CardMoves {
    return new CardMoves(trx);
  }

  private async isFinance(c: Caller, instituteId = c.instituteId) {
    return instituteId !== null && (await this.approvals.canAct(c.userId, 'finance', { institute_id: instituteId, team_id: null }));
  }

  /** Finance: its institute's cards; the platform admin: all; anyone else: the cards they hold as PI. */
  private async scopeOf(c: Caller): Promise<Scope> {
    if (c.accountType === 0) return { kind: 'all' };
    if (c.instituteId !== null && (await this.isFinance(c))) return { kind: 'institute', instituteId: c.instituteId };
    return { kind: 'self', userId: c.userId };
  }

  async page(c: Caller, q: CardFilter & { current: number; size: number }) {
    const { rows, total } = await this.repo.page(await this.scopeOf(c), q, q.current, q.size);
    return {
      records: rows.map((r) => cardVO({ ...r, total: Number(r.total), frozen: Number(r.frozen), drawn: Number(r.drawn) })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  private async visible(c: Caller, id: number) {
    const card = await this.repo.card(id, await this.scopeOf(c));
    if (!card) return fail('NOT_FOUND', NOT_FOUND);
    return card;
  }

  async detail(c: Caller, id: number) {
    const card = await this.visible(c, id);
    const [lines, members] = await Promise.all([this.repo.lines(id), this.repo.members(id)]);
    return { ...cardVO(card), lines: lines.map(lineVO), members };
  }

  /** Who may change a card: finance of its institute, or its PI (the platform only reads). */
  private async mayWrite(c: Caller, card: { pi_id: number; institute_id: number }) {
    if (c.accountType !== 1) return false;
    return card.pi_id === c.userId || (await this.isFinance(c, card.institute_id));
  }

  /** PI, department and members must all belong to the card's institute; a PI who is not finance only writes their own cards. */
  private async checked(c: Caller, instituteId: number, b: GrantCardInput, finance: boolean, currentPi?: number) {
    const piId = b.piId ?? currentPi ?? c.userId;
    if (!finance && piId !== c.userId) fail('FORBIDDEN', '只有本所财务可以为他人设置经费卡');
    if ((await this.repo.usersOfInstitute(instituteId, [piId])).length === 0) fail('BAD_REQUEST', '课题负责人不是本所人员');
    if (b.deptId && !(await this.repo.deptInInstitute(b.deptId, instituteId))) fail('BAD_REQUEST', '部门不属于本所');
    const members = [...new Set(b.memberIds)].filter((id) => id !== piId);
    const known = await this.repo.usersOfInstitute(instituteId, members);
    const strangers = members.filter((id) => !known.includes(id));
    if (strangers.length) fail('BAD_REQUEST', `成员中有非本所人员（用户 ${strangers.join('、')}）`);
    return { piId, members };
  }

  async create(w: Who, b: GrantCardInput) {
    const c = w.caller;
    if (c.accountType !== 1 || c.instituteId === null) return fail('FORBIDDEN', '请先选择当前单位');
    const instituteId = c.instituteId;
    const finance = await this.isFinance(c);
    const { piId, members } = await this.checked(c, instituteId, b, finance);
    if (b.total < 0) fail('BAD_REQUEST', '总额不能为负');
    try {
      return await this.repo.inTransaction(async (r, trx) => {
        const at = new Date().toISOString();
        const { id } = await r.insertCard({
          card_no: b.cardNo,
          title: b.title,
          pi_id: piId,
          institute_id: instituteId,
          dept_id: b.deptId ?? null,
          valid_from: b.validFrom,
          valid_to: b.validTo,
          status: b.status,
          policy: b.policy,
          total: b.total,
          source: 'manual',
          created_by: c.userId,
          created_at: at,
          updated_at: at,
        });
        await r.replaceLines(id, b.lines);
        await r.replaceMembers(id, members);
        await writeAudit(trx, {
          userId: c.userId,
          action: 'grantCard.create',
          target: `grantCard:${id}`,
          detail: { cardNo: b.cardNo, total: b.total },
          ip: w.ip,
        });
        return { id };
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', `经费卡号 ${b.cardNo} 已存在`);
      throw e;
    }
  }

  async update(w: Who, id: number, b: GrantCardInput) {
    const c = w.caller;
    const card = await this.visible(c, id);
    if (!(await this.mayWrite(c, card))) fail('FORBIDDEN', '只有课题负责人或本所财务可以修改经费卡');
    const finance = await this.isFinance(c, card.institute_id);
    const { piId, members } = await this.checked(c, card.institute_id, b, finance, card.pi_id);
    try {
      await this.repo.inTransaction(async (r, trx) => {
        // the balance row is locked: a total below what is frozen and drawn is refused against committed figures
        const locked = await lockCard(trx, id);
        if (!locked) return fail('NOT_FOUND', NOT_FOUND);
        const used = locked.frozen + locked.drawn;
        if (b.total < used) fail('BAD_REQUEST', `总额不能低于已冻结与已支出之和 ¥${(used / 100).toFixed(2)}`);
        await r.updateCard(id, {
          card_no: b.cardNo,
          title: b.title,
          pi_id: piId,
          dept_id: b.deptId ?? null,
          valid_from: b.validFrom,
          valid_to: b.validTo,
          status: b.status,
          policy: b.policy,
          total: b.total,
          updated_at: new Date().toISOString(),
        });
        await r.replaceLines(id, b.lines);
        await r.replaceMembers(id, members);
        await writeAudit(trx, {
          userId: c.userId,
          action: 'grantCard.update',
          target: `grantCard:${id}`,
          detail: {
            before: { total: locked.total, status: locked.status, policy: locked.policy },
            after: { total: b.total, status: b.status, policy: b.policy },
          },
          ip: w.ip,
        });
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', `经费卡号 ${b.cardNo} 已存在`);
      throw e;
    }
  }

  /**
   * 年末结转: the institute's finance moves a card's open freezes to another card of the same
   * institute (the project's card for the new period); unfinished orders then charge that card.
   */
  async carry(w: Who, fromId: number, toId: number) {
    const c = w.caller;
    if (fromId === toId) fail('BAD_REQUEST', '请选择另一张经费卡作为结转目标');
    const from = await this.visible(c, fromId);
    const to = await this.visible(c, toId);
    if (c.accountType !== 1 || !(await this.isFinance(c, from.institute_id)) || to.institute_id !== from.institute_id)
      fail('FORBIDDEN', '只有本所财务可以结转经费卡');
    const why = cardUnusable(to);
    if (why) fail('BAD_REQUEST', `结转目标${why}`);
    return this.repo.inTransaction(async (_r, trx) => {
      const moved = await carryForward(trx, fromId, toId, c.userId, `年末结转：${from.card_no} → ${to.card_no}`, this.rebindOrders);
      await writeAudit(trx, { userId: c.userId, action: 'grantCard.carry', target: `grantCard:${fromId}`, detail: { to: toId, ...moved }, ip: w.ip });
      return moved;
    });
  }

  async ledger(c: Caller, cardId: number, current: number, size: number) {
    await this.visible(c, cardId);
    const { rows, total } = await this.repo.ledger(cardId, current, size);
    return { records: rows.map(entryVO), total, current, size };
  }

  async exportLedger(c: Caller, cardId: number) {
    const card = await this.visible(c, cardId);
    const { rows } = await this.repo.ledger(cardId, 1, null);
    const entries = rows.map(entryVO);
    const body = await writeWorkbook({
      name: '经费卡台账',
      columns: [
        { header: '时间', value: (e: (typeof entries)[number]) => e.createdAt, kind: 'datetime', width: 20 },
        { header: '类型', value: (e) => ENTRY_KIND_TEXT[e.kind], width: 10 },
        { header: '金额（元）', value: (e) => e.amount, kind: 'money' },
        { header: '预算科目', value: (e) => e.lineName, width: 16 },
        { header: '订单号', value: (e) => e.orderNo, width: 24 },
        { header: '子订单号', value: (e) => e.subNo, width: 26 },
        { header: '报销单号', value: (e) => e.claimNo, width: 22 },
        { header: '其他单据', value: (e) => e.ref, width: 18 },
        { header: '经办人', value: (e) => e.actorName },
        { header: '说明', value: (e) => e.reason, width: 40 },
      ],
      rows: entries,
    });
    return { body, filename: `经费卡台账-${card.card_no}.xlsx` };
  }

  /** People of the caller's institute to choose as PI or members (30 at most, by name or login). */
  async people(c: Caller, keyword: string | undefined) {
    if (c.instituteId === null) return [];
    return this.repo.people(c.instituteId, keyword);
  }

  // ── checkout ─────────────────────────────────────────────────────────────
  /** The cards the caller may charge today, with their default. */
  async usable(c: Caller) {
    if (c.instituteId === null) return [];
    const [cards, def] = await Promise.all([this.repo.chargeable(c.userId, c.instituteId), this.repo.defaultCard(c.userId)]);
    const usable = cards.filter((k) => cardUnusable(k) === null);
    const lines = await this.repo.linesOfCards(usable.map((k) => k.id));
    return usable.map((k) => ({
      id: k.id,
      cardNo: k.card_no,
      title: k.title,
      available: availableOf(k),
      policy: k.policy as 'stop',
      isDefault: k.id === def,
      lines: lines.filter((l) => l.card_id === k.id).map((l) => ({ id: l.id, name: l.name, available: lineAvailable(l) })),
    }));
  }

  async setDefault(w: Who, cardId: number) {
    const c = w.caller;
    if (!(await this.usable(c)).some((k) => k.id === cardId)) fail('NOT_FOUND', NOT_FOUND);
    await this.repo.inTransaction(async (r, trx) => {
      await r.setDefault(c.userId, cardId);
      await writeAudit(trx, { userId: c.userId, action: 'grantCard.default', target: `grantCard:${cardId}`, ip: w.ip });
    });
  }

  /**
   * The card an order charges, inside the placing transaction: the one named (of the buyer's
   * institute, usable today), else the buyer's default card. A named card the buyer is neither PI
   * nor member of is 他人代付: allowed, with the card's PI approving first (`othersCard`).
   * A buyer who may charge some card must name one; a buyer who may charge none orders without.
   */
  async cardForOrder(
    trx: Transaction<DB>,
    o: { buyerId: number; instituteId: number; requested?: number },
  ): Promise<{ card: CardRow; othersCard: boolean } | null> {
    const r = this.repo.within(trx);
    if (o.requested !== undefined) {
      const card = await r.cardInInstitute(o.requested, o.instituteId);
      if (!card) return fail('NOT_FOUND', NOT_FOUND);
      const why = cardUnusable(card);
      if (why) fail('FORBIDDEN', why);
      return { card, othersCard: !mayCharge(card, o.buyerId, await r.memberIds(card.id)) };
    }
    const usable = (await r.chargeable(o.buyerId, o.instituteId)).filter((k) => cardUnusable(k) === null);
    if (usable.length === 0) return null;
    const def = await r.defaultCard(o.buyerId);
    const card = usable.find((k) => k.id === def);
    if (!card) return fail('BAD_REQUEST', '请选择经费卡');
    return { card, othersCard: false };
  }

  /** The cards a user is PI of (whose 他人代付 orders they approve). */
  heldBy(userId: number): Promise<number[]> {
    return this.repo.heldBy(userId);
  }

  /** The PI of a card: the one person who approves 他人代付 on it. */
  async holderOf(cardId: number): Promise<number | null> {
    return (await this.repo.cardsByIds([cardId])).get(cardId)?.pi_id ?? null;
  }

  /**
   * 他人代付 at checkout: a usable card of the caller's institute found by its exact number, with
   * its PI's name (never balances: the buyer is not a member). Unknown, foreign and unusable
   * numbers answer alike.
   */
  async lookupForOthers(c: Caller, cardNo: string) {
    if (c.instituteId === null) return fail('NOT_FOUND', '未找到可用的经费卡');
    const card = await this.repo.cardByNo(c.instituteId, cardNo);
    if (!card || cardUnusable(card) !== null) return fail('NOT_FOUND', '未找到可用的经费卡');
    const [members, lines] = await Promise.all([this.repo.memberIds(card.id), this.repo.lines(card.id)]);
    const mine = mayCharge(card, c.userId, members);
    return {
      id: card.id,
      cardNo: card.card_no,
      title: card.title,
      piName: card.pi_name ?? '',
      othersCard: !mine,
      lines: lines.map((l) => ({ id: l.id, name: l.name })),
    };
  }

  // ── budget lines at checkout ──────────────────────────────────────────────
  /** The dictionary 商品分类对应预算科目 of an institute as a function (read outside any transaction: the dictionary cache may query). */
  async lineMapping(instituteId: number | null): Promise<LineMapping> {
    const byCategory = new Map((await this.dicts.entries(instituteId, BUDGET_LINE_DICT)).map((e) => [e.value, e.label]));
    return (top) => (top !== null ? byCategory.get(top) : undefined) ?? byCategory.get(BUDGET_LINE_DEFAULT_KEY) ?? null;
  }

  /** The line name a sub-order's goods charge by default: the mapped line of its largest category by amount. */
  private async suggested(r: GrantCardsRepository, groups: GroupForLine[], mapping: LineMapping) {
    const tops = await r.topCategories([...new Set(groups.flatMap((g) => g.lines.map((l) => l.itemId)))]);
    const out = new Map<number, string | null>();
    for (const g of groups) {
      const sums = new Map<string | null, number>();
      for (const l of g.lines) {
        const top = tops.get(l.itemId) ?? null;
        sums.set(top, (sums.get(top) ?? 0) + l.amount);
      }
      const largest = [...sums.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      out.set(g.supplierId, mapping(largest));
    }
    return out;
  }

  /** The budget line name each group would charge by default (the confirm page preselects the card's line of that name). */
  async suggestLines(instituteId: number | null, groups: GroupForLine[]) {
    return this.suggested(this.repo, groups, await this.lineMapping(instituteId));
  }

  /**
   * The budget line each sub-order (by supplier id) charges, inside the placing transaction. A line
   * the buyer named must be one of the card's; a card without lines charges none, an order without
   * a card names none (null). Not named: the card's line the goods' category maps to, else the
   * card's only line; a card with several lines and no match asks the buyer to choose.
   */
  async linesForOrder(
    trx: Transaction<DB>,
    card: CardRow | null,
    groups: GroupForLine[],
    requested: Record<string, number>,
    mapping: LineMapping,
  ): Promise<Map<number, number | null> | null> {
    if (!card) {
      if (Object.keys(requested).length) fail('BAD_REQUEST', '订单未使用经费卡，不能指定预算科目');
      return null;
    }
    const r = this.repo.within(trx);
    const lines = await r.lines(card.id);
    const foreign = Object.values(requested).find((id) => !lines.some((l) => l.id === id));
    if (foreign !== undefined) fail('BAD_REQUEST', `预算科目不属于经费卡 ${card.card_no}`);
    const out = new Map<number, number | null>();
    if (lines.length === 0) {
      for (const g of groups) out.set(g.supplierId, null);
      return out;
    }
    const names = await this.suggested(r, groups, mapping);
    for (const g of groups) {
      const named = requested[String(g.supplierId)];
      const line = named ?? lines.find((l) => l.name === names.get(g.supplierId))?.id ?? (lines.length === 1 ? lines[0].id : undefined);
      if (line === undefined) fail('BAD_REQUEST', `请为 ${g.supplierName} 的商品选择经费卡 ${card.card_no} 的预算科目`);
      out.set(g.supplierId, line);
    }
    return out;
  }

  /** 'check' entry at submission (no money): fails on an unusable card or a 超支禁止 card that is short already. */
  checkOrder(trx: Transaction<DB>, card: CardRow, o: { orderId: number; total: number; actorId: number }) {
    return this.within(trx).checkOrder(card, o);
  }

  /** 本单占用 and 可用余额 of an order's card (null: no card). */
  async orderBudget(order: OrderForBudget): Promise<OrderBudgetVO | null> {
    return (await this.orderBudgets([order])).get(order.id) ?? null;
  }

  /** The same for a page of orders: one query for the cards, one for the sub-orders' freezes. */
  async orderBudgets(orders: OrderForBudget[]): Promise<Map<number, OrderBudgetVO>> {
    const out = new Map<number, OrderBudgetVO>();
    const withCard = orders.filter((o) => o.grant_card_id !== null);
    if (withCard.length === 0) return out;
    const cardIds = [...new Set(withCard.map((o) => o.grant_card_id as number))];
    const [cards, subs, lines] = await Promise.all([
      this.repo.cardsByIds(cardIds),
      this.repo.subIdsOfOrders(withCard.map((o) => o.id)),
      this.repo.linesOfCards(cardIds),
    ]);
    const { open, frozen } = await this.repo.openFreezes(subs.map((s) => s.id));
    for (const o of withCard) {
      const card = cards.get(o.grant_card_id as number);
      if (!card) continue;
      const own = subs.filter((s) => s.order_id === o.id);
      const mine = own.map((s) => s.id);
      const isFrozen = mine.some((id) => frozen.has(id));
      const orderAmount = isFrozen ? mine.reduce((a, id) => a + (open.get(id) ?? 0), 0) : Number(o.total_amount);
      const available = availableOf(card);
      // per line: what the order holds there now, or (before the final approval) its live sub-orders' totals
      const held = (s: (typeof own)[number]) => (isFrozen ? (open.get(s.id) ?? 0) : ENDED.includes(s.status) ? 0 : Number(s.total_amount));
      const perLine = lines
        .filter((l) => l.card_id === card.id && own.some((s) => s.budget_line_id === l.id))
        .map((l) => {
          const amount = own.filter((s) => s.budget_line_id === l.id).reduce((a, s) => a + held(s), 0);
          const left = lineAvailable(l);
          return { lineId: l.id, name: l.name, orderAmount: amount, available: left, shortfall: isFrozen ? 0 : Math.max(0, amount - left) };
        });
      out.set(o.id, {
        cardId: card.id,
        cardNo: card.card_no,
        title: card.title,
        policy: card.policy as 'stop',
        orderAmount,
        frozen: isFrozen,
        available,
        shortfall: isFrozen ? 0 : Math.max(0, orderAmount - available),
        holderId: card.pi_id,
        lines: perLine,
      });
    }
    return out;
  }
}

function entryVO(e: {
  id: number;
  kind: string;
  amount: number | string;
  order_id: number | null;
  order_no: string | null;
  sub_order_id: number | null;
  sub_no: string | null;
  line_id: number | null;
  line_name: string | null;
  claim_id: number | null;
  claim_no: string | null;
  ref: string | null;
  actor_name: string | null;
  actor_user: string | null;
  reason: string | null;
  created_at: string;
}) {
  return {
    id: e.id,
    kind: e.kind as 'check',
    amount: Number(e.amount),
    orderId: e.order_id,
    orderNo: e.order_no,
    subOrderId: e.sub_order_id,
    subNo: e.sub_no,
    lineId: e.line_id,
    lineName: e.line_name,
    claimId: e.claim_id,
    claimNo: e.claim_no,
    ref: e.ref,
    actorName: e.actor_name ?? e.actor_user,
    reason: e.reason,
    createdAt: e.created_at,
  };
}
