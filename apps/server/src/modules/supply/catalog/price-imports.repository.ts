import type { PriceRowChange } from '@kc/contracts/supply/catalog-price-imports';
import { ITEM_PRE_STATUS, type ItemProposalBody } from '@kc/contracts/supply/catalog-supplier-items';
import type { Insertable, Selectable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, PriceImportRowTable } from '../../../platform/db/schema.ts';
import type { StagedStore } from '../../../platform/documents/index.ts';
import { categoryNames } from './category-names.ts';
import { PRICE_IMPORT, PRICE_IMPORT_APPLIED, type PriceImportStatus, ROLLBACK_RECORD } from './price-import-states.ts';

/** rows per INSERT: well under SQLite's 32,766 bound parameters with 18 columns */
const INSERT_BATCH = 500;
/** values per IN list */
const IN_BATCH = 900;

type StoredRow = Selectable<PriceImportRowTable>;

/** SQL of the price imports; every read is held to one supplier by the service. */
export class PriceImportsRepository {
  /** the import's lifecycle (stage, ready, confirm once, expire) on the same executor */
  readonly staged: StagedStore<PriceImportStatus>;

  constructor(private readonly db: Executor) {
    this.staged = PRICE_IMPORT.on(db);
  }

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (repo: PriceImportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new PriceImportsRepository(trx)));
  }

  /** Imports still open past their deadline end as expired and free the supplier's slot. */
  expireStale(supplierId: number, now: string) {
    return this.staged.expire(now, { supplier_id: supplierId });
  }

  /** The import as a new, active record; throws on the unique index when the supplier already has one open. */
  open(row: { supplier_id: number; file_name: string; created_by: number }, now: Date) {
    return this.staged.stage({ ...row, active_supplier: row.supplier_id }, { now });
  }

  openImport(supplierId: number) {
    return this.db.selectFrom('price_import').select(['id', 'status']).where('active_supplier', '=', supplierId).executeTakeFirst();
  }

  get(supplierId: number, id: number) {
    return this.db.selectFrom('price_import').selectAll().where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
  }

  /**
   * The supplier's live items whose 货号 is among `catalogNos`, with what matching and comparing
   * need (brand names both ways, the three values a sheet changes).
   */
  async itemsByCatalogNo(supplierId: number, catalogNos: string[]) {
    const out = [];
    for (let i = 0; i < catalogNos.length; i += IN_BATCH) {
      const part = catalogNos.slice(i, i + IN_BATCH);
      out.push(
        ...(await this.db
          .selectFrom('item')
          .leftJoin('brand', 'brand.id', 'item.brand_id')
          .select([
            'item.id',
            'item.name',
            'item.catalog_no',
            'item.spec',
            'item.price',
            'item.stock',
            'item.lead_days',
            'item.brand_id',
            'brand.name as brand_name',
            'brand.name_en as brand_name_en',
          ])
          .where('item.supplier_id', '=', supplierId)
          .where('item.deleted', '=', 0)
          .where('item.catalog_no', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  /** Every live item of the supplier in sheet order (brand, 货号), for the export of current prices. */
  exportRows(supplierId: number) {
    return this.db
      .selectFrom('item')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .select([
        'item.catalog_no',
        'item.spec',
        'item.name',
        'item.cas',
        'item.price',
        'item.stock',
        'item.lead_days',
        'item.unit',
        'item.category_id',
        'brand.name as brand_name',
      ])
      .where('item.supplier_id', '=', supplierId)
      .where('item.deleted', '=', 0)
      .where('item.catalog_no', 'is not', null)
      .orderBy('brand.name')
      .orderBy('item.catalog_no')
      .orderBy('item.id')
      .execute();
  }

  /** One page of an import's rows (the preview), narrowed by change and flag, with each new item's proposal status. */
  rows(importId: number, f: { change?: PriceRowChange; flagged?: boolean; current: number; size: number }) {
    return this.staged.previewPage<StoredRow & { proposal_status: number | null }>(importId, f, (q) => {
      if (f.change) q = q.where('price_import_row.change', '=', f.change);
      if (f.flagged !== undefined) q = q.where('price_import_row.flagged', '=', f.flagged ? 1 : 0);
      return q.leftJoin('item_pre', 'item_pre.id', 'price_import_row.item_pre_id').selectAll('price_import_row').select('item_pre.status as proposal_status');
    });
  }

  allRows(importId: number) {
    return this.staged.allRows<StoredRow>(importId);
  }

  page(supplierId: number, current: number, size: number) {
    const base = this.db.selectFrom('price_import').where('price_import.supplier_id', '=', supplierId);
    return Promise.all([
      base
        .leftJoin('app_user', 'app_user.id', 'price_import.created_by')
        .selectAll('price_import')
        .select(['app_user.real_name', 'app_user.user_name'])
        .orderBy('price_import.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  /** The supplier's most recent applied import or rollback (only the latest may be rolled back). */
  latestApplied(supplierId: number) {
    return this.db
      .selectFrom('price_import')
      .select(['id', 'status'])
      .where('supplier_id', '=', supplierId)
      .where('status', 'in', PRICE_IMPORT_APPLIED)
      .orderBy('applied_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The record of a rollback: applied at once, holding no slot. */
  async insertRollbackRecord(v: { supplierId: number; fileName: string; rollbackOf: number; by: number; now: string }) {
    const { id } = await this.db
      .insertInto('price_import')
      .values({
        supplier_id: v.supplierId,
        active_supplier: null,
        status: ROLLBACK_RECORD,
        file_name: v.fileName,
        rollback_of: v.rollbackOf,
        created_by: v.by,
        created_at: v.now,
        expires_at: v.now,
        applied_by: v.by,
        applied_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async setRowCounts(id: number, c: { total_rows: number; up_rows: number; down_rows: number; same_rows: number }) {
    await this.db.updateTable('price_import').set(c).where('id', '=', id).execute();
  }

  /** Current price, stock and lead time of items, by id. */
  async current(itemIds: number[]) {
    const out = new Map<number, { price: number; stock: number; lead_days: number | null; deleted: number; catalog_no: string | null }>();
    for (let i = 0; i < itemIds.length; i += IN_BATCH) {
      const part = itemIds.slice(i, i + IN_BATCH);
      const rows = await this.db.selectFrom('item').select(['id', 'price', 'stock', 'lead_days', 'deleted', 'catalog_no']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, { ...r, price: Number(r.price) });
    }
    return out;
  }

  /** Sets an item's price, stock and lead time if its price is still `expectPrice`; false otherwise. */
  async setValues(itemId: number, expectPrice: number, v: { price: number; stock: number; lead: number | null }, now: string) {
    const r = await this.db
      .updateTable('item')
      .set((eb) => ({ price: v.price, stock: v.stock, lead_days: v.lead, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', itemId)
      .where('price', '=', expectPrice)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async insertHistory(rows: { item_id: number; old_price: number; new_price: number; source: string; changed_by: number; created_at: string }[]) {
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await this.db
        .insertInto('item_price_history')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
  }

  insertPriceReviews(rows: { supplier_id: number; item_id: number; payload: string; submitted_by: number; submitted_at: string }[]) {
    if (rows.length === 0) return Promise.resolve();
    return this.insertBatches(rows.map((r) => ({ ...r, status: 0 })));
  }

  private async insertBatches(rows: Insertable<DB['item_pre']>[]) {
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await this.db
        .insertInto('item_pre')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
  }

  /** Every brand, to find a new item's brand by its Chinese or English name. */
  brands() {
    return this.db.selectFrom('brand').select(['id', 'name', 'name_en']).execute();
  }

  categories() {
    return categoryNames(this.db);
  }

  /** Brand and 货号 of the supplier's new-item proposals still waiting for review, as "brandId|货号". */
  async pendingProposalKeys(supplierId: number) {
    const rows = await this.db
      .selectFrom('item_pre')
      .select('payload')
      .where('supplier_id', '=', supplierId)
      .where('status', '=', ITEM_PRE_STATUS.PENDING)
      .where('item_id', 'is', null)
      .execute();
    return new Set(
      rows.map((r) => {
        const p = JSON.parse(r.payload) as ItemProposalBody;
        return `${p.brandId}|${p.catalogNo}`;
      }),
    );
  }

  async insertProposal(row: { supplier_id: number; payload: string; submitted_by: number; submitted_at: string }) {
    const { id } = await this.db
      .insertInto('item_pre')
      .values({ ...row, status: ITEM_PRE_STATUS.PENDING })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  linkProposal(rowId: number, preId: number) {
    return this.db.updateTable('price_import_row').set({ item_pre_id: preId }).where('id', '=', rowId).execute();
  }

  async proposalStates(ids: number[]) {
    const out: { id: number; status: number }[] = [];
    for (let i = 0; i < ids.length; i += IN_BATCH)
      out.push(
        ...(await this.db
          .selectFrom('item_pre')
          .select(['id', 'status'])
          .where('id', 'in', ids.slice(i, i + IN_BATCH))
          .execute()),
      );
    return out;
  }

  /** Pending price reviews the import sent (its id in the payload). */
  pendingPriceReviews(supplierId: number) {
    return this.db
      .selectFrom('item_pre')
      .select(['id', 'item_id', 'payload'])
      .where('supplier_id', '=', supplierId)
      .where('status', '=', 0)
      .where('payload', 'like', '{"kind":"price"%')
      .execute();
  }

  async withdrawReviews(ids: number[], reason: string, by: number, now: string) {
    for (let i = 0; i < ids.length; i += IN_BATCH)
      await this.db
        .updateTable('item_pre')
        .set({ status: ITEM_PRE_STATUS.REFUSED, refuse_reason: reason, reviewed_by: by, reviewed_at: now })
        .where('id', 'in', ids.slice(i, i + IN_BATCH))
        .where('status', '=', ITEM_PRE_STATUS.PENDING)
        .execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
