import { type ExpressionBuilder, type Insertable, sql, type Transaction } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, OrderLogTable } from '../../../platform/db/schema.ts';
import { heldAmong } from '../complaints/index.ts';

/** Where a keyset page starts: after the row with this creation time and id (newest first). */
export interface Keyset {
  createdAt: string;
  id: number;
}

/** Rows of `table` that come after `k` in newest-first order (created_at desc, id desc). */
function afterKey(eb: ExpressionBuilder<any, any>, table: 'purchase_order' | 'sub_order', k: Keyset) {
  const at = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return eb.or([eb(at, '<', k.createdAt), eb.and([eb(at, '=', k.createdAt), eb(id, '<', k.id)])]);
}

export interface ListFilter {
  status?: string[];
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  current: number;
  size: number;
  /** only orders waiting for this role's decision (the 待处理 tab) */
  pendingFor?: 'card' | 'team' | 'institute' | 'checker' | 'finance';
  /** only orders charging one of these grant cards (the cards a PI holds: 他人代付 approvals) */
  cardIds?: number[];
  /** only orders this user acted on (the 已处理 tab) */
  handledBy?: number;
}

/** A list's filter from its query: Shanghai calendar days (inclusive) to the UTC instants stored in the database. */
export function listFilterOf(
  q: { status?: string; orderNo?: string; dateFrom?: string; dateTo?: string },
  page: { current: number; size: number },
): ListFilter {
  const day = (d: string, plus = 0) => new Date(Date.parse(`${d}T00:00:00+08:00`) + plus * 86_400_000).toISOString();
  return {
    status: q.status?.split(','),
    orderNo: q.orderNo,
    dateFrom: q.dateFrom ? day(q.dateFrom) : undefined,
    dateTo: q.dateTo ? day(q.dateTo, 1) : undefined,
    current: page.current,
    size: page.size,
  };
}

