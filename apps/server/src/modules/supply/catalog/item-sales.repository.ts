import { ITEM_PRE_STATUS } from '@kc/contracts/supply/catalog-supplier-items';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { SalePayload } from './item-changes.ts';

/**
 * SQL of 促销: a sale request waits in item_pre (payload kind sale) until 商品审核 approves it into
 * an item_sale row; what a request is checked against; the supplier's page; ending a sale early.
 */
export class ItemSalesRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: ItemSalesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ItemSalesRepository(trx)));
  }

  /** the supplier's item (deleted ones too: the caller says they are gone) */
  ownItem(supplierId: number, itemId: number) {
    return this.db.selectFrom('item').select(['id', 'price', 'deleted']).where('id', '=', itemId).where('supplier_id', '=', supplierId).executeTakeFirst();
  }

  /** whether any request about the item (a change, a price, a sale) waits for review */
  async pendingFor(itemId: number) {
    const hit = await this.db
      .selectFrom('item_pre')
      .select('id')
      .where('item_id', '=', itemId)
      .where('status', '=', ITEM_PRE_STATUS.PENDING)
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** whether the item has a sale not over by `today` and not ended early */
  async openSale(itemId: number, today: string) {
    const hit = await this.db
      .selectFrom('item_sale')
      .select('id')
      .where('item_id', '=', itemId)
      .where('ends_at', '>=', today)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return hit !== undefined;
  }

  async insertRequest(v: { supplierId: number; itemId: number; payload: SalePayload; by: number }) {
    const { id } = await this.db
      .insertInto('item_pre')
      .values({
        supplier_id: v.supplierId,
        item_id: v.itemId,
        payload: JSON.stringify(v.payload),
        status: ITEM_PRE_STATUS.PENDING,
        submitted_by: v.by,
        submitted_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The supplier's sale requests with their item and the sale an approval made, newest first. */
  async page(supplierId: number, limit: number, offset: number) {
    const base = this.db.selectFrom('item_pre').where('item_pre.supplier_id', '=', supplierId).where('item_pre.payload', 'like', '{"kind":"sale"%');
    const [rows, count] = await Promise.all([
      base
        .innerJoin('item', 'item.id', 'item_pre.item_id')
        .leftJoin('item_sale', 'item_sale.pre_id', 'item_pre.id')
        .select([
          'item_pre.id',
          'item_pre.item_id',
          'item_pre.payload',
          'item_pre.status',
          'item_pre.refuse_reason',
          'item_pre.submitted_at',
          'item.name',
          'item.catalog_no',
          'item_sale.id as sale_id',
          'item_sale.ended_at',
        ])
        .orderBy('item_pre.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  ownSale(supplierId: number, saleId: number) {
    return this.db
      .selectFrom('item_sale')
      .select(['id', 'ends_at', 'ended_at'])
      .where('id', '=', saleId)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
  }

  /** ends the sale now, once */
  async endSale(saleId: number) {
    await this.db.updateTable('item_sale').set({ ended_at: nowIso() }).where('id', '=', saleId).where('ended_at', 'is', null).execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
