import { looksLikeCas } from '@kc/contracts/platform/cas';
import { SUPPLIER_ITEM_COUNT_CAP, SUPPLIER_ITEM_SEARCH_COUNT_CAP, SUPPLIER_ITEM_TABS, type SupplierItemTab } from '@kc/contracts/supply/catalog-supplier-items';
import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { SearchIndex } from '../../../platform/search/search.port.ts';
import { queryTerms } from '../../../platform/search/tokenize.ts';

/** The columns of a row of the list (brand name joined). */
function withColumns<Q extends SelectQueryBuilder<DB, 'item', object>>(q: Q) {
  return q
    .leftJoin('brand', 'brand.id', 'item.brand_id')
    .select([
      'item.id',
      'item.name',
      'item.name_en',
      'item.cas',
      'brand.name as brand_name',
      'item.catalog_no',
      'item.spec',
      'item.grade',
      'item.tax_rate',
      'item.unit',
      'item.price',
      'item.stock',
      'item.on_shelf',
      'item.hazard_dangerous',
      'item.hazard_precursor',
      'item.hazard_explosive',
      'item.hazard_toxic',
      'item.sales',
      'item.version',
      'item.updated_at',
      'item.deleted_at',
    ]);
}

/** SQL of 商品管理: one supplier's items, always filtered by supplier_id first (the item_supplier_tab_idx index). */
export class SupplierItemsRepository {
  constructor(
    private readonly db: Executor,
    private readonly search: SearchIndex,
  ) {}

