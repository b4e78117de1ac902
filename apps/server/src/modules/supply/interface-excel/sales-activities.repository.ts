import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { instituteFilter, type Scope } from './scope.ts';

export interface ActivitySet {
  title: string;
  kind: string;
  institute_id: number | null;
  start_date: string;
  end_date: string;
  content: string | null;
}

/** SQL of 销售活动 (sales_activity). */
export class SalesActivitiesRepository {
  constructor(private readonly db: Executor) {}

  async page(s: Scope, q: { instituteId?: number; keyword?: string }, limit: number, offset: number) {
    let b = this.db.selectFrom('sales_activity as a').innerJoin('supplier as s', 's.id', 'a.supplier_id').leftJoin('institute as i', 'i.id', 'a.institute_id');
    if (s.kind === 'supplier') b = b.where('a.supplier_id', '=', s.supplierId);
    // an institute sees the activities aimed at it and those aimed at every institute
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where((eb) => eb.or([eb('a.institute_id', '=', inst), eb('a.institute_id', 'is', null)]));
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) => eb.or([containsText('a.title', k), containsText('a.kind', k), containsText('s.company_name', k)]));
    }
    const [rows, c] = await Promise.all([
      b
        .selectAll('a')
        .select(['s.company_name', 'i.name as institute_name'])
        .orderBy('a.start_date', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(c.n) };
  }

  /** which of these ids are the supplier's activities */
  async mine(supplierId: number, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await this.db.selectFrom('sales_activity').select('id').where('id', 'in', ids).where('supplier_id', '=', supplierId).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** false when the activity is no longer the supplier's */
  async update(supplierId: number, id: number, set: ActivitySet, now: string) {
    const r = await this.db
      .updateTable('sales_activity')
      .set({ ...set, updated_at: now })
      .where('id', '=', id)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async insert(supplierId: number, set: ActivitySet, now: string) {
    await this.db
      .insertInto('sales_activity')
      .values({ ...set, supplier_id: supplierId, created_at: now, updated_at: now })
      .execute();
  }
}
