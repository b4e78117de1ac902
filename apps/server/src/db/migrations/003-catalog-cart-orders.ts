import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId, zero } from './portable.ts';

/**
 * Catalog (brands, categories, shops, items), the search index, cart, favourites, addresses,
 * delivery rules, buy tips, and orders split by supplier.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const pg = isPostgres(db);

  await withId(db, s.createTable('brand'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text')
    .addColumn('country', 'text')
    .addColumn('logo_file_id', 'integer')
    .addColumn('intro', 'text')
    .addColumn('sort', 'integer', zero)
    .addColumn('recommended', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('category'))
    .addColumn('parent_id', 'integer', (c) => c.references('category.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('level', 'integer', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('shop'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().unique().references('supplier.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('intro', 'text')
    .addColumn('logo_file_id', 'integer')
    // 1 open, 0 closed
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('shop_section'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(db, s.createTable('shop_banner'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('image_file_id', 'integer')
    .addColumn('link_url', 'text')
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(db, s.createTable('item'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text')
    .addColumn('cas', 'text')
    .addColumn('brand_id', 'integer', (c) => c.references('brand.id'))
    .addColumn('catalog_no', 'text')
    .addColumn('spec', 'text', notNull)
    // pack size in base units (ml, g, 个…) for comparing prices per unit across pack sizes
    .addColumn('pack_amount', 'real')
    .addColumn('pack_unit', 'text')
    .addColumn('grade', 'text')
    .addColumn('unit', 'text', notNull)
    .addColumn('price', 'integer', notNull)
    .addColumn('stock', 'integer', zero)
    .addColumn('category_id', 'integer', (c) => c.references('category.id'))
    .addColumn('section_id', 'integer', (c) => c.references('shop_section.id'))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hazard_dangerous', 'integer', zero)
    .addColumn('hazard_precursor', 'integer', zero)
    .addColumn('hazard_explosive', 'integer', zero)
    .addColumn('hazard_toxic', 'integer', zero)
    // comma-separated province names; '' = everywhere
    .addColumn('supply_areas', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('on_shelf', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', zero)
    .addColumn('sales', 'integer', zero)
    // same product across suppliers: normalised brand + catalog number, or CAS + spec
    .addColumn('product_key', 'text', notNull)
    // jieba tokens of the searchable text, space separated; the engines' full-text index is built on it
    .addColumn('tokens', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await s.createIndex('item_cas_idx').on('item').column('cas').execute();
  await s.createIndex('item_catalog_no_idx').on('item').column('catalog_no').execute();
  await s.createIndex('item_product_key_idx').on('item').column('product_key').execute();
  await s.createIndex('item_supplier_idx').on('item').columns(['supplier_id', 'deleted', 'on_shelf']).execute();
  await s.createIndex('item_category_idx').on('item').columns(['category_id']).execute();
  await s.createIndex('item_brand_idx').on('item').columns(['brand_id']).execute();

  if (pg) {
    await sql`ALTER TABLE item ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', tokens)) STORED`.execute(db);
    await sql`CREATE INDEX item_search_gin ON item USING GIN (search_vector)`.execute(db);
  } else {
    // external-content FTS5 table over item.tokens, kept in step by triggers in the same transaction
    await sql`CREATE VIRTUAL TABLE item_fts USING fts5(tokens, content='item', content_rowid='id', tokenize='unicode61')`.execute(db);
    await sql`CREATE TRIGGER item_fts_ai AFTER INSERT ON item BEGIN INSERT INTO item_fts(rowid, tokens) VALUES (new.id, new.tokens); END`.execute(db);
    await sql`CREATE TRIGGER item_fts_ad AFTER DELETE ON item BEGIN INSERT INTO item_fts(item_fts, rowid, tokens) VALUES ('delete', old.id, old.tokens); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER item_fts_au AFTER UPDATE OF tokens ON item BEGIN INSERT INTO item_fts(item_fts, rowid, tokens) VALUES ('delete', old.id, old.tokens); INSERT INTO item_fts(rowid, tokens) VALUES (new.id, new.tokens); END`.execute(
      db,
    );
  }

  await withId(db, s.createTable('cart_item'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
    .addColumn('quantity', 'integer', notNull)
    // price when added, to flag a changed price in the cart
    .addColumn('price_at_add', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('cart_item_user_item_uq', ['user_id', 'item_id'])
    .execute();

  await s
    .createTable('favorite')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('favorite_pk', ['user_id', 'item_id'])
    .execute();

  await withId(db, s.createTable('recv_address'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('province', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('district', 'text', notNull)
    .addColumn('detail', 'text', notNull)
    .addColumn('contact', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('is_default', 'integer', zero)
    .addColumn('deleted', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await s.createIndex('recv_address_user_idx').on('recv_address').columns(['user_id', 'deleted']).execute();

  await s
    .createTable('delivery_rule')
    .addColumn('supplier_id', 'integer', (c) => c.primaryKey().references('supplier.id'))
    .addColumn('free_above', 'integer', notNull)
    .addColumn('fee', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('buy_tip'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('purchase_order'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('placed_by_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('institute_id', 'integer', (c) => c.references('institute.id'))
    .addColumn('dept_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('team_id', 'integer', (c) => c.references('team.id'))
    .addColumn('recv_province', 'text', notNull)
    .addColumn('recv_city', 'text', notNull)
    .addColumn('recv_district', 'text', notNull)
    .addColumn('recv_detail', 'text', notNull)
    .addColumn('recv_contact', 'text', notNull)
    .addColumn('recv_phone', 'text', notNull)
    .addColumn('goods_amount', 'integer', notNull)
    .addColumn('delivery_fee', 'integer', notNull)
    .addColumn('total_amount', 'integer', notNull)
    .addColumn('has_hazard', 'integer', zero)
    .addColumn('status', 'text', notNull)
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('purchase_order_idem_uq', ['placed_by_id', 'idempotency_key'])
    .execute();
  await s.createIndex('purchase_order_buyer_idx').on('purchase_order').columns(['buyer_id', 'created_at']).execute();
  await s.createIndex('purchase_order_scope_idx').on('purchase_order').columns(['institute_id', 'team_id', 'status']).execute();

  await withId(db, s.createTable('sub_order'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('purchase_order.id'))
    .addColumn('sub_no', 'text', (c) => c.notNull().unique())
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
    .addColumn('goods_amount', 'integer', notNull)
    .addColumn('delivery_fee', 'integer', notNull)
    .addColumn('total_amount', 'integer', notNull)
    .addColumn('remark', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await s.createIndex('sub_order_order_idx').on('sub_order').columns(['order_id']).execute();
  await s.createIndex('sub_order_supplier_idx').on('sub_order').columns(['supplier_id', 'status']).execute();

  await withId(db, s.createTable('order_line'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('purchase_order.id'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_order.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('spec', 'text', notNull)
    .addColumn('brand', 'text')
    .addColumn('cas', 'text')
    .addColumn('catalog_no', 'text')
    .addColumn('grade', 'text')
    .addColumn('unit', 'text', notNull)
    .addColumn('unit_price', 'integer', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('hazard', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('order_line_sub_idx').on('order_line').columns(['sub_order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['order_line', 'sub_order', 'purchase_order', 'buy_tip', 'delivery_rule', 'recv_address', 'favorite', 'cart_item']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  if (!isPostgres(db)) await sql`DROP TABLE IF EXISTS item_fts`.execute(db);
  for (const t of ['item', 'shop_banner', 'shop_section', 'shop', 'category', 'brand']) await db.schema.dropTable(t).ifExists().execute();
}
