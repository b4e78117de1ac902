import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId, zero } from './portable.ts';

/**
 * 对账结算 (statements, payments, checkRule, settlement batches from an institute's finance system):
 * - statement: one supplier × institute × month; `live` is 1 unless cancelled, and the partial unique
 *   index keeps one live statement per supplier, institute and month. Totals are sums of stored line fen.
 * - statement_line: a sub-order accepted (or refunded) up to the period's end; the partial unique
 *   index on sub_order_id where live = 1 keeps a sub-order on at most one live statement, also when
 *   two statements are generated at the same moment. `amount` is what the line settles for
 *   (finance may correct a disputed line; original_amount keeps the generated figure).
 * - statement_deduction: the institute's deductions (checkRule) copied onto the statement.
 * - statement_log: every state change with its actor and reason.
 * - settle_payment / settle_payment_allocation: payments with a bank reference (unique per
 *   institute), allocated to statements.
 * - check_rule: per institute: period, cut-off day, counted sub-order states, deductions (JSON).
 * - settle_batch: batches an institute's finance system reported (zkpd settleBillBatch), unique per
 *   institute and batch number, with the answer given, so a repeated batch changes nothing.
 * - api_client.institute_id: which institute an API client (its finance system) speaks for.
 * - order_log(to_status, sub_order_id, created_at): when each sub-order was accepted or refunded,
 *   read by statement generation for a whole month at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('statement').ifNotExists())
    .addColumn('statement_no', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('month', 'text', notNull)
    .addColumn('period_start', 'text', notNull)
    .addColumn('period_end', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('line_count', 'integer', zero)
    .addColumn('gross_amount', 'bigint', zero)
    .addColumn('deduction_amount', 'bigint', zero)
    .addColumn('net_amount', 'bigint', zero)
    .addColumn('paid_amount', 'bigint', zero)
    .addColumn('last_reason', 'text')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('statement_no_uq').ifNotExists().unique().on('statement').column('statement_no').execute();
  await db.schema
    .createIndex('statement_live_month_uq')
    .ifNotExists()
    .unique()
    .on('statement')
    .columns(['institute_id', 'supplier_id', 'month'])
    .where(sql.ref('live'), '=', 1)
    .execute();
  await db.schema.createIndex('statement_institute_idx').ifNotExists().on('statement').columns(['institute_id', 'status', 'id']).execute();
  await db.schema.createIndex('statement_supplier_idx').ifNotExists().on('statement').columns(['supplier_id', 'status', 'id']).execute();

  await withId(db, db.schema.createTable('statement_line').ifNotExists())
    .addColumn('statement_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('done_at', 'text', notNull)
    .addColumn('ordered_amount', 'bigint', notNull)
    .addColumn('accepted_amount', 'bigint', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('original_amount', 'bigint', notNull)
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dispute', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('dispute_reason', 'text')
    .addColumn('correction_note', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('statement_line_live_uq')
    .ifNotExists()
    .unique()
    .on('statement_line')
    .column('sub_order_id')
    .where(sql.ref('live'), '=', 1)
    .execute();
  await db.schema.createIndex('statement_line_statement_idx').ifNotExists().on('statement_line').columns(['statement_id', 'live', 'id']).execute();
  await db.schema.createIndex('statement_line_sub_idx').ifNotExists().on('statement_line').column('sub_order_id').execute();

  await withId(db, db.schema.createTable('statement_deduction').ifNotExists())
    .addColumn('statement_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('value', 'bigint', notNull)
    .addColumn('amount', 'bigint', zero)
    .execute();
  await db.schema.createIndex('statement_deduction_statement_idx').ifNotExists().on('statement_deduction').column('statement_id').execute();

  await withId(db, db.schema.createTable('statement_log').ifNotExists())
    .addColumn('statement_id', 'integer', notNull)
    .addColumn('actor_id', 'integer')
    .addColumn('actor', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_status', 'text', notNull)
    .addColumn('to_status', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('statement_log_statement_idx').ifNotExists().on('statement_log').columns(['statement_id', 'id']).execute();

  await withId(db, db.schema.createTable('settle_payment').ifNotExists())
    .addColumn('payment_no', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('bank_ref', 'text', notNull)
    .addColumn('paid_on', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('batch_id', 'integer')
    .addColumn('remark', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('settle_payment_no_uq').ifNotExists().unique().on('settle_payment').column('payment_no').execute();
  await db.schema.createIndex('settle_payment_bank_ref_uq').ifNotExists().unique().on('settle_payment').columns(['institute_id', 'bank_ref']).execute();
  await db.schema.createIndex('settle_payment_supplier_idx').ifNotExists().on('settle_payment').columns(['supplier_id', 'paid_on']).execute();

  await withId(db, db.schema.createTable('settle_payment_allocation').ifNotExists())
    .addColumn('payment_id', 'integer', notNull)
    .addColumn('statement_id', 'integer', notNull)
    .addColumn('amount', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('settle_allocation_payment_idx').ifNotExists().on('settle_payment_allocation').column('payment_id').execute();
  await db.schema.createIndex('settle_allocation_statement_idx').ifNotExists().on('settle_payment_allocation').column('statement_id').execute();

  await db.schema
    .createTable('check_rule')
    .ifNotExists()
    .addColumn('institute_id', 'integer', (c) => c.primaryKey())
    .addColumn('period', 'text', notNull)
    .addColumn('cutoff_day', 'integer', zero)
    .addColumn('count_states', 'text', notNull)
    .addColumn('deductions', 'text', notNull)
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('settle_batch').ifNotExists())
    .addColumn('batch_no', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('api_client_id', 'integer', notNull)
    .addColumn('bill_count', 'integer', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('result', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('settle_batch_no_uq').ifNotExists().unique().on('settle_batch').columns(['institute_id', 'batch_no']).execute();

  // another branch may add the same binding: add it only when missing
  const found = isPostgres(db)
    ? await sql<{
        n: string;
      }>`select column_name as n from information_schema.columns where table_name = 'api_client' and column_name = 'institute_id'`.execute(db)
    : await sql<{ n: string }>`select name as n from pragma_table_info('api_client') where name = 'institute_id'`.execute(db);
  const hasInstitute = found.rows.length > 0;
  if (!hasInstitute) await db.schema.alterTable('api_client').addColumn('institute_id', 'integer').execute();

  await db.schema.createIndex('order_log_done_idx').ifNotExists().on('order_log').columns(['to_status', 'sub_order_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'settle_batch',
    'check_rule',
    'settle_payment_allocation',
    'settle_payment',
    'statement_log',
    'statement_deduction',
    'statement_line',
    'statement',
  ])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('order_log_done_idx').ifExists().execute();
}
