import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 技术服务 (docs/domains/buying.md#tech-services):
 * - tech_service: a supplier's service item (测序、合成、检测……): category, description, unit price
 *   in fen tax included (NULL = 询价), unit, turnaround days, VAT rate code (6 by default), the
 *   sample form the buyer fills (JSON, checked by the contracts' SampleForm), active, soft-deleted.
 * - tech_request: a buyer's request, with the buyer's institute, department and team for the data
 *   scope, the service's name and sample form as they were when requested, the filled samples
 *   (JSON), the supplier's quote (unit price × quantity, the server's tax split), the tracking
 *   number, and the state (tech-request-states.ts).
 * - tech_request_report: report files (modules/files) the supplier delivers.
 * - tech_request_log: every move, who and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('tech_service').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('price', 'bigint')
    .addColumn('unit', 'text', notNull)
    .addColumn('turnaround_days', 'integer', notNull)
    .addColumn('tax_rate', 'text', notNull)
    .addColumn('sample_form', 'text', notNull)
    .addColumn('active', 'integer', notNull)
    .addColumn('deleted', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tech_service_supplier_idx').ifNotExists().on('tech_service').columns(['supplier_id', 'deleted', 'id']).execute();
  await db.schema.createIndex('tech_service_public_idx').ifNotExists().on('tech_service').columns(['active', 'deleted', 'category', 'id']).execute();

  await withId(db, db.schema.createTable('tech_request').ifNotExists())
    .addColumn('request_no', 'text', (c) => c.notNull().unique())
    .addColumn('service_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('service_name', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('sample_form', 'text', notNull)
    .addColumn('samples', 'text', notNull)
    .addColumn('sample_count', 'integer', notNull)
    .addColumn('contact_phone', 'text', notNull)
    .addColumn('remark', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('unit_price', 'bigint')
    .addColumn('quantity', 'integer')
    .addColumn('amount', 'bigint')
    .addColumn('amount_ex_tax', 'bigint')
    .addColumn('tax_amount', 'bigint')
    .addColumn('tax_rate', 'text', notNull)
    .addColumn('quote_note', 'text')
    .addColumn('carrier', 'text')
    .addColumn('tracking_no', 'text')
    .addColumn('reason', 'text')
    .addColumn('report_note', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tech_request_supplier_idx').ifNotExists().on('tech_request').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('tech_request_buyer_idx').ifNotExists().on('tech_request').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('tech_request_institute_idx').ifNotExists().on('tech_request').columns(['institute_id', 'team_id', 'id']).execute();

  await withId(db, db.schema.createTable('tech_request_report').ifNotExists())
    .addColumn('request_id', 'integer', notNull)
    .addColumn('file_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tech_request_report_request_idx').ifNotExists().on('tech_request_report').column('request_id').execute();

  await withId(db, db.schema.createTable('tech_request_log').ifNotExists())
    .addColumn('request_id', 'integer', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('actor_id', 'integer', notNull)
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tech_request_log_request_idx').ifNotExists().on('tech_request_log').columns(['request_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tech_request_log').ifExists().execute();
  await db.schema.dropTable('tech_request_report').ifExists().execute();
  await db.schema.dropTable('tech_request').ifExists().execute();
  await db.schema.dropTable('tech_service').ifExists().execute();
}
