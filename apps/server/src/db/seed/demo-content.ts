import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { seedDemoBuyTips } from './demo-buy-tips.ts';
import { seedDemoDeliveryFees } from './demo-delivery-fees.ts';
import { seedDemoHelp } from './demo-help.ts';
import { seedDemoNotices } from './demo-notices.ts';
import { seedDemoQualifications } from './demo-qualifications.ts';

/**
 * Demo content so a first start looks like a running marketplace: notices for each audience,
 * help-centre articles, buy tips, the demo suppliers' delivery fees by region and their qualifications.
 */
export async function seedDemoContent(trx: Transaction<DB>, now: string, adminId: number) {
  await seedDemoNotices(trx, now, adminId);
  await seedDemoHelp(trx, now);
  await seedDemoBuyTips(trx, now);
  await seedDemoDeliveryFees(trx, now);
  await seedDemoQualifications(trx, now, adminId);
}
