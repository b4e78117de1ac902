import { companyKey } from '@kc/contracts/supply/supplier-company';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { AddDemoUser } from './demo-users.ts';

const SUPPLIERS = [
  {
    company: '国药集团化学试剂有限公司',
    credit: '91310000132234857B',
    contact: '钱国栋',
    phone: '13601700001',
    user: 'supplier1',
    child: 'supplier1a',
    childName: '顾佳',
  },
  {
    company: '上海阿拉丁生化科技股份有限公司',
    credit: '91310000744237381P',
    contact: '徐海燕',
    phone: '13601700002',
    user: 'supplier2',
    child: 'supplier2a',
    childName: '蒋涛',
  },
  {
    company: '上海麦克林生化科技股份有限公司',
    credit: '91310115MA1H8WQ452',
    contact: '沈晨',
    phone: '13601700003',
    user: 'supplier3',
    child: 'supplier3a',
    childName: '陆敏',
  },
];

/** The three demo suppliers, approved, each with its main account and one child account. */
export async function seedDemoSuppliers(trx: Transaction<DB>, now: string, addUser: AddDemoUser, demoHash: string) {
  for (const s of SUPPLIERS) {
    const { id: supplierId } = await trx
      .insertInto('supplier')
      .values({
        company_name: s.company,
        company_key: companyKey(s.company),
        email: null,
        refuse_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        credit_code: s.credit,
        contact_name: s.contact,
        contact_phone: s.phone,
        status: 1,
        child_account_limit: 10,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mainId = await addUser({
      userName: s.user,
      realName: s.contact,
      phone: s.phone,
      accountType: 2,
      hash: demoHash,
      supplierId,
      roleCodes: ['supplier_admin'],
      depts: [],
    });
    await addUser({
      userName: s.child,
      realName: s.childName,
      phone: `${s.phone.slice(0, 9)}1${s.phone.slice(-1)}`,
      accountType: 2,
      hash: demoHash,
      supplierId,
      parentUserId: mainId,
      roleCodes: ['supplier_staff'],
      depts: [],
    });
  }
}
