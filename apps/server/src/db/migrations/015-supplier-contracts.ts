import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * supplier_contract: supply contracts between a supplier and an institute (status 1 = active, docs/domains/supply.md#contract-gate);
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
  await transitionContracts(db);
}

/**
 * From now on a supplier sells to an institute only under a contract in force. So that an existing
 * installation does not lose its whole catalog on upgrade, every working supplier gets a 180-day
 * transition agreement with every active institute, signed by the migration; the platform replaces
 * them with real contracts (合同审核) before they run out. A fresh database has no suppliers yet.
 */
async function transitionContracts(untyped: Kysely<unknown>) {
  const db = untyped as Kysely<any>;
  const suppliers: { id: number }[] = await db.selectFrom('supplier').select('id').where('status', '=', 1).execute();
  const institutes: { id: number; code: string }[] = await db.selectFrom('institute').select(['id', 'code']).where('status', '=', 1).execute();
  if (!suppliers.length || !institutes.length) return;
  const admin: { id: number } | undefined = await db
    .selectFrom('app_user')
    .select('id')
    .where('account_type', '=', 0)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const at = now.toISOString();
  const rows = suppliers.flatMap((s) =>
    institutes.map((i) => ({
      supplier_id: s.id,
      institute_id: i.id,
      contract_no: `MIG-${i.id}-${s.id}`,
      title: '平台合同管理上线过渡协议',
      start_date: day(0),
      end_date: day(180),
      file_id: null,
      status: 1,
      original_id: null,
      version: 1,
      renew_status: 0,
      signed_by: admin?.id ?? null,
      signed_at: at,
      created_by: admin?.id ?? 0,
      created_at: at,
      updated_at: at,
    })),
  );
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('supplier_contract')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_reminder').ifExists().execute();
  await db.schema.dropTable('supplier_contract').ifExists().execute();
}
