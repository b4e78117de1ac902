import type { Kysely, SelectQueryBuilder } from 'kysely';
import { pageWithTotal } from '../db/page-with-total.ts';
import { fail } from '../http/errors.ts';
import { bulkTransition, type TransitionRule, type TransitionTable } from '../transitions.ts';
import { type ExcelColumn, ExcelReadError, type ExcelReadOptions, type ExcelReadResult, type RowError, readExcel } from './excel-reader.ts';

/**
 * Staged imports: the one flow of every upload that is checked, previewed and then confirmed —
 * supplier price sheets (price_import, rows in price_import_row), the platform's historical orders
 * (order_import), the /interface/v1 Excel families (interface_import) and, with no stage at all, the
 * notice batch (its preview answers the check only; it uses `checkSheet`).
 *
 *   upload → every row checked, errors by row (`checkSheet`) → staged (`stage`; a kind that opens
 *   its record before checking starts in `checking` and is staged by `ready`) → the preview paged
 *   (`previewPage` over a rows table, `previewOf` over rows kept as JSON) → confirmed once within its
 *   minutes (`confirmOnce`: one conditional update on the status and the deadline, so of two
 *   confirmations, or a confirmation racing the expiry, exactly one wins) → or expired (`expire`,
 *   the sweep) → old records deleted (`removeOld`).
 *
 * Each kind keeps its own table, status words and minutes (`StagedKind`); its states and moves are
 * one transitions table built here from its words (`transitions`), with the kind's own moves (a
 * cancel, a rollback) beside the lifecycle. The SQL runs on the executor the owning module's
 * repository hands to `on(db)`, so each table is still written by its one owner (scripts/table-owners.ts).
 */

/** The lifecycle's moves: `validate` (checking → staged), the kind's confirmation, `expire` (the sweep). */
export type StagedMove<Confirm extends string = 'confirm'> = 'validate' | Confirm | 'expire';
/** The actor of `expire`: the nightly sweep, or the sweep a read runs first. */
export const SWEEP = 'sweep';
export type Sweep = typeof SWEEP;

/** A kind's status words. */
export interface StagedWords<S extends string> {
  /** the record exists (holding a slot) while its rows are checked; `ready` stages it */
  checking?: S;
  /** checked, waiting for its owner's confirmation until the deadline */
  staged: S;
  /** an upload with a bad row: kept to show its errors, never confirmed */
  invalid?: S;
  applied: S;
  expired: S;
}

/** The import table's columns the lifecycle reads and writes. */
export interface StagedColumns {
  id: string;
  status: string;
  createdAt: string;
  expiresAt: string;
  appliedAt: string;
  totalRows: string;
  errorRows: string;
}

const COLUMNS: StagedColumns = {
  id: 'id',
  status: 'status',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  appliedAt: 'applied_at',
  totalRows: 'total_rows',
  errorRows: 'error_rows',
};

/** Where the checked rows are kept: JSON columns of the import record, or a table of their own. */
export type StagedRows = { json: string; errors: string } | { table: string; importId: string; rowNo: string; batch?: number };

export interface StagedKind<S extends string, C extends string, R extends string, X extends string = never> {
  /** the import records' table, one record per upload */
  table: string;
  /** columns, when named otherwise than id, status, created_at, expires_at, applied_at, total_rows, error_rows */
  columns?: Partial<StagedColumns>;
  words: StagedWords<S>;
  /** who validates and confirms (the transitions table's actor) */
  owner: R;
  /** the confirming action's name in the transitions table */
  confirm: C;
  /** an invalid import expires with the staged ones (else it stays invalid until removed) */
  invalidExpires?: boolean;
  /** the kind's moves beside the lifecycle (a cancel, a rollback) */
  moves?: TransitionTable<S, X, R>;
  /** minutes a staged import waits for confirmation */
  minutes: number;
  /** minutes a `checking` record holds its slot (a check the process never finished) */
  checkingMinutes?: number;
  /** records older than this many days are deleted by `removeOld` */
  keepDays?: number;
  rows: StagedRows;
  /** set beside the expired status (free a slot, drop the rows) */
  onExpire?: Record<string, unknown>;
}

export interface PreviewPage {
  current: number;
  size: number;
}

/** The preview an answer carries when it shows one page of rows. */
export const PREVIEW_ROWS = 200;
const FIRST_PAGE: PreviewPage = { current: 1, size: PREVIEW_ROWS };
const MINUTE = 60_000;
const DAY = 86_400_000;