/** How orders meet a data scope: their institute, department path, team, or the buyer and the assistant who placed them. */
export const ORDER_SCOPE: ScopeColumns<'purchase_order'> = {
  institute: (eb, instituteId) => eb('purchase_order.institute_id', '=', instituteId),
  dept: (eb, prefix) =>
    eb.exists(eb.selectFrom('dept as od').select('od.id').whereRef('od.id', '=', 'purchase_order.dept_id').where('od.path', 'like', prefix)),
  teams: (eb, teamIds, instituteId) => eb.and([eb('purchase_order.institute_id', '=', instituteId), eb('purchase_order.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb.or([eb('purchase_order.buyer_id', '=', userId), eb('purchase_order.placed_by_id', '=', userId)]),
};

/** SQL of placed orders: conditional state moves, logs, lists by scope, deliveries. */
export class OrderRepository {
  constructor(private readonly db: Executor) {}

  /** Sub-orders on complaint hold (an open complaint on them). */
  onHold(subIds: number[]) {
    return heldAmong(this.db, subIds);
  }

  inTransaction<T>(fn: (repo: OrderRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new OrderRepository(trx), trx));
  }

  order(id: number) {
    return this.db.selectFrom('purchase_order').selectAll().where('id', '=', id).executeTakeFirst();
  }

  orders(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('purchase_order').selectAll().where('id', 'in', ids).execute();
  }

  subOrder(id: number) {
    return this.db.selectFrom('sub_order').selectAll().where('id', '=', id).executeTakeFirst();
  }

  subOrders(orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sub_order')
      .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
      .selectAll('sub_order')
      .select('supplier.company_name as supplier_name')
      .where('sub_order.order_id', 'in', orderIds)
      .orderBy('sub_order.id')
      .execute();
  }

  lines(subOrderIds: number[]) {
    if (subOrderIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('order_line').selectAll().where('sub_order_id', 'in', subOrderIds).orderBy('id').execute();
  }

  logs(orderId: number) {
    return this.db
      .selectFrom('order_log')
      .leftJoin('app_user', 'app_user.id', 'order_log.actor_id')
      .selectAll('order_log')
      .select(['app_user.real_name as actor_name'])
      .where('order_log.order_id', '=', orderId)
      .orderBy('order_log.id')
      .execute();
  }

  /** For a page of orders: who bought it and for which team (names), in one query. */
  listParties(orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('purchase_order as po')
      .leftJoin('app_user as b', 'b.id', 'po.buyer_id')
      .leftJoin('team as t', 't.id', 'po.team_id')
      .select(['po.id', 'b.real_name as buyer_name', 'b.user_name as buyer_user', 't.name as team_name'])
      .where('po.id', 'in', orderIds)
      .execute();
  }

  /** For a page of orders: the name of each order's first line and its number of lines, in one query. */
  async listGoods(orderIds: number[]): Promise<Map<number, { firstItem: string; lineCount: number }>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('order_line as l')
      .innerJoin('sub_order as s', 's.id', 'l.sub_order_id')
      .select(['s.order_id', 'l.id', 'l.name'])
      .where('s.order_id', 'in', orderIds)
      .orderBy('l.id')
      .execute();
    const out = new Map<number, { firstItem: string; lineCount: number }>();
    for (const r of rows) {
      const seen = out.get(r.order_id);
      if (seen) seen.lineCount += 1;
      else out.set(r.order_id, { firstItem: r.name, lineCount: 1 });
    }
    return out;
  }

  /** Names of who an order belongs to: buyer, placer (代下单), institute, department, team. */
  parties(orderId: number) {
    return this.db
      .selectFrom('purchase_order as po')
      .leftJoin('app_user as b', 'b.id', 'po.buyer_id')
      .leftJoin('app_user as p', 'p.id', 'po.placed_by_id')
      .leftJoin('institute as i', 'i.id', 'po.institute_id')
      .leftJoin('dept as d', 'd.id', 'po.dept_id')
      .leftJoin('team as t', 't.id', 'po.team_id')
      .select([
        'b.real_name as buyer_name',
        'b.user_name as buyer_user',
        'b.phone_num as buyer_phone',
        'p.real_name as placer_name',
        'p.user_name as placer_user',
        'p.phone_num as placer_phone',
        'i.name as institute_name',
        'd.name as dept_name',
        't.name as team_name',
      ])
      .where('po.id', '=', orderId)
      .executeTakeFirst();
  }

  /** What each delivery carried: order line and quantity. */
  deliveryLines(deliveryIds: number[]) {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('delivery_line')
      .select(['delivery_id', 'order_line_id', 'quantity'])
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('order_line_id')
      .execute();
  }

  deliveries(subOrderIds: number[]) {
    if (subOrderIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('delivery')
      .innerJoin('express_channel', 'express_channel.id', 'delivery.express_channel_id')
      .select([
        'delivery.id',
        'delivery.sub_order_id',
        'delivery.tracking_no',
        'delivery.created_at',
        'express_channel.name as channel',
        'express_channel.code as channel_code',
        'express_channel.tracking_url',
      ])
      .where('delivery.sub_order_id', 'in', subOrderIds)
      .orderBy('delivery.id')
      .execute();
  }

  /** Moves an order only from the expected state; false when someone else moved it first. */
  async moveOrder(id: number, from: string[], to: string, reason: string | null = null) {
    const res = await this.db
      .updateTable('purchase_order')
      .set({ status: to, updated_at: nowIso(), ...(reason !== null ? { close_reason: reason } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async moveSub(id: number, from: string[], to: string, reason: string | null = null) {
    const res = await this.db
      .updateTable('sub_order')
      .set({ status: to, updated_at: nowIso(), ...(reason !== null ? { reason } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Moves every sub-order of an order that is in one of `from` to `to`; answers the ids moved. */
  async moveSubsOfOrder(orderId: number, from: string[], to: string) {
    const subs = await this.db.selectFrom('sub_order').select(['id', 'status']).where('order_id', '=', orderId).where('status', 'in', from).execute();
    if (subs.length)
      await this.db.updateTable('sub_order').set({ status: to, updated_at: nowIso() }).where('order_id', '=', orderId).where('status', 'in', from).execute();
    return subs;
  }

  /** One order-log row, stamped now. */
  log(row: Omit<Insertable<OrderLogTable>, 'id' | 'created_at'>) {
    return this.logAt(row, nowIso());
  }

  /** One order-log row at a given time (an import stamps its own). */
  logAt(row: Omit<Insertable<OrderLogTable>, 'id' | 'created_at'>, at: string) {
    return this.db
      .insertInto('order_log')
      .values({ ...row, created_at: at })
      .execute();
  }

  /** Orders move to another grant card (a carry-forward, 结转), each sub-order to the new card's line (budget's port). */
  async rebindCard(move: { orderIds: number[]; cardId: number; lines: { subOrderId: number; lineId: number | null }[] }) {
    if (move.orderIds.length) await this.db.updateTable('purchase_order').set({ grant_card_id: move.cardId }).where('id', 'in', move.orderIds).execute();
    for (const l of move.lines) await this.db.updateTable('sub_order').set({ budget_line_id: l.lineId }).where('id', '=', l.subOrderId).execute();
  }

  /** What goes back to stock when these sub-orders end before delivery: each line's quantity not yet delivered. */
  async unshipped(subOrderIds: number[]): Promise<{ itemId: number; quantity: number }[]> {
    const lines = await this.lines(subOrderIds);
    return lines.map((l) => ({ itemId: l.item_id, quantity: l.quantity - l.delivered_qty })).filter((l) => l.quantity > 0);
  }

  async addDelivered(lineId: number, subOrderId: number, quantity: number) {
    const res = await this.db
      .updateTable('order_line')
      .set((eb) => ({ delivered_qty: eb('delivered_qty', '+', quantity) }))
      .where('id', '=', lineId)
      .where('sub_order_id', '=', subOrderId)
      .where(sql<boolean>`delivered_qty + ${quantity} <= quantity`)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  insertDelivery(subOrderId: number, channelId: number, trackingNo: string, by: number) {
    return this.db
      .insertInto('delivery')
      .values({ sub_order_id: subOrderId, express_channel_id: channelId, tracking_no: trackingNo, created_by: by, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  insertDeliveryLines(rows: { delivery_id: number; order_line_id: number; quantity: number; lot_no: string | null; expires_on: string | null }[]) {
    return this.db.insertInto('delivery_line').values(rows).execute();
  }

  async allSubsFinal(orderId: number, finals: string[]) {
    const open = await this.db
      .selectFrom('sub_order')
      .select('id')
      .where('order_id', '=', orderId)
      .where('status', 'not in', finals)
      .limit(1)
      .executeTakeFirst();
    return !open;
  }

  setFlags(subId: number, supplierId: number, flags: string) {
    return this.db
      .updateTable('sub_order')
      .set({ flags, updated_at: nowIso() })
      .where('id', '=', subId)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
  }

  /** The orders in a scope that pass a list's filters (the query every order list and export starts from). */
  private filtered(scope: Scope, f: ListFilter) {
    let q = this.db.selectFrom('purchase_order');
    const inScope = scopeWhere(scope, ORDER_SCOPE);
    if (inScope) q = q.where(inScope);
    if (f.cardIds) q = q.where('purchase_order.grant_card_id', 'in', f.cardIds.length ? f.cardIds : [-1]);
    if (f.pendingFor === 'card') q = q.where('purchase_order.status', '=', 'pending_card');
    if (f.pendingFor === 'team') q = q.where('purchase_order.status', '=', 'pending_team');
    if (f.pendingFor === 'institute') q = q.where('purchase_order.status', '=', 'pending_institute');
    if (f.pendingFor === 'checker')
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('sub_order').select('sub_order.id').whereRef('sub_order.order_id', '=', 'purchase_order.id').where('sub_order.status', '=', 'arrived'),
        ),
      );
    if (f.handledBy !== undefined) {
      const userId = f.handledBy;
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('order_log').select('order_log.id').whereRef('order_log.order_id', '=', 'purchase_order.id').where('order_log.actor_id', '=', userId),
        ),
      );
    }
    if (f.status?.length) q = q.where('purchase_order.status', 'in', f.status);
    if (f.orderNo) q = q.where(containsText('purchase_order.order_no', f.orderNo));
    if (f.dateFrom) q = q.where('purchase_order.created_at', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('purchase_order.created_at', '<', f.dateTo);
    return q;
  }

  /** One page of the orders in a scope, newest first, with filters. */
  async page(scope: Scope, f: ListFilter) {
    const q = this.filtered(scope, f);
    const [rows, count] = await Promise.all([
      q
        .selectAll('purchase_order')
        .orderBy('purchase_order.created_at', 'desc')
        .orderBy('purchase_order.id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async count(scope: Scope, f: ListFilter) {
    const r = await this.filtered(scope, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * The next `limit` orders of a list after `after`, in the list's order (newest first): keyset
   * pagination, so the thousandth page costs what the first does (an export walks every page).
   */
  keysetPage(scope: Scope, f: ListFilter, after: Keyset | null, limit: number) {
    let q = this.filtered(scope, f);
    if (after) q = q.where((eb) => afterKey(eb, 'purchase_order', after));
    return q
      .select(['purchase_order.id', 'purchase_order.created_at'])
      .orderBy('purchase_order.created_at', 'desc')
      .orderBy('purchase_order.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A supplier's sub-orders that pass a list's filters. */
  private supplierFiltered(supplierId: number, f: ListFilter) {
    let q = this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .where('sub_order.supplier_id', '=', supplierId);
    if (f.status?.length) q = q.where('sub_order.status', 'in', f.status);
    if (f.orderNo) q = q.where(containsText('sub_order.sub_no', f.orderNo));
    if (f.dateFrom) q = q.where('sub_order.created_at', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('sub_order.created_at', '<', f.dateTo);
    // sub-orders still under approval are not the supplier's business yet
    return q.where('sub_order.status', '!=', 'waiting');
  }

  async supplierCount(supplierId: number, f: ListFilter) {
    const r = await this.supplierFiltered(supplierId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The next `limit` sub-orders of a supplier's list after `after`, newest first (keyset). */
  supplierKeysetPage(supplierId: number, f: ListFilter, after: Keyset | null, limit: number) {
    let q = this.supplierFiltered(supplierId, f);
    if (after) q = q.where((eb) => afterKey(eb, 'sub_order', after));
    return q.select(['sub_order.id', 'sub_order.created_at']).orderBy('sub_order.created_at', 'desc').orderBy('sub_order.id', 'desc').limit(limit).execute();
  }

  /** Sub-orders of a supplier, newest first. */
  async supplierPage(supplierId: number, f: ListFilter) {
    const q = this.supplierFiltered(supplierId, f);
    const [rows, count] = await Promise.all([
      q
        .selectAll('sub_order')
        .select([
          'purchase_order.order_no',
          'purchase_order.recv_contact',
          'purchase_order.recv_phone',
          'purchase_order.recv_province',
          'purchase_order.recv_city',
          'purchase_order.recv_district',
          'purchase_order.recv_detail',
          'purchase_order.institute_id',
        ])
        .orderBy('sub_order.created_at', 'desc')
        .orderBy('sub_order.id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      // the amount of every matching sub-order, not only this page's (the supplier's monthly figure)
      q.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | string | null>('sub_order.total_amount').as('amount')]).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n), amount: Number(count.amount ?? 0) };
  }
}
