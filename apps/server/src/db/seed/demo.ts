import type { Kysely } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { PLATFORM_DEPT_ID } from './base-data.ts';
import { seedDemoBids } from './demo-bids.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoDiscounts } from './demo-discounts.ts';
import { seedDemoGrantCards } from './demo-grant-cards.ts';
import { seedDemoInstitutes } from './demo-institutes.ts';
import { seedDemoInterfaceData } from './demo-interface.ts';
import { seedDemoInvoiceSettings } from './demo-invoices.ts';
import { seedDemoSuppliers } from './demo-suppliers.ts';
import { seedDemoTechServices } from './demo-tech-services.ts';
import { type AddDemoUser, demoUserWriter } from './demo-users.ts';
import { seedPublicPages } from './public-pages.ts';

/** Demo passwords, listed in README.md. */
export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN_PASSWORD = 'Admin@2026';

/** Demo organisation and accounts, inserted once into an empty installation. */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  const any = await db.selectFrom('institute').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const [demoHash, adminHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(ADMIN_PASSWORD)]);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const addUser = await demoUserWriter(trx, now);
    await seedPlatformAccounts(addUser, adminHash, demoHash);
    await seedDemoInstitutes(trx, now, addUser, demoHash);
    await seedDemoSuppliers(trx, now, addUser, demoHash);

    const admin = await trx.selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    await seedDemoContent(trx, now, admin.id);
    await seedDemoContracts(trx, admin.id);
    await seedDemoDiscounts(trx);
    await seedDemoInterfaceData(trx, admin.id);
    await seedDemoInvoiceSettings(trx);
    await seedDemoGrantCards(trx);
    await seedDemoTechServices(trx, now);
    await seedDemoBids(trx);
    await seedPublicPages(trx, now);
    await trx
      .insertInto('limit_setting')
      .values([
        { name: 'deptCount', institute_id: null, value: 200, updated_at: now },
        { name: 'instituteUserCount', institute_id: null, value: 2000, updated_at: now },
      ])
      .execute();
  });
  return true;
}

/** The platform's administrator, and a guest buyer of the platform not yet verified. */
async function seedPlatformAccounts(addUser: AddDemoUser, adminHash: string, demoHash: string) {
  await addUser({
    userName: 'admin',
    realName: '平台管理员',
    phone: '13800000000',
    email: 'admin@keyan.example.cn',
    accountType: 0,
    hash: adminHash,
    roleCodes: ['platform_admin'],
    depts: [{ deptId: PLATFORM_DEPT_ID, teamId: null }],
    currentDept: PLATFORM_DEPT_ID,
  });
  await addUser({
    userName: 'guest1',
    realName: '许可',
    phone: '13700000001',
    accountType: 1,
    hash: demoHash,
    verification: 0,
    roleCodes: ['buyer'],
    depts: [{ deptId: PLATFORM_DEPT_ID, teamId: null }],
    currentDept: PLATFORM_DEPT_ID,
  });
}
