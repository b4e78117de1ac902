import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { GroupCommitSqliteDialect } from './group-commit-sqlite.ts';
import type { DB } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; ids and counts here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(opts: { databaseUrl: string | null; dataDir: string; file?: string }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, DROP DATABASE) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL 空闲连接已断开：${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = opts.file ?? path.join(opts.dataDir, 'keyan.db');
  const sqlite = new SQLite(file);
  // Durable by default: the embedded engine is not a toy path (docs/ARCHITECTURE.md).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new GroupCommitSqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

export const nowIso = () => new Date().toISOString();
