import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, DeptDiscountTable } from '../../../platform/db/schema.ts';
import type { DiscountRule } from './discount-rules.ts';

/** SQL of 协议价: the supplier's own rules, and the rules in force for a buyer's institute. */
export class DiscountsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: DiscountsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new DiscountsRepository(trx), trx));
  }

  page(supplierId: number, q: { instituteId?: number; status?: number; keyword?: string; current: number; size: number }) {
    let base = this.db.selectFrom('dept_discount as d').where('d.supplier_id', '=', supplierId);
    if (q.instituteId) base = base.where('d.institute_id', '=', q.instituteId);
    if (q.status !== undefined) base = base.where('d.status', '=', q.status);
    const joined = base
      .innerJoin('institute', 'institute.id', 'd.institute_id')
      .leftJoin('dept', 'dept.id', 'd.dept_id')
      .leftJoin('item', 'item.id', 'd.item_id');
    const filtered = q.keyword
      ? joined.where((eb) => eb.or([containsText('item.name', q.keyword as string), containsText('item.catalog_no', q.keyword as string)]))
      : joined;
    return Promise.all([
      filtered
        .selectAll('d')
        .select(['institute.name as institute_name', 'dept.name as dept_name', 'item.name as item_name', 'item.catalog_no', 'item.price as list_price'])
        .orderBy('d.id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  get(supplierId: number, id: number) {
    return this.db.selectFrom('dept_discount').selectAll().where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
  }

  institute(id: number) {
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  }

  dept(id: number) {
    return this.db.selectFrom('dept').select(['id', 'institute_id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  depts(instituteId: number) {
    return this.db
      .selectFrom('dept')
      .select(['id', 'parent_id', 'name', 'path'])
      .where('institute_id', '=', instituteId)
      .where('status', '=', 1)
      .orderBy('path')
      .execute();
  }

  ownItem(supplierId: number, itemId: number) {
    return this.db
      .selectFrom('item')
      .select(['id', 'price'])
      .where('id', '=', itemId)
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
  }

  async insert(row: Insertable<DeptDiscountTable>) {
    return (await this.db.insertInto('dept_discount').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  update(id: number, set: Partial<Insertable<DeptDiscountTable>>) {
    return this.db.updateTable('dept_discount').set(set).where('id', '=', id).execute();
  }

  /** false when the rule is not (or no longer) the supplier's */
  async updateOwn(supplierId: number, id: number, set: Partial<Insertable<DeptDiscountTable>>) {
    const r = await this.db.updateTable('dept_discount').set(set).where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  remove(id: number) {
    return this.db.deleteFrom('dept_discount').where('id', '=', id).execute();
  }
}

/**
 * The rules in force today for an institute, of these suppliers, with each rule's department
 * path. Read by the mall (cart, checkout, placement) and the item page inside their own
 * transaction when they have one.
 */
export async function rulesInForce(db: Executor, instituteId: number, supplierIds: number[], today: string): Promise<DiscountRule[]> {
  if (supplierIds.length === 0) return [];
  const rows = await db
    .selectFrom('dept_discount as d')
    .leftJoin('dept', 'dept.id', 'd.dept_id')
    .select(['d.id', 'd.supplier_id', 'd.item_id', 'd.rate', 'd.price', 'dept.path as dept_path', 'd.dept_id'])
    .where('d.institute_id', '=', instituteId)
    .where('d.supplier_id', 'in', [...new Set(supplierIds)])
    .where('d.status', '=', 1)
    .where('d.valid_from', '<=', today)
    .where('d.valid_to', '>=', today)
    .execute();
  // a rule whose department was removed reaches nobody
  return rows
    .filter((r) => r.dept_id === null || r.dept_path !== null)
    .map((r) => ({
      id: r.id,
      supplier_id: r.supplier_id,
      item_id: r.item_id,
      dept_path: r.dept_path,
      rate: r.rate,
      price: r.price === null ? null : Number(r.price),
    }));
}

/** The lowest sale price in force today per item (approved sales, not ended early). */
export async function salesInForce(db: Executor, itemIds: number[], today: string): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('item_sale')
    .select(['item_id', 'sale_price'])
    .where('item_id', 'in', [...new Set(itemIds)])
    .where('starts_at', '<=', today)
    .where('ends_at', '>=', today)
    .where('ended_at', 'is', null)
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.item_id, Math.min(out.get(r.item_id) ?? Number.POSITIVE_INFINITY, Number(r.sale_price)));
  return out;
}
