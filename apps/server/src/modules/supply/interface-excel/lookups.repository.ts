import type { Executor } from '../../../platform/db/executor.ts';

/** Names the import sheets refer to: institutes and their departments, as they are today. */
export class LookupsRepository {
  constructor(private readonly db: Executor) {}

  /** active institutes by name */
  async institutesByName() {
    const rows = await this.db.selectFrom('institute').select(['id', 'name']).where('status', '=', 1).execute();
    return new Map(rows.map((r) => [r.name.trim(), r.id]));
  }

  /** the departments of these institutes, by institute and name (names may repeat: all kept) */
  async deptsByName(instituteIds: number[]) {
    const map = new Map<string, number[]>();
    if (!instituteIds.length) return map;
    const rows = await this.db
      .selectFrom('dept')
      .select(['id', 'name', 'institute_id'])
      .where('institute_id', 'in', instituteIds)
      .where('status', '=', 1)
      .execute();
    for (const r of rows) {
      const k = `${r.institute_id}|${r.name.trim()}`;
      map.set(k, [...(map.get(k) ?? []), r.id]);
    }
    return map;
  }

  /** active suppliers by company name */
  async suppliersByName() {
    const rows = await this.db.selectFrom('supplier').select(['id', 'company_name']).where('status', '=', 1).execute();
    return new Map(rows.map((x) => [x.company_name.trim(), x.id]));
  }
}
