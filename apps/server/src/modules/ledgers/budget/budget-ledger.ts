import { yuan } from '@kc/contracts/buying/mall';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, GrantCardTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { cardUnusable } from './grant-card-rules.ts';

type Trx = Transaction<DB>;
export type CardRow = Selectable<GrantCardTable>;

/**
 * The budget ledger of grant cards (docs/domains/ledgers.md#budget-ledger): every movement of a card's frozen or drawn figure
 * is one append-only budget_entry row, written in the same transaction as the card's balance row,
 * with the card row locked first. Kinds and their effect on the card:
 *
 *   check    0            the card was checked at submission (no money)
 *   freeze   +frozen      at the order's final approval, one entry per sub-order
 *   adjust   ±frozen      the sub-order's amount changed (what is drawn differs from what was frozen;
 *                         part of it refunded after delivery before it was drawn)
 *   release  −frozen      refused, cancelled, stopped, refunded: the sub-order's open freeze goes back
 *   draw     −frozen +drawn  the claim completed or the statement was paid; once per sub-order
 *   reverse  −drawn       a draw taken back (part of a drawn sub-order refunded after delivery)
 *   carry    ∓frozen      year end: open freezes move to the next period's card, a pair of entries
 *
 * A sub-order's open freeze = Σ freeze/adjust/release − Σ draw of its entries; it is 0 once the
 * sub-order is drawn or released, so every order returns to 0 frozen at completion or cancellation.
 *
 * Budget lines (预算科目): a sub-order of a card with lines names one (`sub_order.budget_line_id`);
 * every entry of it carries that line (`line_id`) and moves the line's balance row (frozen, drawn on
 * `grant_card_line`) by the same amounts as the card's, in the same transaction. The card row is
 * locked first and every writer of a line's figures holds it, so the line rows need no lock of their own.
 */

/**
 * Lock the card row for the rest of the transaction and read it. The no-op UPDATE takes PostgreSQL's
 * row lock (READ COMMITTED: a second approval waits here and then reads the committed balance) and
 * is harmless on SQLite, where the transaction is the single writer already.
 */
export async function lockCard(trx: Trx, cardId: number): Promise<CardRow | undefined> {
  await trx.updateTable('grant_card').set({ frozen: sql`frozen` }).where('id', '=', cardId).execute();
  const row = await trx.selectFrom('grant_card').selectAll().where('id', '=', cardId).executeTakeFirst();
  return row && normalise(row);
}

/** bigint columns come back as strings from pg */
export const normalise = (c: CardRow): CardRow => ({ ...c, total: Number(c.total), frozen: Number(c.frozen), drawn: Number(c.drawn) });
export const availableOf = (c: Pick<CardRow, 'total' | 'frozen' | 'drawn'>) => Number(c.total) - Number(c.frozen) - Number(c.drawn);

interface Entry {
  kind: 'check' | 'freeze' | 'adjust' | 'release' | 'draw' | 'reverse' | 'carry';
  amount: number;
  /** the budget line moved with the card (null: none) */
  line_id?: number | null;
  order_id?: number | null;
  sub_order_id?: number | null;
  claim_id?: number | null;
  ref?: string | null;
  reason?: string | null;
}

/** Append entries to a locked card and move its balance row by what they add up to, in the caller's transaction. */
async function post(trx: Trx, cardId: number, actorId: number | null, entries: Entry[]) {
  if (entries.length === 0) return;
  const at = new Date().toISOString();
  await trx
    .insertInto('budget_entry')
    .values(
      entries.map((e) => ({
        card_id: cardId,
        kind: e.kind,
        amount: e.amount,
        order_id: e.order_id ?? null,
        sub_order_id: e.sub_order_id ?? null,
        line_id: e.line_id ?? null,
        claim_id: e.claim_id ?? null,
        ref: e.ref ?? null,
        actor_id: actorId,
        reason: e.reason ?? null,
        created_at: at,
      })),
    )
    .execute();
  const { frozen, drawn } = movesOf(entries);
  await trx
    .updateTable('grant_card')
    .set({ frozen: sql`frozen + ${frozen}`, drawn: sql`drawn + ${drawn}`, updated_at: at })
    .where('id', '=', cardId)
    .execute();
  // each line's balance row by what its entries add up to, in ascending line id
  const byLine = new Map<number, Entry[]>();
  for (const e of entries) if (e.line_id != null) byLine.set(e.line_id, [...(byLine.get(e.line_id) ?? []), e]);
  for (const lineId of [...byLine.keys()].sort((a, b) => a - b)) {
    const m = movesOf(byLine.get(lineId) ?? []);
    if (m.frozen === 0 && m.drawn === 0) continue;
    await trx
      .updateTable('grant_card_line')
      .set({ frozen: sql`frozen + ${m.frozen}`, drawn: sql`drawn + ${m.drawn}` })
      .where('id', '=', lineId)
      .where('card_id', '=', cardId)
      .execute();
  }
}

