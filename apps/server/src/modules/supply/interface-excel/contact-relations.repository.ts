import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { instituteFilter, type Scope } from './scope.ts';

export interface RelationSet {
  institute_id: number;
  dept_id: number;
  contact_id: number;
  supplier_id: number;
  note: string | null;
}

/** SQL of 联系人对应 (contact_relation: which supplier contact serves which institute or department). */
export class ContactRelationsRepository {
  constructor(private readonly db: Executor) {}

  async page(s: Scope, q: { instituteId?: number; keyword?: string }, limit: number, offset: number) {
    let b = this.db
      .selectFrom('contact_relation as r')
      .innerJoin('institute as i', 'i.id', 'r.institute_id')
      .innerJoin('supplier_contact as c', 'c.id', 'r.contact_id')
      .innerJoin('supplier as s', 's.id', 'r.supplier_id')
      .leftJoin('dept as d', 'd.id', 'r.dept_id');
    const inst = instituteFilter(s, q.instituteId);
    if (inst !== undefined) b = b.where('r.institute_id', '=', inst);
    if (s.kind === 'supplier') b = b.where('r.supplier_id', '=', s.supplierId);
    if (q.keyword) {
      const k = q.keyword;
      b = b.where((eb) => eb.or([containsText('c.name', k), containsText('c.phone', k), containsText('s.company_name', k), containsText('d.name', k)]));
    }
    const [rows, c] = await Promise.all([
      b
        .selectAll('r')
        .select(['i.name as institute_name', 'd.name as dept_name', 's.company_name', 'c.name as contact_name', 'c.phone'])
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(c.n) };
  }

  ofInstitutes(instituteIds: number[]) {
    if (!instituteIds.length) return Promise.resolve([]);
    return this.db.selectFrom('contact_relation').select(['id', 'institute_id', 'dept_id', 'contact_id']).where('institute_id', 'in', instituteIds).execute();
  }

  byIds(ids: number[]) {
    return this.db.selectFrom('contact_relation').select(['id', 'institute_id']).where('id', 'in', ids).execute();
  }

  /** an institute's owner changes only its own institute's rows; false when the row is gone or not in scope */
  async update(id: number, onlyInstitute: number | null, set: RelationSet, now: string) {
    let u = this.db
      .updateTable('contact_relation')
      .set({ ...set, updated_at: now })
      .where('id', '=', id);
    if (onlyInstitute !== null) u = u.where('institute_id', '=', onlyInstitute);
    const r = await u.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async insert(set: RelationSet, by: number, now: string) {
    await this.db
      .insertInto('contact_relation')
      .values({ ...set, created_by: by, created_at: now, updated_at: now })
      .execute();
  }
}
