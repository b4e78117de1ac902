import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB, ExportRecordTable } from '../../../platform/db/schema.ts';

export type ExportRecordRow = Selectable<ExportRecordTable> & { user_name: string };

/** Whose records a page lists: all (platform), an institute's, a supplier's, one user's. */
export type RecordScope =
  | { kind: 'all' }
  | { kind: 'institute'; instituteId: number }
  | { kind: 'supplier'; supplierId: number }
  | { kind: 'user'; userId: number };

/** SQL of export records: insert, the job's progress and outcome, pages by scope, expiry. */
export class ExportRecordsRepository {
  constructor(readonly db: Kysely<DB>) {}

  insert(trx: Transaction<DB>, row: Insertable<ExportRecordTable>) {
    return trx.insertInto('export_record').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** The user's exports still queued or running. */
  async open(userId: number) {
    const r = await this.db
      .selectFrom('export_record')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  find(id: number): Promise<ExportRecordRow | undefined> {
    return this.db
      .selectFrom('export_record')
      .innerJoin('app_user', 'app_user.id', 'export_record.user_id')
      .selectAll('export_record')
      .select((eb) => eb.fn.coalesce('app_user.real_name', 'app_user.user_name').as('user_name'))
      .where('export_record.id', '=', id)
      .executeTakeFirst();
  }

  /** queued (or running, when a process died mid-run: delivery is at least once) → running; false when it already ended. */
  async start(id: number) {
    const r = await this.db
      .updateTable('export_record')
      .set({ status: 'running', progress: 0, row_count: 0, started_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  progress(id: number, progress: number, rows: number) {
    return this.db.updateTable('export_record').set({ progress, row_count: rows }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  done(id: number, fileId: number, rows: number) {
    return this.db
      .updateTable('export_record')
      .set({ status: 'done', progress: 100, row_count: rows, file_id: fileId, finished_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  failed(id: number, error: string) {
    return this.db.updateTable('export_record').set({ status: 'failed', error, finished_at: nowIso() }).where('id', '=', id).execute();
  }

  async page(scope: RecordScope, q: { current: number; size: number; status?: string }) {
    let base = this.db.selectFrom('export_record');
    if (scope.kind === 'institute') base = base.where('export_record.institute_id', '=', scope.instituteId);
    if (scope.kind === 'supplier') base = base.where('export_record.supplier_id', '=', scope.supplierId);
    if (scope.kind === 'user') base = base.where('export_record.user_id', '=', scope.userId);
    if (q.status) base = base.where('export_record.status', '=', q.status);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('app_user', 'app_user.id', 'export_record.user_id')
        .selectAll('export_record')
        .select((eb) => eb.fn.coalesce('app_user.real_name', 'app_user.user_name').as('user_name'))
        .orderBy('export_record.id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  expired(now: string, limit: number) {
    return this.db.selectFrom('export_record').select(['id', 'file_id']).where('expires_at', '<', now).orderBy('id').limit(limit).execute();
  }

  async remove(id: number) {
    await this.db.deleteFrom('export_record').where('id', '=', id).execute();
  }
}
