import type { Insertable, Selectable, Transaction } from 'kysely';
import { loadCaller } from '../../../platform/auth/caller.repository.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
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
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: ExportRecordsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ExportRecordsRepository(trx), trx));
  }

  insert(row: Insertable<ExportRecordTable>) {
    return this.db.insertInto('export_record').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** The user's exports in one of `statuses` (those the job has not ended). */
  async open(userId: number, statuses: readonly string[]) {
    const r = await this.db
      .selectFrom('export_record')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', [...statuses])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The exporter's account as it is now (the job checks it again before it runs). */
  exporter(userId: number) {
    return loadCaller(this.db, userId);
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

  /** The job's start, from any of `from` (export-states.ts) to `to`, progress reset; false when the record already ended. */
  async start(id: number, from: readonly string[], to: string) {
    const r = await this.db
      .updateTable('export_record')
      .set({ status: to, progress: 0, row_count: 0, started_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Progress of a record still running (a record that ended meanwhile keeps its figures). */
  progress(id: number, progress: number, rows: number) {
    return this.db.updateTable('export_record').set({ progress, row_count: rows }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  /** The file is stored: the record takes `status` (done) with its file and row count. */
  done(id: number, status: string, fileId: number, rows: number) {
    return this.db
      .updateTable('export_record')
      .set({ status, progress: 100, row_count: rows, file_id: fileId, finished_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** The export stopped: the record takes `status` (failed) with the reason the user reads. */
  failed(id: number, status: string, error: string) {
    return this.db.updateTable('export_record').set({ status, error, finished_at: nowIso() }).where('id', '=', id).execute();
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
