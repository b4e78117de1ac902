import type { Kysely } from 'kysely';
import type { ComposedServices } from '../../compose-modules.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../platform/db/schema.ts';
import { seedDemoFeedback } from './demo-feedback.ts';
import { seedDemoFinance } from './demo-finance.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoInventory } from './demo-inventory.ts';
import { seedDemoManuals } from './demo-manuals.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoStatements } from './demo-statements.ts';
import { seedDemoWarnings } from './demo-warnings.ts';

/**
 * The demo's activity, driven through the services the way users would: orders at every step,
 * stock, invoices and claims, statements, warnings, feedback, a year of history and the manuals.
 * Runs after every module exists (the catalog first), when the demo and its orders are on
 * (SEED_DEMO, DEMO_ORDERS; DEMO_HISTORY for the year of history).
 */
export async function seedDemoActivity(db: Kysely<DB>, config: Config, s: ComposedServices) {
  await seedDemoOrders(db, s.orders);
  // the accepted orders' containers on shelves, with lots, expiry and one 领用
  await seedDemoInventory(db, s.inventory);
  // then invoices and claims on the accepted ones, through the invoice and claim services
  await seedDemoFinance(db, { invoices: s.invoices, claims: s.claims });
  // and this month's statements with the suppliers, one sent for confirmation
  await seedDemoStatements(db, s.statements);
  // and the warnings the daily check finds in all of it
  await seedDemoWarnings(db, s.warnings);
  // comments, an after-sales return and a complaint on buyer1's accepted sub-orders
  await seedDemoFeedback(db, s.feedback);
  // a year of accepted orders before these, through the historical-order import, so 统计分析 has a year to show
  if (config.demoHistory) await seedDemoHistory(db, s.history);
  // the help centre's 操作手册, one published PDF per role family
  await seedDemoManuals(db, s.files);
}
