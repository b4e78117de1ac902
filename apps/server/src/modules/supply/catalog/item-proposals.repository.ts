import { ITEM_PRE_STATUS } from '@kc/contracts/supply/catalog-supplier-items';
import type { Insertable, Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, ItemTable } from '../../../platform/db/schema.ts';
import { storeItemStructure } from '../pictures/index.ts';
import { applyChange, applyPrice, applySale, type ChangePayload, itemForChange, itemsForChange, type PricePayload, type SalePayload } from './item-changes.ts';

/** What a review writes on a proposal. */
export interface Decision {
  status: number;
  refuse_reason: string | null;
  item_id: number | null;
  reviewed_by: number;
  reviewed_at: string;
}

/**
 * SQL of the item proposals (item_pre): new items, changes, price reviews and sales waiting for the
 * platform, what a proposal is checked against, and the item an approval makes.
 */
export class ItemProposalsRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: ItemProposalsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ItemProposalsRepository(trx)));
  }

  /** the approving transaction: approvals apply only inside `inTransaction` */
  private get trx(): Transaction<DB> {
    if (!this.db.isTransaction) throw new Error('item proposals: an approval is applied inside a transaction');
    return this.db as Transaction<DB>;
  }

  // ── what a proposal is checked against ──────────────────────────────
  brand(id: number) {
    return this.db.selectFrom('brand').select(['id', 'name', 'name_en']).where('id', '=', id).executeTakeFirst();
  }

  category(id: number) {
    return this.db.selectFrom('category').select(['id', 'name', 'level']).where('id', '=', id).executeTakeFirst();
  }

  async hasChildren(categoryId: number) {
    return (await this.db.selectFrom('category').select('id').where('parent_id', '=', categoryId).executeTakeFirst()) !== undefined;
  }

  /** whether the supplier already sells an item of this brand and 货号 */
  async sells(supplierId: number, brandId: number, catalogNo: string) {
    const hit = await this.db
      .selectFrom('item')
      .select('id')
      .where('supplier_id', '=', supplierId)
      .where('brand_id', '=', brandId)
      .where('catalog_no', '=', catalogNo)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** the supplier's pending proposals with their payloads */
  pendingOf(supplierId: number) {
    return this.db
      .selectFrom('item_pre')
      .select(['id', 'payload'])
      .where('supplier_id', '=', supplierId)
      .where('status', '=', ITEM_PRE_STATUS.PENDING)
      .execute();
  }

  async changePending(itemId: number) {
    const open = await this.db
      .selectFrom('item_pre')
      .select('id')
      .where('item_id', '=', itemId)
      .where('status', '=', ITEM_PRE_STATUS.PENDING)
      .executeTakeFirst();
    return open !== undefined;
  }

  itemForChange(itemId: number) {
    return itemForChange(this.db, itemId);
  }

  itemsForChange(itemIds: number[]) {
    return itemsForChange(this.db, itemIds);
  }

  // ── proposals ───────────────────────────────────────────────────────
  /** a pending proposal (item_id: the item a change concerns) */
  async insert(v: { supplierId: number; itemId?: number; payload: unknown; by: number; now: string }) {
    const { id } = await this.db
      .insertInto('item_pre')
      .values({
        supplier_id: v.supplierId,
        ...(v.itemId !== undefined ? { item_id: v.itemId } : {}),
        payload: JSON.stringify(v.payload),
        status: ITEM_PRE_STATUS.PENDING,
        submitted_by: v.by,
        submitted_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** One page, newest first: the supplier's own (supplierId given) or every supplier's. */
  async page(supplierId: number | null, q: { status?: number; keyword?: string }, limit: number, offset: number) {
    let base = this.db.selectFrom('item_pre').innerJoin('supplier', 'supplier.id', 'item_pre.supplier_id');
    if (supplierId !== null) base = base.where('item_pre.supplier_id', '=', supplierId);
    if (q.status !== undefined) base = base.where('item_pre.status', '=', q.status);
    if (q.keyword) base = base.where(containsText('item_pre.payload', q.keyword));
    const [rows, count] = await Promise.all([
      base
        .select([
          'item_pre.id',
          'item_pre.payload',
          'item_pre.status',
          'item_pre.refuse_reason',
          'item_pre.item_id',
          'item_pre.submitted_at',
          'item_pre.reviewed_at',
          'supplier.company_name',
        ])
        .orderBy('item_pre.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async brandNames(ids: number[]) {
    return ids.length ? this.db.selectFrom('brand').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  }

  async categoryNames(ids: number[]) {
    return ids.length ? this.db.selectFrom('category').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  }

  byIds(ids: number[]) {
    return this.db.selectFrom('item_pre').selectAll().where('id', 'in', ids).execute();
  }

  /** pending → decided, once: false when another review came first */
  async decide(id: number, d: Decision) {
    const moved = await this.db.updateTable('item_pre').set(d).where('id', '=', id).where('status', '=', ITEM_PRE_STATUS.PENDING).executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  // ── what an approval applies (inside the review's transaction) ──────
  applyChange(itemId: number, c: ChangePayload, now: string) {
    return applyChange(this.trx, itemId, c, now);
  }

  applySale(pre: { id: number; supplier_id: number; item_id: number }, p: SalePayload, now: string) {
    return applySale(this.trx, pre, p, now);
  }

  applyPrice(itemId: number, p: PricePayload, by: number, now: string) {
    return applyPrice(this.trx, itemId, p, by, now);
  }

  async insertItem(row: Insertable<ItemTable>) {
    const { id } = await this.db.insertInto('item').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** the supplier's own structure drawn from its SMILES and stored under the item; answers its address */
  storeStructure(itemId: number, smiles: string) {
    return storeItemStructure(this.db, itemId, smiles);
  }

  async setImages(itemId: number, images: string[]) {
    await this.db
      .updateTable('item')
      .set({ images: JSON.stringify(images) })
      .where('id', '=', itemId)
      .execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
