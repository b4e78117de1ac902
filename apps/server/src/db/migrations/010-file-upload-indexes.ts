import type { Kysely } from 'kysely';

/**
 * Uploads: the daily quota counts an account's files of the last 24 hours at every upload, and the
 * nightly sweep looks for unattached files older than a day. Without these both read every file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('file_object_uploader_idx').ifNotExists().on('file_object').columns(['uploaded_by', 'created_at']).execute();
  await db.schema.createIndex('file_object_created_idx').ifNotExists().on('file_object').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('file_object_created_idx').ifExists().execute();
  await db.schema.dropIndex('file_object_uploader_idx').ifExists().execute();
}
