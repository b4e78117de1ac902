import type { Insertable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { InterfaceImportTable } from '../../../platform/db/schema.ts';
import { FamilyRows } from './family-rows.repository.ts';

/** An emptied import (its parsed rows are dropped once it can no longer be confirmed). */
const NO_ROWS = JSON.stringify({ parsed: [], preview: [], creates: 0, updates: 0 });

/** SQL of the interface imports (interface_import), of the API client an export is scoped by, and the families' rows. */
export class InterfaceImportsRepository {
  /** the families' SQL on the same executor */
  readonly families: FamilyRows;

  constructor(private readonly db: Executor) {
    this.families = new FamilyRows(db);
  }

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: InterfaceImportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new InterfaceImportsRepository(trx)));
  }

  /** the institute an enabled API client is bound to */
  clientInstitute(clientId: string) {
    return this.db.selectFrom('api_client').select('institute_id').where('client_id', '=', clientId).where('status', '=', 1).executeTakeFirst();
  }

  insert(row: Insertable<InterfaceImportTable>) {
    return this.db.insertInto('interface_import').values(row).returning('id').executeTakeFirstOrThrow();
  }

  byId(id: number) {
    return this.db.selectFrom('interface_import').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** ready → applied, once: false when another confirmation (or the nightly expiry) came first */
  async claim(id: number, at: string) {
    const r = await this.db
      .updateTable('interface_import')
      .set({ status: 'applied', applied_at: at })
      .where('id', '=', id)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** imports waiting past their hour become expired and lose their rows */
  async expireReady(now: string) {
    await this.db
      .updateTable('interface_import')
      .set({ status: 'expired', rows: NO_ROWS })
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now)
      .execute();
  }

  async deleteCreatedBefore(at: string) {
    await this.db.deleteFrom('interface_import').where('created_at', '<', at).execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
