import type { Kysely } from 'kysely';
import type { WarningsService } from '../../modules/oversight/warnings/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { inDays } from './seed-dates.ts';

const DAY = 86_400_000;

/**
 * Demo 预警 (once, after the demo orders and cards): 化学所 tunes two rules, the demo's two
 * orders still waiting for the supplier are dated nine days back, one of 阿拉丁's qualifications
 * ends in 18 days, and then the real daily check runs — so every warning shown follows from the
 * demo data (two overdue deliveries, expiring qualifications in both institutes) and the next
 * check keeps them.
 */
export async function seedDemoWarnings(db: Kysely<DB>, warnings: WarningsService) {
  if (await db.selectFrom('warning').select('id').limit(1).executeTakeFirst()) return;
  const iccas = await db.selectFrom('institute').select('id').where('code', '=', 'ICCAS').executeTakeFirst();
  if (!iccas) return;
  const now = new Date().toISOString();
  await db
    .insertInto('warning_rule')
    .values([
      { institute_id: iccas.id, rule_type: 'expiry', enabled: 1, threshold: 45, updated_by: null, updated_at: now },
      { institute_id: iccas.id, rule_type: 'grant_card', enabled: 1, threshold: 20, updated_by: null, updated_at: now },
    ])
    .onConflict((oc) => oc.columns(['institute_id', 'rule_type']).doNothing())
    .execute();

  const nineDaysAgo = new Date(Date.now() - 9 * DAY).toISOString();
  const waiting = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order as o', 'o.id', 'sub_order.order_id')
    .select(['sub_order.id', 'sub_order.order_id'])
    .where('o.institute_id', '=', iccas.id)
    .where('sub_order.status', 'in', ['to_confirm', 'to_deliver'])
    .execute();
  for (const s of waiting) {
    await db.updateTable('sub_order').set({ created_at: nineDaysAgo, updated_at: nineDaysAgo }).where('id', '=', s.id).execute();
    await db.updateTable('purchase_order').set({ created_at: nineDaysAgo }).where('id', '=', s.order_id).execute();
    await db.updateTable('order_log').set({ created_at: nineDaysAgo }).where('order_id', '=', s.order_id).execute();
  }

  const aladdin = await db.selectFrom('supplier').select('id').where('company_name', 'like', '%阿拉丁%').executeTakeFirst();
  if (aladdin) {
    const q = await db
      .selectFrom('qualification')
      .select('id')
      .where('supplier_id', '=', aladdin.id)
      .where('type_code', 'in', ['iso_certificate', 'brand_authorization', 'medical_device_license'])
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (q)
      await db
        .updateTable('qualification')
        .set({ valid_to: inDays(18) })
        .where('id', '=', q.id)
        .execute();
  }
  await warnings.scanAll();
}
