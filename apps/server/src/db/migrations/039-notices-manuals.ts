import type { Kysely } from 'kysely';
import { notNull, withId } from './portable.ts';

/**
 * Notices with publish windows, audiences and read receipts, and operation manuals (issue 13 §5):
 * - notice.institute_id: null for a platform notice, set for one institute's (its owner manages it,
 *   only its users see it); publish_at / withdraw_at: the window in which a published notice is
 *   visible (null: from publication, without end).
 * - notice_role: the roles a notice is addressed to (none: everyone of its type).
 * - notice_file: a notice's attachments (files of purpose 'notice').
 * - notice_read: one read receipt per user and notice, with the first reading time.
 * - operation_manual, its versions (one file each, numbered 1, 2, …; published_version is the one users
 *   see) and the roles it is for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables();
  const has = (t: string, c: string) => tables.find((x) => x.name === t)?.columns.some((x) => x.name === c) ?? false;
  for (const column of ['institute_id'] as const) if (!has('notice', column)) await db.schema.alterTable('notice').addColumn(column, 'integer').execute();
  for (const column of ['publish_at', 'withdraw_at'] as const)
    if (!has('notice', column)) await db.schema.alterTable('notice').addColumn(column, 'text').execute();
  await db.schema.createIndex('notice_institute_idx').ifNotExists().on('notice').columns(['institute_id', 'status']).execute();

  await db.schema
    .createTable('notice_role')
    .ifNotExists()
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', notNull)
    .addPrimaryKeyConstraint('notice_role_pk', ['notice_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('notice_file')
    .ifNotExists()
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('notice_file_pk', ['notice_id', 'file_id'])
    .execute();
  await db.schema.createIndex('notice_file_file_idx').ifNotExists().on('notice_file').column('file_id').execute();
  await db.schema
    .createTable('notice_read')
    .ifNotExists()
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', notNull)
    .addColumn('read_at', 'text', notNull)
    .addPrimaryKeyConstraint('notice_read_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_read_user_idx').ifNotExists().on('notice_read').columns(['user_id', 'notice_id']).execute();

  await withId(db, db.schema.createTable('operation_manual').ifNotExists())
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latest_version', 'integer', notNull)
    .addColumn('published_version', 'integer')
    .addColumn('published_at', 'text')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await withId(db, db.schema.createTable('operation_manual_version').ifNotExists())
    .addColumn('manual_id', 'integer', (c) => c.notNull().references('operation_manual.id').onDelete('cascade'))
    .addColumn('version', 'integer', notNull)
    .addColumn('file_id', 'integer', notNull)
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('operation_manual_version_uq').ifNotExists().unique().on('operation_manual_version').columns(['manual_id', 'version']).execute();
  await db.schema.createIndex('operation_manual_version_file_idx').ifNotExists().on('operation_manual_version').column('file_id').execute();
  await db.schema
    .createTable('operation_manual_role')
    .ifNotExists()
    .addColumn('manual_id', 'integer', (c) => c.notNull().references('operation_manual.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', notNull)
    .addPrimaryKeyConstraint('operation_manual_role_pk', ['manual_id', 'role_id'])
    .execute();
  await db.schema.createIndex('operation_manual_role_role_idx').ifNotExists().on('operation_manual_role').column('role_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['operation_manual_role', 'operation_manual_version', 'operation_manual', 'notice_read', 'notice_file', 'notice_role'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('notice_institute_idx').ifExists().execute();
  for (const c of ['institute_id', 'publish_at', 'withdraw_at']) await db.schema.alterTable('notice').dropColumn(c).execute();
}
