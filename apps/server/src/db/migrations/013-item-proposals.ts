import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * item_pre: items a supplier proposes, held until the platform approves them (then the item is
 * made and item_id points at it) or refuses them with a reason. The proposal itself is kept as
 * JSON, as the supplier sent it, so the reviewer sees exactly what was asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('item_pre').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'integer', zero)
    .addColumn('refuse_reason', 'text')
    .addColumn('item_id', 'integer')
    .addColumn('submitted_by', 'integer', notNull)
    .addColumn('submitted_at', 'text', notNull)
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('item_pre_status_idx').ifNotExists().on('item_pre').columns(['status', 'id']).execute();
  await db.schema.createIndex('item_pre_supplier_idx').ifNotExists().on('item_pre').columns(['supplier_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_pre').ifExists().execute();
}
