import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from './migrate.ts';
import { ensureBaseData } from './seed/base-data.ts';
import { seedCatalog } from './seed/catalog/generate.ts';
import { seedDemo } from './seed/demo.ts';

/**
 * Brings the demo back to its first state: everything written since is dropped (orders, carts,
 * accounts, uploads), then the schema, base data, demo organisation, accounts and catalog are
 * written as on a first start. SQLite: the database file and the uploaded files under DATA_DIR go;
 * PostgreSQL: the public schema and the job queue's schema are dropped and made again.
 */
export async function resetDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'catalogItems' | 'catalogPictures'>) {
  if (config.databaseUrl) {
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await sql`drop schema if exists graphile_worker cascade`.execute(database.db);
    await sql`drop schema public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    await database.close();
  } else {
    for (const f of ['keyan.db', 'keyan.db-wal', 'keyan.db-shm']) fs.rmSync(path.join(config.dataDir, f), { force: true });
  }
  fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    await ensureBaseData(database.db);
    await seedDemo(database.db);
    await seedCatalog(database.db, { items: config.catalogItems, pictures: config.catalogPictures });
  } finally {
    await database.close();
  }
}