/** What entries move a balance row (the card's or a line's) by. */
function movesOf(entries: readonly Entry[]) {
  let frozen = 0;
  let drawn = 0;
  for (const e of entries) {
    if (MOVES_FROZEN.includes(e.kind)) frozen += e.amount;
    else if (e.kind === 'draw') {
      frozen -= e.amount;
      drawn += e.amount;
    } else if (e.kind === 'reverse') drawn += e.amount;
  }
  return { frozen, drawn };
}

export interface LineRow {
  id: number;
  card_id: number;
  name: string;
  amount: number;
  frozen: number;
  drawn: number;
}

/** The budget lines of cards with their balance rows (bigint columns as numbers), in id order. */
export async function cardLines(db: Executor, cardIds: number[]): Promise<LineRow[]> {
  if (cardIds.length === 0) return [];
  const rows = await db
    .selectFrom('grant_card_line')
    .select(['id', 'card_id', 'name', 'amount', 'frozen', 'drawn'])
    .where('card_id', 'in', cardIds)
    .orderBy('id')
    .execute();
  return rows.map((l) => ({ ...l, amount: Number(l.amount), frozen: Number(l.frozen), drawn: Number(l.drawn) }));
}
export const lineAvailable = (l: Pick<LineRow, 'amount' | 'frozen' | 'drawn'>) => l.amount - l.frozen - l.drawn;

/** Shown to people: 经费卡 X 预算科目「材料费」可用余额不足，差 ¥12.34 */
export const lineShortfallMessage = (cardNo: string, line: string, shortfall: number) =>
  `经费卡 ${cardNo} 预算科目「${line}」可用余额不足，差 ¥${yuan(shortfall)}`;

/** What each line of a card lacks for these sub-orders (sub-orders without a line, or of an unknown line, are the card's alone). */
async function lineShortfalls(trx: Trx, card: CardRow, subs: { total_amount: number | string; budget_line_id: number | null }[]) {
  const need = new Map<number, number>();
  for (const s of subs) if (s.budget_line_id !== null) need.set(s.budget_line_id, (need.get(s.budget_line_id) ?? 0) + Number(s.total_amount));
  if (need.size === 0) return [];
  return (await cardLines(trx, [card.id]))
    .map((l) => ({ line: l, short: (need.get(l.id) ?? 0) - lineAvailable(l) }))
    .filter((x) => need.has(x.line.id) && x.short > 0)
    .map((x) => lineShortfallMessage(card.card_no, x.line.name, x.short));
}

/** Kinds whose amount moves the frozen figure (a draw moves it too, from frozen to drawn). */
const MOVES_FROZEN: readonly Entry['kind'][] = ['freeze', 'adjust', 'release', 'carry'];

