// A throwaway database per engine for a bench: a temporary SQLite directory, or a fresh PostgreSQL
// database next to the one in `baseUrl`; removed afterwards unless `keep` (then its name is logged).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/database.ts';

export interface Scratch {
  label: 'SQLite' | 'PostgreSQL';
  database: Database;
  /** SQLite: the data directory (a server started on the same data) */
  dataDir?: string;
  /** PostgreSQL: the database's URL */
  databaseUrl?: string;
}

interface Options {
  keep?: boolean;
  log?: (line: string) => void;
}

export async function onSqlite<T>(name: string, fn: (s: Scratch) => Promise<T>, o: Options = {}): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kc-${name}-bench-`));
  const database = openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    return await fn({ label: 'SQLite', database, dataDir: dir });
  } finally {
    await database.close();
    if (o.keep) o.log?.(`保留 SQLite 库：${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function onPostgres<T>(baseUrl: string, name: string, fn: (s: Scratch) => Promise<T>, o: Options = {}): Promise<T> {
  const db = `kc_${name.replace(/-/g, '_')}_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  const u = new URL(baseUrl);
  u.pathname = `/${db}`;
  const database = openDatabase({ databaseUrl: u.toString(), dataDir: os.tmpdir() });
  try {
    return await fn({ label: 'PostgreSQL', database, databaseUrl: u.toString() });
  } finally {
    await database.close();
    if (o.keep) o.log?.(`保留 PostgreSQL 库：${db}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}
