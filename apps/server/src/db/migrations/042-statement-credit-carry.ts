import type { Kysely } from 'kysely';
import { hasColumn } from './portable.ts';

/**
 * A statement whose refunds outweigh what was accepted (net below 0) is settled at approval with
 * nothing paid; the supplier then owes the institute that amount. It is carried into the next
 * statement made for the same supplier and institute as a deduction (kind `carry`) that names its
 * source: statement_deduction.source_statement_id. What of a credit is used is the sum of such
 * deductions on live statements, so cancelling a draft gives its share back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(await hasColumn(db, 'statement_deduction', 'source_statement_id')))
    await db.schema.alterTable('statement_deduction').addColumn('source_statement_id', 'integer').execute();
  await db.schema.createIndex('statement_deduction_source_idx').ifNotExists().on('statement_deduction').column('source_statement_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('statement_deduction_source_idx').ifExists().execute();
}
