import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-content-files-registration.ts';
import * as m003 from './migrations/003-catalog-cart-orders.ts';
import * as m004 from './migrations/004-order-lifecycle.ts';
import * as m005 from './migrations/005-order-list-indexes.ts';
import * as m006 from './migrations/006-favorites-menu.ts';
import * as m007 from './migrations/007-approver-indexes.ts';
import * as m008 from './migrations/008-job-queue.ts';
import * as m009 from './migrations/009-money-bigint.ts';
import * as m010 from './migrations/010-file-upload-indexes.ts';
import * as m011 from './migrations/011-site-pictures.ts';
import * as m012 from './migrations/012-item-maintenance.ts';
import * as m013 from './migrations/013-item-proposals.ts';
import * as m014 from './migrations/014-price-imports.ts';
import * as m015 from './migrations/015-supplier-contracts.ts';
import * as m016 from './migrations/016-qualifications-delivery-fees.ts';
import * as m017 from './migrations/017-shop-content.ts';
import * as m018 from './migrations/018-dept-discounts.ts';
import * as m019 from './migrations/019-item-sales.ts';
import * as m020 from './migrations/020-invoices.ts';
import * as m021 from './migrations/021-claims.ts';
import * as m022 from './migrations/022-price-import-new-items.ts';
import * as m023 from './migrations/023-invoice-reminders.ts';
import * as m024 from './migrations/024-grant-cards.ts';
import * as m025 from './migrations/025-settlement.ts';
import * as m026 from './migrations/026-export-records.ts';
import * as m028 from './migrations/028-file-chunks.ts';
import * as m029 from './migrations/029-inventory.ts';
import * as m030 from './migrations/030-warnings.ts';
import * as m031 from './migrations/031-statistics.ts';
import * as m032 from './migrations/032-after-sales-complaints-comments.ts';
import * as m033 from './migrations/033-bids.ts';
import * as m034 from './migrations/034-tech-services.ts';
import * as m035 from './migrations/035-dicts-reviews.ts';
import * as m036 from './migrations/036-sso-external-interfaces.ts';
import * as m037 from './migrations/037-refunds-holds.ts';
import * as m038 from './migrations/038-spend-monthly.ts';
import * as m039 from './migrations/039-notices-manuals.ts';
import * as m040 from './migrations/040-interface-excel-client-scopes.ts';
import * as m041 from './migrations/041-budget-lines.ts';
import * as m042 from './migrations/042-statement-credit-carry.ts';

/** Migrations in order; each is applied once (Kysely records them in kysely_migration). */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-content-files-registration': m002,
  '003-catalog-cart-orders': m003,
  '004-order-lifecycle': m004,
  '005-order-list-indexes': m005,
  '006-favorites-menu': m006,
  '007-approver-indexes': m007,
  '008-job-queue': m008,
  '009-money-bigint': m009,
  '010-file-upload-indexes': m010,
  '011-site-pictures': m011,
  '012-item-maintenance': m012,
  '013-item-proposals': m013,
  '014-price-imports': m014,
  '015-supplier-contracts': m015,
  '016-qualifications-delivery-fees': m016,
  '017-shop-content': m017,
  '018-dept-discounts': m018,
  '019-item-sales': m019,
  '020-invoices': m020,
  '021-claims': m021,
  '022-price-import-new-items': m022,
  '023-invoice-reminders': m023,
  '024-grant-cards': m024,
  '025-settlement': m025,
  '026-export-records': m026,
  '028-file-chunks': m028,
  '034-tech-services': m034,
  '035-dicts-reviews': m035,
  '029-inventory': m029,
  '030-warnings': m030,
  '036-sso-external-interfaces': m036,
  '031-statistics': m031,
  '033-bids': m033,
  '032-after-sales-complaints-comments': m032,
  '037-refunds-holds': m037,
  '039-notices-manuals': m039,
  '040-interface-excel-client-scopes': m040,
  '041-budget-lines': m041,
  '038-spend-monthly': m038,
  '042-statement-credit-carry': m042,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Unordered allowed: branches merged in any order leave a database that already ran a later number
  // needing an earlier one; each migration touches only its own tables and is idempotent.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') throw new Error(`迁移失败：${r.migrationName}`);
  if (error) throw error;
}
