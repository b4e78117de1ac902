import { INTERFACE_IMPORT_TTL_MINUTES, type InterfaceImportVO } from '@kc/contracts/supply/interface-excel';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { type StagedMove, type StagedStore, stagedImport } from '../../../platform/documents/index.ts';
import type { TransitionTable } from '../../../platform/transitions.ts';
import { FamilyRows } from './family-rows.repository.ts';

/** An emptied import (its parsed rows are dropped once it can no longer be confirmed). */
const NO_ROWS = JSON.stringify({ parsed: [], preview: [], creates: 0, updates: 0 });

export type InterfaceImportStatus = InterfaceImportVO['status'];

/**
 * The interface import as a staged import (platform/documents/staged-import.ts):
 *
 *   (uploaded) ready ─confirm (the importing user)→ applied
 *              invalid (a sheet with any bad row: kept to show its errors until removed)
 *   ready ─expire (the nightly sweep)→ expired, its rows dropped
 *
 * The parsed rows, preview and errors are JSON on the record; an hour to confirm; records deleted after 7 days.
 */
export const INTERFACE_IMPORT = stagedImport<InterfaceImportStatus, 'confirm', 'importer'>({
  table: 'interface_import',
  words: { staged: 'ready', invalid: 'invalid', applied: 'applied', expired: 'expired' },
  owner: 'importer',
  confirm: 'confirm',
  minutes: INTERFACE_IMPORT_TTL_MINUTES,
  keepDays: 7,
  rows: { json: 'rows', errors: 'errors' },
  onExpire: { rows: NO_ROWS },
});

export const INTERFACE_IMPORT_TRANSITIONS: TransitionTable<InterfaceImportStatus, StagedMove, 'importer' | 'sweep'> = INTERFACE_IMPORT.transitions;
/** Where a sheet with a bad row starts and stays: no move enters or leaves it. */
export const INTERFACE_IMPORT_INVALID: InterfaceImportStatus = INTERFACE_IMPORT.startState(1);

/** SQL of the interface imports (interface_import), of the API client an export is scoped by, and the families' rows. */
export class InterfaceImportsRepository {
  /** the families' SQL on the same executor */
  readonly families: FamilyRows;
  /** the import's lifecycle (stage, confirm once, expire, remove old) on the same executor */
  readonly staged: StagedStore<InterfaceImportStatus>;

  constructor(private readonly db: Executor) {
    this.families = new FamilyRows(db);
    this.staged = INTERFACE_IMPORT.on(db);
  }

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: InterfaceImportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new InterfaceImportsRepository(trx)));
  }

  /** the institute an enabled API client is bound to */
  clientInstitute(clientId: string) {
    return this.db.selectFrom('api_client').select('institute_id').where('client_id', '=', clientId).where('status', '=', 1).executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom('interface_import').selectAll().where('id', '=', id).executeTakeFirst();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