  inTransaction<T>(fn: (repo: SupplierItemsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SupplierItemsRepository(trx, this.search), trx));
  }

  private ofTab(supplierId: number, tab: SupplierItemTab) {
    const q = this.db.selectFrom('item').where('item.supplier_id', '=', supplierId);
    if (tab === 'deleted') return q.where('item.deleted', '=', 1);
    return q.where('item.deleted', '=', 0).where('item.on_shelf', '=', tab === 'onShelf' ? 1 : 0);
  }

  /**
   * A page of a tab, newest first, with the tab's total. Without a keyword the total is the tab's
   * count from `counts` (counted up to the cap, one index range per tab); a keyword goes
   * through the catalog's search index (name, English name, 货号 and the other indexed words), or
   * the CAS index for a CAS number, so a supplier of 200,000 items is not scanned row by row.
   */
  async page(supplierId: number, q: { tab: SupplierItemTab; keyword?: string; current: number; size: number }, tabTotal?: number) {
    let base = this.ofTab(supplierId, q.tab);
    let indexed = false;
    if (q.keyword) {
      const text = q.keyword;
      const terms = queryTerms(text);
      if (looksLikeCas(text)) base = base.where('item.cas', '=', text);
      else if (terms.length) {
        base = this.search.match(base, terms);
        indexed = true;
      } else base = base.where((eb) => eb.or([containsText('item.name', text), containsText('item.name_en', text), containsText('item.catalog_no', text)]));
    }
    const listed = withColumns(base);
    const ordered =
      q.tab === 'deleted' ? listed.orderBy('item.updated_at', 'desc') : indexed ? this.search.newestFirst(listed) : listed.orderBy('item.id', 'desc');
    const [rows, count] = await Promise.all([
      ordered
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      q.keyword ? this.cappedCount(base, SUPPLIER_ITEM_SEARCH_COUNT_CAP) : tabTotal === undefined ? this.cappedCount(base) : tabTotal,
    ]);
    return { rows, total: count };
  }

  /** One of the supplier's items in any state, with the list's columns. */
  row(supplierId: number, id: number) {
    return withColumns(this.db.selectFrom('item').where('item.supplier_id', '=', supplierId).where('item.id', '=', id)).executeTakeFirst();
  }

  /** Items per tab, each counted up to SUPPLIER_ITEM_COUNT_CAP + 1 from the (supplier, deleted, on_shelf, id) index. */
  async counts(supplierId: number) {
    const [onShelf, offShelf, deleted] = await Promise.all(SUPPLIER_ITEM_TABS.map((tab) => this.cappedCount(this.ofTab(supplierId, tab))));
    return { onShelf, offShelf, deleted };
  }

  /**
   * Rows of a query, counted up to the cap + 1: counting 180,000 index entries costs PostgreSQL
   * 50–130 ms on this hardware, more than the whole page may take, and nobody pages that far.
   */
  private async cappedCount(q: SelectQueryBuilder<DB, 'item', object>, cap = SUPPLIER_ITEM_COUNT_CAP) {
    const r = await this.db
      .selectFrom(
        q
          .select('item.id')
          .limit(cap + 1)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** This supplier's items among `ids` (another supplier's never come back). */
  owned(supplierId: number, ids: number[]) {
    return this.db
      .selectFrom('item')
      .select(['id', 'deleted', 'deleted_at', 'on_shelf', 'price', 'version'])
      .where('supplier_id', '=', supplierId)
      .where('id', 'in', ids)
      .execute();
  }

  setShelf(ids: number[], onShelf: boolean, now: string) {
    return this.db
      .updateTable('item')
      .set((eb) => ({ on_shelf: onShelf ? 1 : 0, version: eb('version', '+', 1), updated_at: now }))
      .where('id', 'in', ids)
      .where('deleted', '=', 0)
      .execute();
  }

  /** Deleted items leave the shelf too: restored, they come back off it for the supplier to check. */
  markDeleted(ids: number[], deleted: boolean, now: string) {
    return this.db
      .updateTable('item')
      .set((eb) => ({ deleted: deleted ? 1 : 0, deleted_at: deleted ? now : null, on_shelf: 0, version: eb('version', '+', 1), updated_at: now }))
      .where('id', 'in', ids)
      .execute();
  }

  /** Price and stock with the version the editor saw; 0 rows when it changed meanwhile. */
  async setPriceStock(id: number, version: number, price: number, stock: number, now: string) {
    const r = await this.db
      .updateTable('item')
      .set({ price, stock, version: version + 1, updated_at: now })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  insertPriceHistory(rows: { item_id: number; old_price: number; new_price: number; source: string; changed_by: number; created_at: string }[]) {
    if (rows.length === 0) return Promise.resolve();
    return this.db.insertInto('item_price_history').values(rows).execute();
  }

  priceHistory(itemId: number) {
    return this.db
      .selectFrom('item_price_history')
      .leftJoin('app_user', 'app_user.id', 'item_price_history.changed_by')
      .select([
        'item_price_history.id',
        'item_price_history.old_price',
        'item_price_history.new_price',
        'item_price_history.source',
        'item_price_history.created_at',
        'app_user.real_name',
        'app_user.user_name',
      ])
      .where('item_price_history.item_id', '=', itemId)
      .orderBy('item_price_history.id', 'desc')
      .limit(100)
      .execute();
  }

  /**
   * Live items of the supplier that share brand, 货号 and 规格 with another of its live items: the
   * same product listed twice (an import run twice, a copy made by hand). Grouped by that key.
   */
  async duplicates(supplierId: number) {
    const keys = await this.db
      .selectFrom('item')
      .select(['brand_id', 'catalog_no', 'spec'])
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('brand_id', 'is not', null)
      .where('catalog_no', 'is not', null)
      .groupBy(['brand_id', 'catalog_no', 'spec'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .limit(200)
      .execute();
    if (keys.length === 0) return [];
    return withColumns(
      this.db
        .selectFrom('item')
        .where('item.supplier_id', '=', supplierId)
        .where('item.deleted', '=', 0)
        .where((eb) =>
          eb.or(
            keys.map((k) =>
              eb.and([eb('item.brand_id', '=', k.brand_id as number), eb('item.catalog_no', '=', k.catalog_no as string), eb('item.spec', '=', k.spec)]),
            ),
          ),
        ),
    )
      .select(['item.brand_id'])
      .orderBy('item.id')
      .execute();
  }
}
