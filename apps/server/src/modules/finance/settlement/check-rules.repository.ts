import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL of the institutes' settlement rules (check_rule, one row per institute once saved). */
export class CheckRulesRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: CheckRulesRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CheckRulesRepository(trx), trx));
  }

  rule(instituteId: number) {
    return this.db
      .selectFrom('institute as i')
      .leftJoin('check_rule as r', 'r.institute_id', 'i.id')
      .select(['i.id as institute_id', 'i.name as institute_name', 'r.period', 'r.cutoff_day', 'r.count_states', 'r.deductions', 'r.updated_at'])
      .where('i.id', '=', instituteId)
      .executeTakeFirst();
  }

  rules(instituteId: number | null) {
    let q = this.db
      .selectFrom('institute as i')
      .leftJoin('check_rule as r', 'r.institute_id', 'i.id')
      .select(['i.id as institute_id', 'i.name as institute_name', 'r.period', 'r.cutoff_day', 'r.count_states', 'r.deductions', 'r.updated_at']);
    if (instituteId !== null) q = q.where('i.id', '=', instituteId);
    return q.orderBy('i.id').execute();
  }

  /** The institute's year-end settlement freeze (kept with its claim settings by the claims module). */
  freeze(instituteId: number) {
    return this.db.selectFrom('claim_setting').select(['freeze_from', 'freeze_to']).where('institute_id', '=', instituteId).executeTakeFirst();
  }

  save(v: { institute_id: number; period: string; cutoff_day: number; count_states: string; deductions: string; updated_by: number }) {
    const row = { ...v, updated_at: new Date().toISOString() };
    return this.db
      .insertInto('check_rule')
      .values(row)
      .onConflict((oc) =>
        oc.column('institute_id').doUpdateSet({
          period: row.period,
          cutoff_day: row.cutoff_day,
          count_states: row.count_states,
          deductions: row.deductions,
          updated_by: row.updated_by,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
