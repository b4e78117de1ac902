import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * supplier_contract: supply contracts between a supplier and an institute (status 1 = active, SPEC.md §4);
 * a renewal is a new row whose original_id points at the contract it continues.
 * contract_reminder: one row per contract and day a renewal reminder went out, so the daily job
 * and a user's "remind" click never send the same reminder twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('supplier_contract').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('contract_no', 'varchar(40)', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('start_date', 'varchar(10)', notNull)
    .addColumn('end_date', 'varchar(10)', notNull)
    .addColumn('file_id', 'integer')
    .addColumn('status', 'integer', zero)
    .addColumn('original_id', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('renew_status', 'integer', zero)
    .addColumn('refuse_reason', 'text')
    .addColumn('terminate_reason', 'text')
    .addColumn('terminated_at', 'text')
    .addColumn('signed_by', 'integer')
    .addColumn('signed_at', 'text')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('supplier_contract_no_uq').ifNotExists().unique().on('supplier_contract').columns(['supplier_id', 'contract_no']).execute();
  await db.schema.createIndex('supplier_contract_pair_idx').ifNotExists().on('supplier_contract').columns(['institute_id', 'supplier_id', 'status']).execute();
  await db.schema.createIndex('supplier_contract_status_idx').ifNotExists().on('supplier_contract').columns(['status', 'end_date']).execute();

  await withId(db, db.schema.createTable('contract_reminder').ifNotExists())
    .addColumn('contract_id', 'integer', notNull)
    .addColumn('remind_date', 'varchar(10)', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('contract_reminder_uq').ifNotExists().unique().on('contract_reminder').columns(['contract_id', 'remind_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_reminder').ifExists().execute();
  await db.schema.dropTable('supplier_contract').ifExists().execute();
}
