import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/** Notices, page configuration, help centre, stored files, server settings and supplier registration review. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('setting')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  await withId(db, s.createTable('notice'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    // 1 public (home page), 2 buyers, 3 suppliers
    .addColumn('type', 'integer', notNull)
    // 0 draft, 1 published, 2 withdrawn
    .addColumn('status', 'integer', zero)
    .addColumn('top', 'integer', zero)
    .addColumn('published_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await s.createIndex('notice_list_idx').on('notice').columns(['status', 'type', 'published_at']).execute();

  await withId(db, s.createTable('page_config'))
    // 'loginSwiper' | 'indexBanner' | 'bigMallBanner' | 'techServiceBanner' | 'bidBanner' | 'download' | 'privacy' | 'serviceAgreement'
    .addColumn('kind', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('image_file_id', 'integer')
    .addColumn('link_url', 'text')
    .addColumn('content', 'text')
    .addColumn('sort', 'integer', zero)
    // 0 stopped, 1 started
    .addColumn('status', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('help_item'))
    .addColumn('parent_id', 'integer', (c) => c.references('help_item.id'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('file_object'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('purpose', 'text', notNull)
    .addColumn('uploaded_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await s.alterTable('supplier').addColumn('company_key', 'text').execute();
  await s.alterTable('supplier').addColumn('refuse_reason', 'text').execute();
  await s.alterTable('supplier').addColumn('reviewed_by', 'integer').execute();
  await s.alterTable('supplier').addColumn('reviewed_at', 'text').execute();
  await s.alterTable('supplier').addColumn('email', 'text').execute();
  await s.createIndex('supplier_company_key_idx').on('supplier').column('company_key').execute();

  await s
    .createTable('supplier_qualification')
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('file_object.id'))
    // 'license' 营业执照 | 'permit' 危险化学品经营许可证 | 'other'
    .addColumn('kind', 'text', notNull)
    .addPrimaryKeyConstraint('supplier_qualification_pk', ['supplier_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('supplier_qualification').ifExists().execute();
  for (const c of ['company_key', 'refuse_reason', 'reviewed_by', 'reviewed_at', 'email']) await db.schema.alterTable('supplier').dropColumn(c).execute();
  for (const t of ['file_object', 'help_item', 'page_config', 'notice', 'setting']) await db.schema.dropTable(t).ifExists().execute();
}
