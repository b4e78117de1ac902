import type { Insertable, Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { orderPartiesScope, type Scope, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { pageWithTotal } from '../../../platform/db/page-with-total.ts';
import { pendingNo, recordNo } from '../../../platform/db/record-no.ts';
import { lockRows } from '../../../platform/db/row-lock.ts';
import type { AfterSaleTable, DB } from '../../../platform/db/schema.ts';
import { RELEASED } from './after-sale-states.ts';

/** How a request falls in a buyer-side scope: the order's institute, department, team; the buyer or who placed the order is "self". */
const AFTER_SALE_SCOPE = orderPartiesScope('after_sale', ['buyer_id', 'placed_by_id']);

/** Who is looking: a buyer-side scope (deleted requests hidden from it), one supplier, or the platform. */
export type Viewer = { kind: 'buyer'; scope: Scope } | { kind: 'supplier'; supplierId: number } | { kind: 'platform' };

export interface AfterSaleFilter {
  status?: string;
  requestNo?: string;
  subNo?: string;
}

/** SQL of after-sales requests: the sub-order and its lines to check against, the requests, their lines, photos and log. */
export class AfterSalesRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: AfterSalesRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AfterSalesRepository(trx), trx));
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }

  /** Locks the sub-order row (a no-op update) so two requests on it are judged one after the other. */
  lockSubOrder(id: number) {
    return lockRows(this.db, 'sub_order', [id]);
  }

  subOrder(id: number) {
    return this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .select(['s.id', 's.sub_no', 's.status', 's.supplier_id', 's.order_id', 'po.buyer_id', 'po.placed_by_id', 'po.institute_id', 'po.dept_id', 'po.team_id'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  orderLines(subOrderId: number) {
    return this.db
      .selectFrom('order_line')
      .select(['id', 'name', 'spec', 'unit', 'unit_price', 'quantity', 'delivered_qty'])
      .where('sub_order_id', '=', subOrderId)
      .orderBy('id')
      .execute();
  }

  /** Units of each line that live requests (not cancelled, not refused) already hold. */
  async requestedByLine(subOrderId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('after_sale_line as l')
      .innerJoin('after_sale as a', 'a.id', 'l.after_sale_id')
      .select(['l.order_line_id', (eb) => eb.fn.sum<number>('l.quantity').as('qty')])
      .where('a.sub_order_id', '=', subOrderId)
      .where('a.status', 'not in', RELEASED)
      .groupBy('l.order_line_id')
      .execute();
    return new Map(rows.map((r) => [r.order_line_id, Number(r.qty)]));
  }

  async insert(v: Omit<Insertable<AfterSaleTable>, 'request_no'>): Promise<{ id: number; requestNo: string }> {
    const { id } = await this.db
      .insertInto('after_sale')
      .values({ ...v, request_no: pendingNo() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requestNo = recordNo('SH', id);
    await this.db.updateTable('after_sale').set({ request_no: requestNo }).where('id', '=', id).execute();
    return { id, requestNo };
  }

  async insertLines(afterSaleId: number, lines: { lineId: number; quantity: number; unitPrice: number }[]) {
    await this.db
      .insertInto('after_sale_line')
      .values(
        lines.map((l) => ({
          after_sale_id: afterSaleId,
          order_line_id: l.lineId,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          amount: l.quantity * l.unitPrice,
        })),
      )
      .execute();
  }

  async insertPictures(afterSaleId: number, fileIds: number[]) {
    if (fileIds.length)
      await this.db
        .insertInto('after_sale_picture')
        .values(fileIds.map((file_id) => ({ after_sale_id: afterSaleId, file_id })))
        .execute();
  }

  async log(v: { afterSaleId: number; actorId: number | null; actor: string; action: string; from: string | null; to: string; note?: string | null }) {
    await this.db
      .insertInto('after_sale_log')
      .values({
        after_sale_id: v.afterSaleId,
        actor_id: v.actorId,
        actor: v.actor,
        action: v.action,
        from_status: v.from,
        to_status: v.to,
        note: v.note ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  private base() {
    return this.db
      .selectFrom('after_sale as after_sale')
      .innerJoin('sub_order as s', 's.id', 'after_sale.sub_order_id')
      .innerJoin('supplier as sp', 'sp.id', 'after_sale.supplier_id')
      .innerJoin('app_user as u', 'u.id', 'after_sale.buyer_id')
      .selectAll('after_sale')
      .select(['s.sub_no', 'sp.company_name as supplier_name', 'u.real_name', 'u.user_name']);
  }

  private seen<Q extends ReturnType<AfterSalesRepository['base']>>(q: Q, v: Viewer): Q {
    if (v.kind === 'supplier') return q.where('after_sale.supplier_id', '=', v.supplierId) as Q;
    if (v.kind === 'platform') return q;
    const inScope = scopeWhere(v.scope, AFTER_SALE_SCOPE);
    const mine = q.where('after_sale.buyer_deleted', '=', 0) as Q;
    return (inScope ? mine.where(inScope) : mine) as Q;
  }

  request(id: number, v: Viewer) {
    return this.seen(this.base(), v).where('after_sale.id', '=', id).executeTakeFirst();
  }

  async page(v: Viewer, f: AfterSaleFilter, current: number, size: number) {
    let q = this.seen(this.base(), v);
    if (f.status) q = q.where('after_sale.status', '=', f.status);
    if (f.requestNo) q = q.where(containsText('after_sale.request_no', f.requestNo));
    if (f.subNo) q = q.where(containsText('s.sub_no', f.subNo));
    return pageWithTotal(q, (x) => x.orderBy('after_sale.id', 'desc'), current, size);
  }

  lines(afterSaleId: number) {
    return this.db
      .selectFrom('after_sale_line as l')
      .innerJoin('order_line as ol', 'ol.id', 'l.order_line_id')
      .select(['l.order_line_id', 'l.quantity', 'l.unit_price', 'l.amount', 'ol.name', 'ol.spec', 'ol.unit'])
      .where('l.after_sale_id', '=', afterSaleId)
      .orderBy('l.id')
      .execute();
  }

  pictures(afterSaleId: number) {
    return this.db
      .selectFrom('after_sale_picture as p')
      .innerJoin('file_object as f', 'f.id', 'p.file_id')
      .select(['f.id', 'f.original_name'])
      .where('p.after_sale_id', '=', afterSaleId)
      .orderBy('p.id')
      .execute();
  }

  logs(afterSaleId: number) {
    return this.db
      .selectFrom('after_sale_log as l')
      .leftJoin('app_user as u', 'u.id', 'l.actor_id')
      .select(['l.action', 'l.actor', 'l.to_status', 'l.note', 'l.created_at', 'u.real_name', 'u.user_name'])
      .where('l.after_sale_id', '=', afterSaleId)
      .orderBy('l.id')
      .execute();
  }

  /** Moves one request if it is still in `from`; false when another move came first. */
  async move(
    id: number,
    from: string,
    to: string,
    patch: Partial<Pick<AfterSaleTable, 'refuse_reason' | 'express_company' | 'tracking_no' | 'supplier_note'>>,
  ) {
    const r = await this.db
      .updateTable('after_sale')
      .set({ ...patch, status: to, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async hideFromBuyer(id: number, states: string[]) {
    const r = await this.db
      .updateTable('after_sale')
      .set({ buyer_deleted: 1, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', states)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
