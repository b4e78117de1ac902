import { SHOP_REVIEW, type ShopContentKind } from '@kc/contracts/supply/shop';
import type { Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { logReview } from './shop-content.repository.ts';
import { type BannerPending, type NoticePending, type ProfilePending, type ReviewStep, type Row, type SectionPending, TABLE_OF } from './shop-rows.ts';

/** What a decision writes on the thing besides its fields. */
export type Decided = { review_status: number; reviewed_at: string; refuse_reason: null | string };
/** a row of any of the four tables, with what the queue joins to it */
export type QueueRow = Row & Record<string, unknown>;

/** SQL of the platform's side of 店铺内容审核: the queue of pending shop content of every supplier, and the decisions. */
export class ShopReviewRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it (the transaction too, for the messages the decision sends). */
  inTransaction<T>(fn: (r: ShopReviewRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ShopReviewRepository(trx), trx));
  }

  /** The oldest pending submissions of one kind (at most `limit`), with their supplier and shop. */
  async pending(kind: ShopContentKind, supplierName: string | undefined, limit: number): Promise<QueueRow[]> {
    // sections, banners and notices reach their supplier through the shop
    const rows = await (kind === 'profile'
      ? this.db
          .selectFrom('shop as t')
          .innerJoin('supplier', 'supplier.id', 't.supplier_id')
          .selectAll('t')
          .select(['supplier.company_name', 't.name as shop_name', 't.status as live'])
          .where('t.review_status', '=', SHOP_REVIEW.PENDING)
          .$if(!!supplierName, (b) => b.where(containsText('supplier.company_name', supplierName ?? '')))
          .orderBy('t.submitted_at')
          .limit(limit)
          .execute()
      : this.db
          .selectFrom(`${TABLE_OF[kind]} as t` as 'shop_banner as t')
          .innerJoin('shop', 'shop.id', 't.shop_id')
          .innerJoin('supplier', 'supplier.id', 'shop.supplier_id')
          .selectAll('t')
          .select(['supplier.company_name', 'shop.name as shop_name', 'shop.supplier_id'])
          .where('t.review_status', '=', SHOP_REVIEW.PENDING)
          .where('t.deleted', '=', 0)
          .$if(!!supplierName, (b) => b.where(containsText('supplier.company_name', supplierName ?? '')))
          .orderBy('t.submitted_at')
          .limit(limit)
          .execute());
    return rows as unknown as QueueRow[];
  }

  async row(kind: ShopContentKind, id: number) {
    const row = await this.db
      .selectFrom(`${TABLE_OF[kind]} as t` as 'shop_banner as t')
      .selectAll('t')
      .where('t.id', '=', id)
      .executeTakeFirst();
    return row as unknown as QueueRow | undefined;
  }

  /** a refusal: the shown version stays, the proposal waits for the supplier's next submission */
  async refuse(kind: ShopContentKind, id: number, decided: Decided) {
    await this.db
      .updateTable(TABLE_OF[kind] as 'shop_banner')
      .set(decided)
      .where('id', '=', id)
      .execute();
  }

  /** an approved profile is shown; `opens` opens the shop on its first approval */
  async approveProfile(id: number, x: ProfilePending, decided: Decided, opens: boolean) {
    await this.db
      .updateTable('shop')
      .set({ ...decided, pending: null, ...(opens ? { status: 1 } : {}), name: x.name, intro: x.intro, logo_file_id: x.logoFileId, pending_logo_file_id: null })
      .where('id', '=', id)
      .execute();
  }

  async approveSection(id: number, x: SectionPending, decided: Decided) {
    await this.db
      .updateTable('shop_section')
      .set({ ...decided, pending: null, live: 1, name: x.name, sort: x.sort, start_at: x.startAt, end_at: x.endAt })
      .where('id', '=', id)
      .execute();
  }

  async approveBanner(id: number, x: BannerPending, decided: Decided) {
    await this.db
      .updateTable('shop_banner')
      .set({
        ...decided,
        pending: null,
        live: 1,
        title: x.title,
        image_file_id: x.imageFileId,
        link_url: x.linkUrl,
        sort: x.sort,
        start_at: x.startAt,
        end_at: x.endAt,
        pending_image_file_id: null,
      })
      .where('id', '=', id)
      .execute();
  }

  async approveNotice(id: number, x: NoticePending, decided: Decided) {
    await this.db
      .updateTable('shop_notice')
      .set({ ...decided, pending: null, live: 1, title: x.title, content: x.content, start_at: x.startAt, end_at: x.endAt })
      .where('id', '=', id)
      .execute();
  }

  async supplierOfShop(shopId: number) {
    const shop = await this.db.selectFrom('shop').select(['supplier_id']).where('id', '=', shopId).executeTakeFirstOrThrow();
    return shop.supplier_id;
  }

  logReview(r: ReviewStep) {
    return logReview(this.db, r);
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