const iso = (t: Date | string) => (typeof t === 'string' ? t : t.toISOString());
const field = (record: object, column: string) => (record as Record<string, unknown>)[column];

/** the kind names its table at run time; the owning repository types the rows */
type AnyDb = Kysely<any>;
type AnySelect = SelectQueryBuilder<any, any, any>;

/** One kind of staged import: its transitions table and what its records mean; `on(db)` runs its SQL. */
export class StagedImport<S extends string, C extends string = 'confirm', R extends string = 'owner', X extends string = never> {
  readonly transitions: TransitionTable<S, StagedMove<C> | X, R | Sweep>;
  readonly columns: StagedColumns;
  /** checking → staged */
  readonly validation: { from: S[]; to: S } | null;
  /** staged → applied */
  readonly confirmation: { from: S[]; to: S };
  /** the open states the sweep expires, and expired */
  readonly expiry: { from: S[]; to: S };

  constructor(readonly kind: StagedKind<S, C, R, X>) {
    const w = kind.words;
    const open = [...(w.checking ? [w.checking] : []), w.staged, ...(w.invalid && kind.invalidExpires ? [w.invalid] : [])];
    type Rule = TransitionRule<S, StagedMove<C> | X, R | Sweep, void>;
    const validate: Rule[] = w.checking ? [{ from: [w.checking], action: 'validate', actor: [kind.owner], to: w.staged }] : [];
    this.transitions = [
      ...validate,
      { from: [w.staged], action: kind.confirm, actor: [kind.owner], to: w.applied },
      ...(kind.moves ?? []),
      { from: open, action: 'expire', actor: [SWEEP], to: w.expired },
    ];
    this.columns = { ...COLUMNS, ...kind.columns };
    this.validation = w.checking ? bulkTransition(this.transitions, 'validate', kind.owner) : null;
    this.confirmation = bulkTransition(this.transitions, kind.confirm, kind.owner);
    this.expiry = bulkTransition(this.transitions, 'expire', SWEEP);
  }

  get words() {
    return this.kind.words;
  }

  /** The status an upload is inserted in: checking, else invalid with any bad row (when the kind has it), else staged. */
  startState(errorRows: number): S {
    const w = this.kind.words;
    return w.checking ?? (errorRows && w.invalid ? w.invalid : w.staged);
  }

  /** The deadline `minutes` after `now`, as stored. */
  deadline(now: Date, minutes = this.kind.minutes): string {
    return new Date(now.getTime() + minutes * MINUTE).toISOString();
  }

  /** The status as its owner sees it at `now`: an open import past its deadline is expired, swept or not. */
  standing(record: object, now: Date | string): S {
    const status = field(record, this.columns.status) as S;
    return this.expiry.from.includes(status) && String(field(record, this.columns.expiresAt)) <= iso(now) ? this.expiry.to : status;
  }

  /** Whether a confirmation at `now` would win (the same condition `confirmOnce` writes). */
  confirmable(record: object, now: Date | string): boolean {
    return this.confirmation.from.includes(field(record, this.columns.status) as S) && String(field(record, this.columns.expiresAt)) > iso(now);
  }

  /** The rows and errors a JSON kind keeps on its record. */
  contents<T>(record: object): { rows: T; errors: RowError[] } {
    return { rows: JSON.parse(String(field(record, this.jsonColumns().json))) as T, errors: this.errorsOf(record) };
  }

  /** The row errors a JSON kind keeps on its record. */
  errorsOf(record: object): RowError[] {
    return JSON.parse(String(field(record, this.jsonColumns().errors))) as RowError[];
  }

  private jsonColumns() {
    const r = this.kind.rows;
    if (!('json' in r)) throw new Error(`staged import ${this.kind.table}: its rows are in ${r.table}`);
    return r;
  }

  /** One page of rows kept as JSON (the first `PREVIEW_ROWS` by default). */
  previewOf<T>(rows: readonly T[], page: PreviewPage = FIRST_PAGE): { rows: T[]; total: number } {
    return { rows: rows.slice((page.current - 1) * page.size, page.current * page.size), total: rows.length };
  }

  /** The kind's SQL on `db` (the database, or the caller's transaction). */
  on(db: AnyDb): StagedStore<S> {
    return new StagedStore(this as unknown as StagedImport<S, string, string, string>, db);
  }
}

export function stagedImport<S extends string, C extends string = 'confirm', R extends string = 'owner', X extends string = never>(
  kind: StagedKind<S, C, R, X>,
): StagedImport<S, C, R, X> {
  return new StagedImport(kind);
}

