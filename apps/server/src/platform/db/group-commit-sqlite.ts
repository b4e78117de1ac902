import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/** How many transactions one commit may carry, and how long the first of them may wait for it. */
const MAX_GROUP = 64;
const MAX_WAIT_MS = 20;

/**
 * SQLite with group commit. With synchronous=FULL every COMMIT waits for an fsync, and on a busy
 * server that wait, not the SQL, bounds the write rate. Here each Kysely transaction runs as a
 * SAVEPOINT inside one open database transaction; the transactions that finish in the same turn
 * of the event loop share one COMMIT (and one fsync), issued on setImmediate. A transaction's
 * promise settles only after that COMMIT, so nothing is acknowledged before it is durable; a
 * transaction that fails rolls back to its own savepoint and leaves the others alone. A write
 * made outside any transaction commits the group at once, so it too is durable when it returns.
 *
 * One connection, one user at a time (as Kysely's own SQLite driver): a query made outside a
 * transaction from inside it still waits for that transaction to end.
 */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(private readonly config: { database: SQLite.Database /** told the size of each committed group */; onCommit?: (size: number) => void }) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new GroupCommitDriver(this.config.database, this.config.onCommit);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** One use of the connection: a transaction or a single query. */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(q, this);
  }
  // biome-ignore lint/correctness/useYield: streaming is not supported on this driver
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('流式查询不受支持');
  }
}

class GroupCommitDriver implements Driver {
  private queue: (() => void)[] = [];
  private busy = false;
  /** the outer database transaction is open and holds `group` finished savepoints */
  private open = false;
  private group: Waiter[] = [];
  private groupStarted = 0;
  private flushScheduled = false;
  private lastGroupSize = 0;

  /**
   * Prepared statements by SQL text: Kysely sends the same text for the same query shape, and a
   * better-sqlite3 statement is reusable (execution is synchronous, so never twice at once).
   * Bounded: IN-lists make many distinct texts.
   */
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: SQLite.Database,
    private readonly onCommit?: (size: number) => void,
  ) {}

  private prepare(sql: string): SQLite.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      if (this.statements.size >= 500) this.statements.clear();
      this.statements.set(sql, st);
    }
    return st;
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((r) => this.queue.push(r));
    this.busy = true;
    return new Lease(this);
  }

  async releaseConnection(c: DatabaseConnection) {
    const lease = c as Lease;
    if (lease.released) return;
    lease.released = true;
    this.handOff();
  }

  async beginTransaction(c: DatabaseConnection) {
    if (!this.open) {
      this.exec('BEGIN IMMEDIATE');
      this.open = true;
      this.groupStarted = Date.now();
    }
    this.exec('SAVEPOINT kc_tx');
    (c as Lease).inTransaction = true;
  }

  async commitTransaction(c: DatabaseConnection) {
    const lease = c as Lease;
    this.exec('RELEASE kc_tx');
    lease.inTransaction = false;
    const durable = new Promise<void>((resolve, reject) => this.group.push({ resolve, reject }));
    // let the next user in before the COMMIT: that is what makes the group
    lease.released = true;
    this.handOff();
    await durable;
  }

  async rollbackTransaction(c: DatabaseConnection) {
    const lease = c as Lease;
    // after a failed group COMMIT the lease is gone and the whole group was rolled back already
    if (!lease.inTransaction || lease.released) return;
    lease.inTransaction = false;
    this.exec('ROLLBACK TO kc_tx');
    this.exec('RELEASE kc_tx');
  }

  async savepoint(c: DatabaseConnection, name: string) {
    await c.executeQuery(CompiledQuery.raw(`SAVEPOINT "${name}"`));
  }
  async rollbackToSavepoint(c: DatabaseConnection, name: string) {
    await c.executeQuery(CompiledQuery.raw(`ROLLBACK TO "${name}"`));
  }
  async releaseSavepoint(c: DatabaseConnection, name: string) {
    await c.executeQuery(CompiledQuery.raw(`RELEASE "${name}"`));
  }

  async destroy() {
    this.flush();
    this.db.close();
  }

  run<R>(q: CompiledQuery, lease: Lease): Promise<QueryResult<R>> {
    const stmt = this.prepare(q.sql);
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(q.parameters as unknown[]) as R[] });
    const { changes, lastInsertRowid } = stmt.run(q.parameters as unknown[]);
    // a write outside any transaction is acknowledged only once committed
    if (this.open && !lease.inTransaction) this.flush();
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
  }

  /** The connection is free: commit now if the group is full or old, else after this turn; then wake the next user. */
  private handOff() {
    if (this.open && (this.group.length >= MAX_GROUP || Date.now() - this.groupStarted >= MAX_WAIT_MS)) this.flush();
    else if (this.open && !this.flushScheduled) {
      this.flushScheduled = true;
      // under concurrency (the last group had company) wait one more turn of the loop: requests
      // already received but not yet read join this COMMIT instead of paying for the next one
      this.flushAfter(this.lastGroupSize > 1 ? 2 : 1);
    }
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }

  private flushAfter(turns: number) {
    setImmediate(() => {
      if (turns > 1) return this.flushAfter(turns - 1);
      this.flushScheduled = false;
      // a transaction still running keeps the group open; its own hand-off schedules again
      if (!this.busy) this.flush();
    });
  }

  /** COMMIT the open group and settle every transaction in it. */
  private flush() {
    if (!this.open) return;
    const group = this.group;
    this.group = [];
    this.open = false;
    try {
      this.exec('COMMIT');
    } catch (e) {
      try {
        this.exec('ROLLBACK');
      } catch {
        // the transaction is already gone
      }
      for (const w of group) w.reject(e);
      return;
    }
    this.lastGroupSize = group.length;
    this.onCommit?.(group.length);
    for (const w of group) w.resolve();
  }

  private exec(sql: string) {
    this.prepare(sql).run();
  }
}
