import { DICT_SEED_040 } from '@kc/contracts/shared/dicts-seed';
import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/** The API-client scopes of issue 13 §5, as the contracts name them (kept here: a migration does not move with the code). */
const SCOPES_OF_040 = ['zkpd.grantCard', 'zkpd.settleBillBatch', 'interface.export'];

/**
 * The /interface/v1 Excel families and API-client scopes (issue 13 §1, §5):
 * - supplier_contact: a supplier's contacts (供应商联系人); one per supplier and phone.
 * - contact_relation: which supplier contact serves an institute, or one of its departments
 *   (dept_id 0: the whole institute); one per institute, department and contact.
 * - sales_activity: a supplier's sales activities and promotions (销售活动), optionally aimed at one institute.
 * - interface_import: one Excel import of any family, checked and waiting for confirmation (the
 *   checked rows and every bad row kept as JSON, an hour to confirm), then applied or expired.
 * - dictionaries: the order marks suppliers were offered and every warning rule's default threshold,
 *   added to order_flag and warning_threshold where missing (their readers now read them there), and
 *   the dictionary version bumped so every process reloads.
 * - api_client.scopes: issued clients that existed before scopes keep every scope of today (what
 *   they could call before); new clients get what the admin chooses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('supplier_contact').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('position', 'text')
    .addColumn('region', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('supplier_contact_phone_uq').ifNotExists().unique().on('supplier_contact').columns(['supplier_id', 'phone']).execute();

  await withId(db, db.schema.createTable('contact_relation').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer', zero)
    .addColumn('contact_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('contact_relation_uq').ifNotExists().unique().on('contact_relation').columns(['institute_id', 'dept_id', 'contact_id']).execute();
  await db.schema.createIndex('contact_relation_contact_idx').ifNotExists().on('contact_relation').column('contact_id').execute();

  await withId(db, db.schema.createTable('sales_activity').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('start_date', 'text', notNull)
    .addColumn('end_date', 'text', notNull)
    .addColumn('content', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sales_activity_supplier_idx').ifNotExists().on('sales_activity').columns(['supplier_id', 'id']).execute();

  await withId(db, db.schema.createTable('interface_import').ifNotExists())
    .addColumn('family', 'text', notNull)
    .addColumn('user_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer')
    .addColumn('institute_id', 'integer')
    .addColumn('file_name', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('total_rows', 'integer', zero)
    .addColumn('error_rows', 'integer', zero)
    .addColumn('rows', 'text', notNull)
    .addColumn('errors', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('applied_at', 'text')
    .execute();
  await db.schema.createIndex('interface_import_user_idx').ifNotExists().on('interface_import').columns(['user_id', 'id']).execute();

  await seedDictItems(db);

  await db
    .updateTable('api_client')
    .set({ scopes: JSON.stringify(SCOPES_OF_040) })
    .where('scopes', 'is', null)
    .where('client_id', '!=', 'caas-web')
    .execute();
}

async function seedDictItems(db: Kysely<any>) {
  const now = new Date().toISOString();
  let added = 0;
  for (const [code, items] of Object.entries(DICT_SEED_040)) {
    const type = await db.selectFrom('dict_type').select('id').where('code', '=', code).executeTakeFirst();
    if (!type) continue; // migration 035 seeds the types, with these items, on a fresh installation
    const have = new Set(
      (await db.selectFrom('dict_item').select('value').where('type_id', '=', type.id).where('owner_id', '=', 0).execute()).map((r) => r.value),
    );
    const top = await db
      .selectFrom('dict_item')
      .select((eb) => eb.fn.max('sort').as('m'))
      .where('type_id', '=', type.id)
      .executeTakeFirst();
    let sort = Number(top?.m ?? 0);
    for (const it of items) {
      if (have.has(it.value)) continue;
      sort += 10;
      await db
        .insertInto('dict_item')
        .values({ type_id: type.id, owner_id: 0, value: it.value, label: it.label, sort, status: 1, created_at: now, updated_at: now })
        .execute();
      added++;
    }
  }
  if (added) await sql`update dict_version set version = version + 1 where id = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['interface_import', 'sales_activity', 'contact_relation', 'supplier_contact']) await db.schema.dropTable(t).ifExists().execute();
}