/** A kind's lifecycle SQL, bound to an executor. */
export class StagedStore<S extends string> {
  private readonly k: StagedKind<S, string, string, string>;
  private readonly c: StagedColumns;

  constructor(
    private readonly kind: StagedImport<S, string, string, string>,
    private readonly db: AnyDb,
  ) {
    this.k = kind.kind;
    this.c = kind.columns;
  }

  /**
   * Inserts the import in its first state (`startState`) with its deadline, its counts and, for a
   * JSON kind, its rows and errors; answers its id. A kind with `checking` is staged later by `ready`.
   */
  async stage(
    values: Record<string, unknown>,
    at: { now: Date; total?: number; errorRows?: number; rows?: unknown; errors?: readonly RowError[] },
  ): Promise<number> {
    const checking = this.k.words.checking;
    const record: Record<string, unknown> = {
      ...values,
      [this.c.status]: this.kind.startState(at.errorRows ?? 0),
      [this.c.createdAt]: at.now.toISOString(),
      [this.c.expiresAt]: this.kind.deadline(at.now, checking ? (this.k.checkingMinutes ?? this.k.minutes) : this.k.minutes),
      ...(at.total === undefined ? {} : { [this.c.totalRows]: at.total }),
      ...(at.errorRows === undefined ? {} : { [this.c.errorRows]: at.errorRows }),
      ...this.json(at.rows, at.errors),
    };
    const { id } = await this.db.insertInto(this.k.table).values(record).returning(this.c.id).executeTakeFirstOrThrow();
    return Number(id);
  }

  /**
   * checking → staged: stores the checked rows and counts and starts the confirmation deadline;
   * false when the record was no longer checking (expired meanwhile). Run it in the caller's transaction.
   */
  async ready(
    id: number,
    at: { now: Date; rows?: Record<string, unknown>[]; errors?: readonly RowError[]; total: number; errorRows: number; set?: Record<string, unknown> },
  ) {
    const v = this.kind.validation;
    if (!v) throw new Error(`staged import ${this.k.table} has no checking state`);
    if (at.rows && !('json' in this.k.rows)) await this.putRows(id, at.rows);
    return this.update(id, v.from, {
      ...at.set,
      [this.c.status]: v.to,
      [this.c.totalRows]: at.total,
      [this.c.errorRows]: at.errorRows,
      [this.c.expiresAt]: this.kind.deadline(at.now),
      ...(at.rows && 'json' in this.k.rows ? this.json(at.rows, at.errors) : {}),
    });
  }

