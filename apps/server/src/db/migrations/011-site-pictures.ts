import type { Kysely } from 'kysely';
import { notNull } from './portable.ts';

/**
 * Pictures the product draws itself, served as static images (modules/pictures): a chemical's 2D
 * structure rendered from SMILES, a category's product drawing, the first banners and login
 * slides. Kept in the database, not on a disk, so every server process answers them alike.
 *
 * page_config.image_path: a banner's built-in picture (a site path), shown until the administrator
 * uploads an image of their own (image_file_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_picture')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('svg', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  const columns = await db.introspection.getTables();
  const pageConfig = columns.find((t) => t.name === 'page_config');
  if (pageConfig && !pageConfig.columns.some((c) => c.name === 'image_path')) {
    await db.schema.alterTable('page_config').addColumn('image_path', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('page_config').dropColumn('image_path').execute();
  await db.schema.dropTable('site_picture').ifExists().execute();
}