/** Open freeze per sub-order (see the header), and which of them have been frozen or drawn at all. */
export async function openFreezes(db: Executor, subIds: number[]) {
  const open = new Map<number, number>();
  const frozen = new Set<number>();
  const drawn = new Set<number>();
  if (subIds.length === 0) return { open, frozen, drawn };
  const rows = await db
    .selectFrom('budget_entry')
    .select(['sub_order_id', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
    .where('sub_order_id', 'in', subIds)
    .groupBy(['sub_order_id', 'kind'])
    .execute();
  for (const r of rows) {
    const id = r.sub_order_id as number;
    const n = Number(r.sum);
    if (r.kind === 'freeze') frozen.add(id);
    if (r.kind === 'draw') drawn.add(id);
    const sign = r.kind === 'draw' ? -1 : MOVES_FROZEN.includes(r.kind as Entry['kind']) ? 1 : 0;
    open.set(id, (open.get(id) ?? 0) + sign * n);
  }
  return { open, frozen, drawn };
}

/** Shown to people: 经费卡 X 可用余额不足，差 ¥12.34 */
export const shortfallMessage = (cardNo: string, shortfall: number) => `经费卡 ${cardNo} 可用余额不足，差 ¥${yuan(shortfall)}`;

/**
 * 'check' at submission (no money moves): the card must be chargeable today. A shortfall does not
 * refuse the order here: it is recorded on the entry and shown to the approvers (本单占用 / 可用余额),
 * and the final approval decides under the card's lock, where a 超支禁止 card refuses it unless an
 * override reason is given. Two orders that both passed this check can therefore never both freeze.
 */
export async function checkAtSubmission(trx: Trx, card: CardRow, o: { orderId: number; total: number; actorId: number }) {
  const why = cardUnusable(card);
  if (why) fail('FORBIDDEN', why);
  const short = o.total - availableOf(card);
  await trx
    .insertInto('budget_entry')
    .values({
      card_id: card.id,
      kind: 'check',
      amount: 0,
      order_id: o.orderId,
      sub_order_id: null,
      claim_id: null,
      ref: null,
      actor_id: o.actorId,
      reason: short > 0 ? `提交时${shortfallMessage(card.card_no, short)}` : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface FreezeOutcome {
  /** set when a 超支提醒 card passed short, or an override passed a 超支禁止 card */
  warning: string | null;
}

/**
 * At the order's final approval: freeze every live sub-order's total on the order's card (and on
 * its budget line). A 超支禁止 card that would be overdrawn, as a whole or on one of its lines,
 * refuses the approval with the shortfall (the line named), unless the approver may override and
 * gives a reason (logged in the entries); a 超支提醒 card passes with a warning recorded. Sub-orders
 * frozen before are skipped (a retried approval freezes nothing twice).
 */
export async function freezeOrder(
  trx: Trx,
  o: { orderId: number; cardId: number | null; actorId: number },
  override: { reason: string | null; allowed: boolean },
): Promise<FreezeOutcome> {
  if (o.cardId === null) return { warning: null };
  const card = await lockCard(trx, o.cardId);
  if (!card) return { warning: null };
  const why = cardUnusable(card);
  if (why) fail('FORBIDDEN', `${why}，不能通过审批`);
  const subs = await trx
    .selectFrom('sub_order')
    .select(['id', 'total_amount', 'budget_line_id'])
    .where('order_id', '=', o.orderId)
    .where('status', 'not in', ['cancelled', 'stopped', 'supplier_refused', 'refunded'])
    .orderBy('id')
    .execute();
  const { frozen } = await openFreezes(
    trx,
    subs.map((s) => s.id),
  );
  const todo = subs.filter((s) => !frozen.has(s.id));
  const need = todo.reduce((a, s) => a + Number(s.total_amount), 0);
  const short = need - availableOf(card);
  const problems = [...(short > 0 ? [shortfallMessage(card.card_no, short)] : []), ...(await lineShortfalls(trx, card, todo))];
  let reason: string | null = null;
  if (problems.length) {
    const text = problems.join('；');
    if (card.policy === 'warn') reason = `超支提醒：${text}`;
    else if (override.reason && override.allowed) reason = `超支审批：${override.reason}（${text}）`;
    else if (override.reason) fail('FORBIDDEN', `${text}；只有研究所负责人或财务可以超支审批`);
    else fail('FORBIDDEN', text);
  }
  await post(
    trx,
    card.id,
    o.actorId,
    todo.map((s) => ({ kind: 'freeze', amount: Number(s.total_amount), order_id: o.orderId, sub_order_id: s.id, line_id: s.budget_line_id, reason })),
  );
  return { warning: reason };
}

/** Sub-orders with their order's card, grouped by card in ascending card id (concurrent callers lock cards in one order). */
type ChargedSub = { id: number; order_id: number; total_amount: number; refunded_amount: number; budget_line_id: number | null };
async function subsByCard(trx: Trx, subIds: number[], onlyStatus?: string) {
  if (subIds.length === 0) return new Map<number, ChargedSub[]>();
  let q = trx
    .selectFrom('sub_order')
    .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
    .select([
      'sub_order.id',
      'sub_order.order_id',
      'sub_order.total_amount',
      'sub_order.refunded_amount',
      'sub_order.budget_line_id',
      'purchase_order.grant_card_id',
    ])
    .where('sub_order.id', 'in', subIds)
    .where('purchase_order.grant_card_id', 'is not', null);
  if (onlyStatus) q = q.where('sub_order.status', '=', onlyStatus);
  const rows = await q.orderBy('purchase_order.grant_card_id').orderBy('sub_order.id').execute();
  const byCard = new Map<number, ChargedSub[]>();
  for (const r of rows) {
    const cardId = r.grant_card_id as number;
    const sub = {
      id: r.id,
      order_id: r.order_id,
      total_amount: Number(r.total_amount),
      refunded_amount: Number(r.refunded_amount),
      budget_line_id: r.budget_line_id,
    };
    byCard.set(cardId, [...(byCard.get(cardId) ?? []), sub]);
  }
  return byCard;
}

/** Refused, cancelled, stopped or refunded sub-orders: their open freeze goes back to the card. */
export async function releaseSubOrders(trx: Trx, subIds: number[], actorId: number | null, reason: string) {
  for (const [cardId, subs] of await subsByCard(trx, subIds)) {
    if (!(await lockCard(trx, cardId))) continue;
    const { open } = await openFreezes(
      trx,
      subs.map((s) => s.id),
    );
    await post(
      trx,
      cardId,
      actorId,
      subs
        .filter((s) => (open.get(s.id) ?? 0) !== 0)
        .map((s) => ({ kind: 'release', amount: -(open.get(s.id) ?? 0), order_id: s.order_id, sub_order_id: s.id, line_id: s.budget_line_id, reason })),
    );
  }
}

/**
 * Part of a sub-order refunded after delivery (an after-sales return or refund-only), inside the
 * refund's transaction: while the sub-order is frozen, the freeze shrinks by the refund (adjust, at
 * most what is still frozen); once it was drawn, the draw is taken back by the refund (reverse).
 * A later draw takes total − refunded, so the open freeze still ends at 0.
 */
export async function refundOnCard(trx: Trx, r: { subOrderId: number; amount: number; actorId: number | null; ref: string; reason: string }) {
  if (r.amount <= 0) return;
  for (const [cardId, subs] of await subsByCard(trx, [r.subOrderId])) {
    if (!(await lockCard(trx, cardId))) continue;
    const { open, drawn } = await openFreezes(trx, [r.subOrderId]);
    const s = subs[0];
    const common = { order_id: s.order_id, sub_order_id: s.id, line_id: s.budget_line_id, ref: r.ref, reason: r.reason };
    if (drawn.has(s.id)) await post(trx, cardId, r.actorId, [{ ...common, kind: 'reverse', amount: -r.amount }]);
    else {
      const take = Math.min(r.amount, open.get(s.id) ?? 0);
      if (take > 0) await post(trx, cardId, r.actorId, [{ ...common, kind: 'adjust', amount: -take }]);
    }
  }
}

export interface DrawRef {
  claimId?: number | null;
  /** a statement, a payment or another document's reference */
  ref?: string | null;
  actorId?: number | null;
  /** what each sub-order draws, when it differs from its total (a claim's amount for it) */
  amounts?: Map<number, number>;
}

/**
 * Draw the sub-orders on their cards: the money is spent. Called when the claim covering them
 * completes and when the supplier statement holding them is paid; a sub-order draws once, whichever
 * comes first (checked under the card's lock, and the unique index on draws backs it). When what is
 * drawn differs from what was frozen, an adjust entry comes first, so the sub-order's open freeze
 * ends at 0. Sub-orders of orders without a card, and sub-orders not completed (accepted), are
 * skipped. Returns how many drew now.
 */
export async function drawSubOrders(trx: Trx, subOrderIds: number[], ref: DrawRef = {}): Promise<number> {
  let count = 0;
  // only accepted (completed) sub-orders are spent; refused, cancelled or refunded ones have nothing to draw
  for (const [cardId, subs] of await subsByCard(trx, [...new Set(subOrderIds)], 'completed')) {
    if (!(await lockCard(trx, cardId))) continue;
    const { open, drawn } = await openFreezes(
      trx,
      subs.map((s) => s.id),
    );
    const entries: Entry[] = [];
    for (const s of subs) {
      if (drawn.has(s.id)) continue;
      // what was refunded of it after delivery is not spent
      const amount = ref.amounts?.get(s.id) ?? s.total_amount - s.refunded_amount;
      const held = open.get(s.id) ?? 0;
      const common = { order_id: s.order_id, sub_order_id: s.id, line_id: s.budget_line_id, claim_id: ref.claimId ?? null, ref: ref.ref ?? null };
      if (held !== amount) entries.push({ ...common, kind: 'adjust', amount: amount - held, reason: '按实际支出调整冻结' });
      entries.push({ ...common, kind: 'draw', amount });
      count += 1;
    }
    await post(trx, cardId, ref.actorId ?? null, entries);
  }
  return count;
}

/**
 * Year-end carry-forward (结转): the open freezes of `fromId` move to `toId` (the project's card for
 * the new period) as paired entries, −X on the old card and +X on the new one per sub-order, and
 * their orders now charge the new card, so a later release or draw lands there. A sub-order's budget
 * line moves to the new card's line of the same name (none when it has no such line). Both cards
 * are locked in ascending id order. Returns the sub-orders and the amount carried.
 */
/** Moves orders to another card: what the orders module does for a carry-forward (a port: orders sit above the ledgers). */
export type RebindOrders = (trx: Trx, move: { orderIds: number[]; cardId: number; lines: { subOrderId: number; lineId: number | null }[] }) => Promise<void>;

export async function carryForward(trx: Trx, fromId: number, toId: number, actorId: number, reason: string, rebind: RebindOrders) {
  const [first, second] = fromId < toId ? [fromId, toId] : [toId, fromId];
  await lockCard(trx, first);
  await lockCard(trx, second);
  const orders = await trx.selectFrom('purchase_order').select('id').where('grant_card_id', '=', fromId).execute();
  const subs = orders.length
    ? await trx
        .selectFrom('sub_order')
        .select(['id', 'order_id', 'budget_line_id'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute()
    : [];
  // the new card's line of the same name for each of the old card's lines
  const [fromLines, toLines] = [await cardLines(trx, [fromId]), await cardLines(trx, [toId])];
  const lineTo = new Map(fromLines.map((l) => [l.id, toLines.find((t) => t.name === l.name)?.id ?? null]));
  const target = (lineId: number | null) => (lineId === null ? null : (lineTo.get(lineId) ?? null));
  const { open } = await openFreezes(
    trx,
    subs.map((s) => s.id),
  );
  const moving = subs.filter((s) => (open.get(s.id) ?? 0) !== 0);
  const amount = moving.reduce((a, s) => a + (open.get(s.id) ?? 0), 0);
  const pair = (sign: 1 | -1) =>
    moving.map((s) => ({
      kind: 'carry' as const,
      amount: sign * (open.get(s.id) ?? 0),
      order_id: s.order_id,
      sub_order_id: s.id,
      line_id: sign < 0 ? s.budget_line_id : target(s.budget_line_id),
      reason,
    }));
  await post(trx, fromId, actorId, pair(-1));
  await post(trx, toId, actorId, pair(1));
  const moved = [...new Set(moving.map((s) => s.order_id))];
  // the orders now charge the new card, each sub-order the new card's line of the same name: the
  // orders module writes its own rows (it owns them), through the port app.ts wires
  if (moved.length) {
    await rebind(trx, {
      orderIds: moved,
      cardId: toId,
      lines: subs.filter((x) => moved.includes(x.order_id) && x.budget_line_id !== null).map((s) => ({ subOrderId: s.id, lineId: target(s.budget_line_id) })),
    });
  }
  return { subOrders: moving.length, orders: moved.length, amount };
}