  /** A record whose check failed goes, unless it moved meanwhile. */
  async discard(id: number): Promise<boolean> {
    const checking = this.k.words.checking;
    if (!checking) throw new Error(`staged import ${this.k.table} has no checking state`);
    const r = await this.db.deleteFrom(this.k.table).where(this.c.id, '=', id).where(this.c.status, '=', checking).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /**
   * staged → applied, once and before the deadline, with `set` beside it: true for the one call that
   * won. A second confirmation, or one the sweep (or the clock) overtook, changes nothing.
   */
  confirmOnce(id: number, now: Date | string, set: Record<string, unknown> = {}): Promise<boolean> {
    const { from, to } = this.kind.confirmation;
    return this.update(id, from, { ...set, [this.c.status]: to, [this.c.appliedAt]: iso(now) }, iso(now));
  }

  /** A move of the kind's own (cancel, roll back): from → to with `set`, false when it was no longer in `from`. */
  move(id: number, from: S, to: S, set: Record<string, unknown> = {}): Promise<boolean> {
    return this.update(id, [from], { ...set, [this.c.status]: to });
  }

  /**
   * The sweep: every open import (`expiry.from`) past its deadline takes the expired status and
   * `onExpire`; `where` narrows it to equal columns (one supplier's). Answers how many expired.
   */
  async expire(now: Date | string, where: Record<string, string | number> = {}): Promise<number> {
    let q = this.db
      .updateTable(this.k.table)
      .set({ ...this.k.onExpire, [this.c.status]: this.kind.expiry.to })
      .where(this.c.status, 'in', this.kind.expiry.from)
      .where(this.c.expiresAt, '<=', iso(now));
    for (const [column, value] of Object.entries(where)) q = q.where(column, '=', value);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes the records (and their rows) created more than `keepDays` before `now`; answers how many. */
  async removeOld(now: Date): Promise<number> {
    if (this.k.keepDays === undefined) throw new Error(`staged import ${this.k.table} keeps its records`);
    const before = new Date(now.getTime() - this.k.keepDays * DAY).toISOString();
    const rows = this.k.rows;
    if (!('json' in rows))
      await this.db
        .deleteFrom(rows.table)
        .where(rows.importId, 'in', this.db.selectFrom(this.k.table).select(this.c.id).where(this.c.createdAt, '<', before))
        .execute();
    const r = await this.db.deleteFrom(this.k.table).where(this.c.createdAt, '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Adds rows to an import's rows table, in batches. */
  async putRows(id: number, rows: readonly Record<string, unknown>[]): Promise<void> {
    const t = this.rowsTable();
    const batch = t.batch ?? 500;
    for (let i = 0; i < rows.length; i += batch)
      await this.db
        .insertInto(t.table)
        .values(rows.slice(i, i + batch).map((r) => ({ ...r, [t.importId]: id })))
        .execute();
  }

  /**
   * One page of an import's rows in row order, with the total: `shape` narrows (a filter) and
   * selects (joins allowed); by default every column of the rows table.
   */
  previewPage<O>(id: number, page: PreviewPage, shape?: (q: AnySelect) => AnySelect): Promise<{ rows: O[]; total: number }> {
    const t = this.rowsTable();
    const q = this.db.selectFrom(t.table).where(`${t.table}.${t.importId}`, '=', id);
    return pageWithTotal(shape ? shape(q) : q.selectAll(), (x) => x.orderBy(`${t.table}.${t.rowNo}`), page.current, page.size) as Promise<{
      rows: O[];
      total: number;
    }>;
  }

  /** Every row of an import, in row order. */
  allRows<O>(id: number): Promise<O[]> {
    const t = this.rowsTable();
    return this.db.selectFrom(t.table).selectAll().where(t.importId, '=', id).orderBy(t.rowNo).execute() as Promise<O[]>;
  }

  private rowsTable() {
    const r = this.k.rows;
    if ('json' in r) throw new Error(`staged import ${this.k.table} keeps its rows as JSON`);
    return r;
  }

  private json(rows: unknown, errors: readonly RowError[] | undefined): Record<string, string> {
    const r = this.k.rows;
    if (!('json' in r) || rows === undefined) return {};
    return { [r.json]: JSON.stringify(rows), [r.errors]: JSON.stringify(errors ?? []) };
  }

  /** id and status in `from` (and before the deadline when `liveAt` is given) → `set`; true when this call moved it. */
  private async update(id: number, from: readonly S[], set: Record<string, unknown>, liveAt?: string): Promise<boolean> {
    let q = this.db.updateTable(this.k.table).set(set).where(this.c.id, '=', id).where(this.c.status, 'in', from);
    if (liveAt !== undefined) q = q.where(this.c.expiresAt, '>', liveAt);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

/** A row error reported by an import's check. */
export type RowErr = (row: number, column: string, message: string) => void;

/** Reads an uploaded workbook; a file that cannot be read at all answers 400 with the reader's Chinese message. */
export async function readSheet<const C extends readonly ExcelColumn[]>(data: Buffer, columns: C, options: ExcelReadOptions = {}): Promise<ExcelReadResult<C>> {
  try {
    return await readExcel(data, columns, options);
  } catch (e) {
    if (e instanceof ExcelReadError) return fail('BAD_REQUEST', e.message);
    throw e;
  }
}

export interface CheckedSheet<C extends readonly ExcelColumn[], T> {
  read: ExcelReadResult<C>;
  /** what `check` answered (the checked rows) */
  checked: T;
  /** every row error, the reader's and the check's, in row order */
  errors: RowError[];
  /** rows with at least one error */
  errorRows: number;
  /** data rows in the sheet: those read and those the reader could not take */
  total: number;
}

/**
 * Upload → every row checked: reads the sheet (`readSheet`), then `check` reports each bad row
 * through `err`; answers the errors in row order with the counts a preview shows.
 */
export async function checkSheet<const C extends readonly ExcelColumn[], T>(
  data: Buffer,
  columns: C,
  options: ExcelReadOptions,
  check: (read: ExcelReadResult<C>, err: RowErr) => T | Promise<T>,
): Promise<CheckedSheet<C, T>> {
  const read = await readSheet(data, columns, options);
  const errors: RowError[] = [...read.errors];
  const checked = await check(read, (row, column, message) => errors.push({ row, column, message }));
  errors.sort((a, b) => a.row - b.row);
  return {
    read,
    checked,
    errors,
    errorRows: new Set(errors.map((e) => e.row)).size,
    total: read.rows.length + new Set(read.errors.map((e) => e.row)).size,
  };
}
