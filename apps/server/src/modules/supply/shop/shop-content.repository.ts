import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import type { Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type ListKind, type ProfilePending, type ReviewStep, type Row, TABLE_OF } from './shop-rows.ts';

/** Records a review step beside the thing itself (both sides of the review write it). */
export async function logReview(db: Executor, r: ReviewStep) {
  await db
    .insertInto('shop_content_review')
    .values({
      shop_id: r.shopId,
      kind: r.kind,
      target_id: r.targetId,
      action: r.action,
      to_status: r.to,
      reason: r.reason ?? null,
      actor_id: r.actorId,
      created_at: nowIso(),
    })
    .execute();
}

/** The review columns a submission writes: it waits as `pending` beside the shown version. */
const submitted = (pending: unknown, now: string) => ({
  review_status: SHOP_REVIEW.PENDING,
  pending: JSON.stringify(pending),
  refuse_reason: null,
  submitted_at: now,
});

/** SQL of the supplier's side of 店铺管理: its shop, sections, banners and notices, and which items are the supplier's (catalog moves them between sections). */
export class ShopContentRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it (and the transaction, for catalog's section moves). */
  inTransaction<T>(fn: (r: ShopContentRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ShopContentRepository(trx), trx));
  }

  shopOf(supplierId: number) {
    return this.db.selectFrom('shop').selectAll().where('supplier_id', '=', supplierId).executeTakeFirst();
  }

  /** A first profile opens a shop, closed until the platform approves it. */
  async openShop(supplierId: number, p: ProfilePending, now: string) {
    const { id } = await this.db
      .insertInto('shop')
      .values({
        supplier_id: supplierId,
        name: p.name,
        intro: p.intro,
        logo_file_id: null,
        status: 0,
        created_at: now,
        review_status: SHOP_REVIEW.PENDING,
        pending: JSON.stringify(p),
        pending_logo_file_id: p.logoFileId,
        submitted_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async submitProfile(shopId: number, status: number, p: ProfilePending, now: string) {
    await this.db
      .updateTable('shop')
      .set({ ...submitted(p, now), review_status: status, pending_logo_file_id: p.logoFileId })
      .where('id', '=', shopId)
      .execute();
  }

  /** One page of a shop's sections, banners or notices (not deleted), newest first. */
  async page(kind: ListKind, shopId: number, status: number | undefined, limit: number, offset: number) {
    let base = this.db
      .selectFrom(TABLE_OF[kind] as 'shop_section')
      .where('shop_id', '=', shopId)
      .where('deleted', '=', 0);
    if (status !== undefined) base = base.where('review_status', '=', status);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as unknown as Row[], total: Number(count.n) };
  }

  /** live items per section */
  async itemCounts(sectionIds: number[]) {
    if (!sectionIds.length) return [];
    return this.db
      .selectFrom('item')
      .select(['section_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('section_id', 'in', sectionIds)
      .where('deleted', '=', 0)
      .groupBy('section_id')
      .execute();
  }

  /** the pictures a banner shows and proposes (a supplier may keep them without uploading again) */
  bannerImages(id: number) {
    return this.db.selectFrom('shop_banner').select(['image_file_id', 'pending_image_file_id']).where('id', '=', id).executeTakeFirst();
  }

  /** a live (not deleted) section, banner or notice of the shop */
  async ownRow(kind: ListKind, shopId: number, id: number) {
    const row = await this.db
      .selectFrom(TABLE_OF[kind] as 'shop_banner')
      .selectAll()
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return row as unknown as Row | undefined;
  }

  /** a new section, banner or notice: not shown until approved */
  async insertRow(kind: ListKind, shopId: number, columns: Record<string, unknown>, pending: unknown, now: string) {
    const image = kind === 'banner' ? { pending_image_file_id: (pending as { imageFileId: number }).imageFileId } : {};
    const extra = kind === 'notice' ? { created_at: now } : {};
    const { id } = await this.db
      .insertInto(TABLE_OF[kind] as 'shop_banner')
      .values({ shop_id: shopId, ...columns, ...submitted(pending, now), ...image, ...extra, live: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** a new proposal for a thing; `columns` are written too when nobody sees the thing yet */
  async submitRow(kind: ListKind, id: number, status: number, columns: Record<string, unknown>, pending: unknown, now: string) {
    const image = kind === 'banner' ? { pending_image_file_id: (pending as { imageFileId: number }).imageFileId } : {};
    await this.db
      .updateTable(TABLE_OF[kind] as 'shop_banner')
      .set({ ...columns, ...submitted(pending, now), ...image, review_status: status } as never)
      .where('id', '=', id)
      .execute();
  }

  setReviewStatus(kind: ListKind | 'profile', id: number, status: number) {
    return this.db
      .updateTable(TABLE_OF[kind] as 'shop_banner')
      .set({ review_status: status })
      .where('id', '=', id)
      .execute();
  }

  /** the ids among these that are the shop's live things */
  ownIds(kind: ListKind, shopId: number, ids: number[]) {
    return this.db
      .selectFrom(TABLE_OF[kind] as 'shop_banner')
      .select('id')
      .where('id', 'in', ids)
      .where('shop_id', '=', shopId)
      .where('deleted', '=', 0)
      .execute();
  }

  /** taken down at once, proposals and all */
  async markDeleted(kind: ListKind, ids: number[]) {
    await this.db
      .updateTable(TABLE_OF[kind] as 'shop_banner')
      .set({ deleted: 1, pending: null, ...(kind === 'banner' ? { pending_image_file_id: null } : {}) })
      .where('id', 'in', ids)
      .execute();
  }

  async sectionExists(shopId: number, sectionId: number) {
    const s = await this.db
      .selectFrom('shop_section')
      .select('id')
      .where('id', '=', sectionId)
      .where('shop_id', '=', shopId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return s !== undefined;
  }

  /** the ids among these that are the supplier's live items */
  ownItems(supplierId: number, itemIds: number[]) {
    return this.db.selectFrom('item').select('id').where('id', 'in', itemIds).where('supplier_id', '=', supplierId).where('deleted', '=', 0).execute();
  }

  logReview(r: ReviewStep) {
    return logReview(this.db, r);
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
