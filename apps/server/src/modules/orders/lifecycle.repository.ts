import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { nowIso } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import type { DB } from '../../platform/db/schema.ts';
import { DEFAULT_FLOW, type FlowConfig } from './order-states.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface ListFilter {
  status?: string[];
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  current: number;
  size: number;
}

/** SQL of the order lifecycle: conditional state moves, logs, lists by scope, deliveries, messages, flows. */
export class LifecycleRepository {
  constructor(private readonly db: Db) {}

  get raw() {
    return this.db;
  }

  inTransaction<T>(fn: (repo: LifecycleRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new LifecycleRepository(trx), trx));
  }

  /** The same SQL bound to a transaction opened elsewhere (the mall's order placement). */
  with(trx: Transaction<DB>) {
    return new LifecycleRepository(trx);
  }

  async flow(instituteId: number | null): Promise<FlowConfig> {
    if (instituteId === null) return DEFAULT_FLOW;
    return (await this.db.selectFrom('approval_flow').selectAll().where('institute_id', '=', instituteId).executeTakeFirst()) ?? DEFAULT_FLOW;
  }

  saveFlow(instituteId: number, f: FlowConfig, by: number) {
    const row = { ...f, updated_by: by, updated_at: nowIso() };
    return this.db
      .insertInto('approval_flow')
      .values({ institute_id: instituteId, ...row })
      .onConflict((oc) => oc.column('institute_id').doUpdateSet(row))
      .execute();
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

  log(row: {
    order_id: number;
    sub_order_id: number | null;
    actor_id: number | null;
    actor: string;
    action: string;
    from_status: string | null;
    to_status: string;
    reason: string | null;
  }) {
    return this.db
      .insertInto('order_log')
      .values({ ...row, created_at: nowIso() })
      .execute();
  }

  /** Puts the quantities of the given sub-orders' lines back in stock (cancelled, refused, stopped before delivery). */
  async restock(subOrderIds: number[]) {
    const lines = await this.lines(subOrderIds);
    for (const l of lines) {
      const back = l.quantity - l.delivered_qty;
      if (back > 0) {
        await this.db
          .updateTable('item')
          .set((eb) => ({ stock: eb('stock', '+', back), sales: eb('sales', '-', back) }))
          .where('id', '=', l.item_id)
          .execute();
      }
    }
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

  insertDeliveryLines(rows: { delivery_id: number; order_line_id: number; quantity: number }[]) {
    return this.db.insertInto('delivery_line').values(rows).execute();
  }

  channel(id: number) {
    return this.db.selectFrom('express_channel').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  }

  channels(all: boolean) {
    let q = this.db.selectFrom('express_channel').selectAll();
    if (!all) q = q.where('status', '=', 1);
    return q.orderBy('sort').orderBy('id').execute();
  }

  insertChannel(v: { name: string; code: string; tracking_url: string | null; status: number; sort: number }) {
    return this.db.insertInto('express_channel').values(v).returning('id').executeTakeFirstOrThrow();
  }

  updateChannel(id: number, v: { name: string; code: string; tracking_url: string | null; status: number; sort: number }) {
    return this.db.updateTable('express_channel').set(v).where('id', '=', id).executeTakeFirst();
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

  supplierUsers(supplierId: number) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'phone_num', 'email'])
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('status', '=', 1)
      .execute();
  }

  phones(ids: number[]) {
    return this.db.selectFrom('app_user').select(['id', 'phone_num']).where('id', 'in', ids).execute();
  }

  insertMessages(rows: { user_id: number; title: string; content: string; link: string | null }[]) {
    if (rows.length === 0) return Promise.resolve();
    const now = nowIso();
    return this.db
      .insertInto('user_message')
      .values(rows.map((r) => ({ ...r, read: 0, created_at: now })))
      .execute()
      .then(() => undefined);
  }

  async messages(userId: number, current: number, size: number, unreadOnly: boolean) {
    let q = this.db.selectFrom('user_message').where('user_id', '=', userId);
    if (unreadOnly) q = q.where('read', '=', 0);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  markRead(userId: number, ids: number[]) {
    return this.db.updateTable('user_message').set({ read: 1 }).where('user_id', '=', userId).where('id', 'in', ids).execute();
  }

  /** One page of orders from a scoped base query, newest first, with filters. */
  async page(base: SelectQueryBuilder<DB, 'purchase_order', object>, f: ListFilter) {
    let q = base;
    if (f.status?.length) q = q.where('purchase_order.status', 'in', f.status);
    if (f.orderNo) q = q.where(containsText('purchase_order.order_no', f.orderNo));
    if (f.dateFrom) q = q.where('purchase_order.created_at', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('purchase_order.created_at', '<', f.dateTo);
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

  base() {
    return this.db.selectFrom('purchase_order');
  }

  /** Sub-orders of a supplier, newest first. */
  async supplierPage(supplierId: number, f: ListFilter) {
    let q = this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .where('sub_order.supplier_id', '=', supplierId);
    if (f.status?.length) q = q.where('sub_order.status', 'in', f.status);
    if (f.orderNo) q = q.where(containsText('sub_order.sub_no', f.orderNo));
    if (f.dateFrom) q = q.where('sub_order.created_at', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('sub_order.created_at', '<', f.dateTo);
    // sub-orders still under approval are not the supplier's business yet
    q = q.where('sub_order.status', '!=', 'waiting');
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
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
