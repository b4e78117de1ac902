import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { instituteFilter, type Scope } from './scope.ts';

/**
 * SQL of 协议价 (dept_discount) for the interface sheets, and the supplier's items by 货号. Reads
 * only: the rules are supply/discounts' and written through its `deptDiscounts.within(trx)`.
 */
export class DeptDiscountsRepository {
  constructor(private readonly db: Executor) {}

  /** the confirming transaction this repository is bound to, for the discounts module's writes */
  get trx(): Transaction<DB> {
    if (!this.db.isTransaction) throw new Error('协议价 import: rows are applied inside the confirming transaction');
    return this.db as Transaction<DB>;
  }

  async page(s: Scope, q: { instituteId?: number; keyword?: string }, limit: number, offset: number) {
    let b = this.db
      .selectFrom('dept_discount as d')
      .innerJoin('supplier as s', 's.id', 'd.supplier_id')
      .innerJoin('institute as i', 'i.id', 'd.institute_id')
      .leftJoin('dept', 'dept.id', 'd.dept_id')
      .leftJoin('item', 'item.id', 'd.item_id');
    if (s.kind === 'supplier') b = b.where('d.supplier_id', '=', s.supplierId);
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where('d.institute_id', '=', inst);
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) =>
        eb.or([containsText('item.name', k), containsText('item.catalog_no', k), containsText('s.company_name', k), containsText('dept.name', k)]),
      );
    }
    const [rows, c] = await Promise.all([
      b
        .selectAll('d')
        .select(['s.company_name', 'i.name as institute_name', 'dept.name as dept_name', 'item.name as item_name', 'item.catalog_no'])
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(c.n) };
  }

  /** the supplier's live items with these 货号, by 货号 (one 货号 may have several specifications) */
  async itemsByCatalogNo(supplierId: number, nos: string[]) {
    const items = new Map<string, { id: number; price: number }[]>();
    if (!nos.length) return items;
    const rows = await this.db
      .selectFrom('item')
      .select(['id', 'catalog_no', 'price'])
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('catalog_no', 'in', nos)
      .execute();
    for (const it of rows) items.set(it.catalog_no ?? '', [...(items.get(it.catalog_no ?? '') ?? []), { id: it.id, price: Number(it.price) }]);
    return items;
  }

  /** which of these ids are the supplier's discounts */
  async mine(supplierId: number, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await this.db.selectFrom('dept_discount').select('id').where('id', 'in', ids).where('supplier_id', '=', supplierId).execute();
    return new Set(rows.map((r) => r.id));
  }
}
