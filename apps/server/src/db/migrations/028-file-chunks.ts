import type { Kysely } from 'kysely';
import { isPostgres, notNull } from './portable.ts';

/**
 * Uploaded and generated files kept in PostgreSQL (platform/files/pg-storage.ts), chunk by chunk, so
 * several processes share them without a shared disk. Only on PostgreSQL: the embedded SQLite setup
 * keeps its files on disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('file_chunk')
    .ifNotExists()
    .addColumn('storage_key', 'text', notNull)
    .addColumn('seq', 'integer', notNull)
    .addColumn('data', 'bytea', notNull)
    .addPrimaryKeyConstraint('file_chunk_pk', ['storage_key', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_chunk').ifExists().execute();
}
