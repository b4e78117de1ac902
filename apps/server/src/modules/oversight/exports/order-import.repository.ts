import type { Selectable, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, OrderImportTable } from '../../../platform/db/schema.ts';
import type { StagedStore } from '../../../platform/documents/index.ts';
import { ORDER_IMPORT, type OrderImportStatus } from './order-import-states.ts';

/** SQL of the order import: the names a sheet refers to and the import record (its lifecycle is ORDER_IMPORT's). */
export class OrderImportRepository {
  /** the import's lifecycle (stage, confirm once, expire, remove old) on the same executor */
  readonly staged: StagedStore<OrderImportStatus>;

  constructor(private readonly db: Executor) {
    this.staged = ORDER_IMPORT.on(db);
  }

  inTransaction<T>(fn: (r: OrderImportRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new OrderImportRepository(trx), trx));
  }

  institutes(names: string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('institute').select(['id', 'name', 'status']).where('name', 'in', names).execute();
  }

  /** Buyer accounts by user name, with the institute of each department they belong to (and its team). */
  async buyers(userNames: string[]) {
    if (userNames.length === 0) return [];
    const users = await this.db
      .selectFrom('app_user')
      .select(['id', 'user_name', 'real_name', 'phone_num', 'account_type', 'status', 'deleted', 'current_dept_id'])
      .where('user_name', 'in', userNames)
      .execute();
    const depts = users.length
      ? await this.db
          .selectFrom('user_dept')
          .innerJoin('dept', 'dept.id', 'user_dept.dept_id')
          .select(['user_dept.user_id', 'user_dept.dept_id', 'user_dept.team_id', 'dept.institute_id'])
          .where(
            'user_dept.user_id',
            'in',
            users.map((u) => u.id),
          )
          .orderBy('user_dept.dept_id')
          .execute()
      : [];
    return users.map((u) => ({ ...u, depts: depts.filter((d) => d.user_id === u.id) }));
  }

  suppliers(names: string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('supplier').select(['id', 'company_name', 'status']).where('company_name', 'in', names).execute();
  }

  /** Items of these suppliers with these 货号 (deleted ones too: historical orders may name them), with brand names. */
  items(supplierIds: number[], catalogNos: string[]) {
    if (supplierIds.length === 0 || catalogNos.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('item')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .select([
        'item.id',
        'item.supplier_id',
        'item.catalog_no',
        'item.spec',
        'item.unit',
        'item.grade',
        'item.tax_rate',
        'item.deleted',
        'brand.name as brand_name',
        'brand.name_en as brand_name_en',
      ])
      .where('item.supplier_id', 'in', supplierIds)
      .where('item.catalog_no', 'in', catalogNos)
      .execute();
  }

  /** Import keys (原订单号) already used for orders of these buyers. */
  async usedKeys(buyerIds: number[], keys: string[]) {
    if (buyerIds.length === 0 || keys.length === 0) return [];
    return this.db
      .selectFrom('purchase_order')
      .select(['placed_by_id', 'idempotency_key', 'order_no'])
      .where('placed_by_id', 'in', buyerIds)
      .where('idempotency_key', 'in', keys)
      .execute();
  }

  find(id: number): Promise<Selectable<OrderImportTable> | undefined> {
    return this.db.selectFrom('order_import').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
