import type { Kysely } from 'kysely';
import type { StatementsService } from '../../modules/finance/settlement/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { demoActor } from './demo-finance.ts';

/**
 * After the demo finance: finance1 draws up this month's statement (对账单) with each supplier that
 * has accepted sub-orders at the institute, through the statements service, and sends the first, so
 * the supplier has one to confirm or dispute and finance sees both a draft and one out for
 * confirmation. Runs once: a database with statements gets nothing.
 */
export async function seedDemoStatements(db: Kysely<DB>, statements: StatementsService): Promise<number> {
  if (await db.selectFrom('statement').select('id').limit(1).executeTakeFirst()) return 0;
  const finance = await demoActor(db, 'finance1');
  if (!finance?.caller.instituteId) return 0;
  const suppliers = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
    .select('sub_order.supplier_id')
    .distinct()
    .where('purchase_order.institute_id', '=', finance.caller.instituteId)
    .where('sub_order.status', '=', 'completed')
    .orderBy('sub_order.supplier_id')
    .execute();
  // Shanghai's month: the statement period the finance office would draw up today
  const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
  let made = 0;
  for (const { supplier_id } of suppliers) {
    const s = await statements.generate(finance, { supplierId: supplier_id, month }).catch(() => null);
    if (!s) continue;
    if (made === 0) await statements.send(finance, s.id);
    made++;
  }
  return made;
}
