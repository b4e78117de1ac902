import { DICT_SEED, type DictSeedType } from '@kc/contracts/shared/dicts-seed';
import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * Dictionaries, change requests and app configuration (issue 13 §2, §3):
 * - dict_type / dict_item: global types and items; an item with owner_id = an institute id is that
 *   institute's own item (owner_id 0 = global), unique (type, owner, value).
 * - dict_override: one institute's hide / rename / reorder of a global item, unique (institute, item).
 * - dict_log: every change (global or an institute's), the operation log.
 * - dict_version: one row; every change bumps it in the same transaction (clients cache by version).
 * - change_request: user-info and user-name review; a pending name is reserved by a partial unique
 *   index on name_key, and a user has at most one pending request per kind.
 * - app_config: app page config and app versions per institute (institute_key 0 = platform); at
 *   most one active per institute and kind, a partial unique index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('dict_type').ifNotExists())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await withId(db, db.schema.createTable('dict_item').ifNotExists())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('dict_type.id'))
    .addColumn('owner_id', 'integer', zero)
    .addColumn('value', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('dict_item_value_uq').ifNotExists().unique().on('dict_item').columns(['type_id', 'owner_id', 'value']).execute();
  await withId(db, db.schema.createTable('dict_override').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('item_id', 'integer', (c) => c.notNull().references('dict_item.id'))
    .addColumn('hidden', 'integer', zero)
    .addColumn('label', 'text')
    .addColumn('sort', 'integer')
    .addColumn('updated_by', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('dict_override_uq').ifNotExists().unique().on('dict_override').columns(['institute_id', 'item_id']).execute();
  await withId(db, db.schema.createTable('dict_log').ifNotExists())
    .addColumn('institute_id', 'integer')
    .addColumn('user_id', 'integer', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('type_code', 'text', notNull)
    .addColumn('item_value', 'text')
    .addColumn('detail', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('dict_log_institute_idx').ifNotExists().on('dict_log').columns(['institute_id', 'id']).execute();
  await db.schema
    .createTable('dict_version')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', notNull)
    .execute();

  await withId(db, db.schema.createTable('change_request').ifNotExists())
    .addColumn('kind', 'text', notNull)
    .addColumn('user_id', 'integer', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('old_value', 'text', notNull)
    .addColumn('new_value', 'text', notNull)
    .addColumn('name_key', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('reviewer_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('change_request_name_uq')
    .ifNotExists()
    .unique()
    .on('change_request')
    .column('name_key')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('change_request_user_uq')
    .ifNotExists()
    .unique()
    .on('change_request')
    .columns(['user_id', 'kind'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('change_request_list_idx').ifNotExists().on('change_request').columns(['kind', 'status', 'id']).execute();

  await withId(db, db.schema.createTable('app_config').ifNotExists())
    .addColumn('institute_key', 'integer', zero)
    .addColumn('kind', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'integer', zero)
    .addColumn('updated_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('app_config_active_uq')
    .ifNotExists()
    .unique()
    .on('app_config')
    .columns(['institute_key', 'kind'])
    .where(sql.ref('status'), '=', 1)
    .execute();

  await seedDictTypes(db, DICT_SEED);
  if (!(await db.selectFrom('dict_version').select('id').where('id', '=', 1).executeTakeFirst()))
    await db.insertInto('dict_version').values({ id: 1, version: 1 }).execute();
}

/** Seeds built-in dictionary types with their items, idempotently (a type already there is left as the admin changed it). */
export async function seedDictTypes(db: Kysely<any>, types: DictSeedType[]) {
  const now = new Date().toISOString();
  for (const t of types) {
    let type = await db.selectFrom('dict_type').select('id').where('code', '=', t.code).executeTakeFirst();
    if (!type) {
      type = await db
        .insertInto('dict_type')
        .values({ code: t.code, name: t.name, remark: t.remark, builtin: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, it] of t.items.entries())
        await db
          .insertInto('dict_item')
          .values({ type_id: type.id, owner_id: 0, value: it.value, label: it.label, sort: (i + 1) * 10, status: 1, created_at: now, updated_at: now })
          .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_config', 'change_request', 'dict_version', 'dict_log', 'dict_override', 'dict_item', 'dict_type'])
    await db.schema.dropTable(t).ifExists().execute();
}
