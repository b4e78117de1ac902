import { companyKey } from '@kc/contracts/supply/supplier-company';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { PLATFORM_DEPT_ID } from './base-data.ts';
import { seedDemoBids } from './demo-bids.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoDiscounts } from './demo-discounts.ts';
import { seedDemoGrantCards } from './demo-grant-cards.ts';
import { seedDemoInterfaceData } from './demo-interface.ts';
import { seedDemoInvoiceSettings } from './demo-invoices.ts';
import { seedDemoTechServices } from './demo-tech-services.ts';
import { seedPublicPages } from './public-pages.ts';

/** Demo passwords, listed in README.md. */
export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN_PASSWORD = 'Admin@2026';

interface DeptSeed {
  name: string;
  children?: DeptSeed[];
  teams?: string[];
}

interface InstituteSeed {
  name: string;
  code: string;
  tree: DeptSeed;
}

const INSTITUTES: InstituteSeed[] = [
  {
    name: '中国科学院化学研究所',
    code: 'ICCAS',
    tree: {
      name: '中国科学院化学研究所',
      children: [
        { name: '有机固体实验室', teams: ['李明华课题组', '宋雨晴课题组'] },
        { name: '高分子物理与化学实验室', teams: ['唐振宇课题组'] },
        { name: '分子反应动力学实验室', children: [{ name: '激光光谱研究组', teams: ['钱立新课题组'] }] },
        { name: '分析测试中心' },
      ],
    },
  },
  {
    name: '中国科学院上海药物研究所',
    code: 'SIMM',
    tree: {
      name: '中国科学院上海药物研究所',
      children: [
        { name: '药物化学研究室', teams: ['何军课题组', '许文杰课题组'] },
        { name: '药理学研究室', teams: ['邓慧敏课题组'] },
        { name: '分析测试中心' },
      ],
    },
  },
];

interface UserSeed {
  userName: string;
  realName: string;
  phone: string;
  email?: string;
  role: string;
  /** department names in this institute; the first is the current one unless a choice is needed */
  depts: string[];
  team?: string;
  defaultDept?: string;
  forceModify?: boolean;
}

const INSTITUTE_USERS: Record<string, UserSeed[]> = {
  ICCAS: [
    {
      userName: 'buyer1',
      realName: '王晓明',
      phone: '13810230001',
      email: 'wangxm@iccas.example.cn',
      role: 'buyer',
      depts: ['有机固体实验室'],
      team: '李明华课题组',
    },
    { userName: 'leader1', realName: '李明华', phone: '13810230002', role: 'team_leader', depts: ['有机固体实验室'], team: '李明华课题组' },
    { userName: 'owner1', realName: '陈志强', phone: '13810230003', role: 'institute_owner', depts: ['中国科学院化学研究所'] },
    { userName: 'checker1', realName: '赵丽', phone: '13810230004', role: 'checker', depts: ['分析测试中心'] },
    { userName: 'finance1', realName: '孙静', phone: '13810230005', role: 'finance', depts: ['中国科学院化学研究所'] },
    { userName: 'assistant1', realName: '周婷', phone: '13810230006', role: 'assistant', depts: ['有机固体实验室'], team: '李明华课题组' },
    { userName: 'multi1', realName: '刘洋', phone: '13810230007', role: 'buyer', depts: ['有机固体实验室', '高分子物理与化学实验室'], team: '宋雨晴课题组' },
    {
      userName: 'multidef1',
      realName: '黄伟',
      phone: '13810230008',
      role: 'buyer',
      depts: ['有机固体实验室', '高分子物理与化学实验室'],
      defaultDept: '高分子物理与化学实验室',
      team: '唐振宇课题组',
    },
    { userName: 'newbie1', realName: '吴磊', phone: '13810230009', role: 'buyer', depts: ['激光光谱研究组'], team: '钱立新课题组', forceModify: true },
    {
      userName: 'freeze1',
      realName: '郑浩',
      phone: '13810230010',
      email: 'zhenghao@iccas.example.cn',
      role: 'buyer',
      depts: ['激光光谱研究组'],
      team: '钱立新课题组',
    },
  ],
  SIMM: [
    { userName: 'buyer2', realName: '林芳', phone: '13916580001', role: 'buyer', depts: ['药物化学研究室'], team: '何军课题组' },
    { userName: 'leader2', realName: '何军', phone: '13916580002', role: 'team_leader', depts: ['药物化学研究室'], team: '何军课题组' },
    { userName: 'owner2', realName: '马建国', phone: '13916580003', role: 'institute_owner', depts: ['中国科学院上海药物研究所'] },
    { userName: 'checker2', realName: '罗敏', phone: '13916580004', role: 'checker', depts: ['分析测试中心'] },
    { userName: 'finance2', realName: '高燕', phone: '13916580005', role: 'finance', depts: ['中国科学院上海药物研究所'] },
    { userName: 'assistant2', realName: '梁超', phone: '13916580006', role: 'assistant', depts: ['药物化学研究室'], team: '何军课题组' },
  ],
};

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

/** Demo organisation and accounts, inserted once into an empty installation. */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  const any = await db.selectFrom('institute').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const [demoHash, adminHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(ADMIN_PASSWORD)]);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const roles = new Map((await trx.selectFrom('role').select(['id', 'code']).where('built_in', '=', 1).execute()).map((r) => [r.code, r.id]));
    const roleId = (code: string) => {
      const id = roles.get(code);
      if (id === undefined) throw new Error(`缺少内置角色 ${code}`);
      return id;
    };
    const addUser = async (u: {
      userName: string;
      realName: string;
      phone: string;
      email?: string;
      accountType: number;
      hash: string;
      instituteId?: number | null;
      supplierId?: number | null;
      parentUserId?: number | null;
      verification?: number;
      forceModify?: boolean;
      roleCodes: string[];
      depts: { deptId: number; teamId: number | null }[];
      defaultDept?: number | null;
      currentDept?: number | null;
    }) => {
      const { id } = await trx
        .insertInto('app_user')
        .values({
          user_name: u.userName,
          password_hash: u.hash,
          real_name: u.realName,
          nick: null,
          phone_num: u.phone,
          email: u.email ?? null,
          account_type: u.accountType,
          status: 1,
          verification: u.verification ?? 1,
          whether_force_modify_password: u.forceModify ? 1 : 0,
          institute_id: u.instituteId ?? null,
          supplier_id: u.supplierId ?? null,
          parent_user_id: u.parentUserId ?? null,
          default_dept_id: u.defaultDept ?? null,
          current_dept_id: u.currentDept ?? null,
          deleted: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const d of u.depts) await trx.insertInto('user_dept').values({ user_id: id, dept_id: d.deptId, team_id: d.teamId }).execute();
      for (const c of u.roleCodes)
        await trx
          .insertInto('user_role')
          .values({ user_id: id, role_id: roleId(c) })
          .execute();
      return id;
    };

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

    for (const inst of INSTITUTES) {
      const { id: instituteId } = await trx
        .insertInto('institute')
        .values({ name: inst.name, code: inst.code, status: 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deptIds = new Map<string, number>();
      const teamIds = new Map<string, number>();
      await insertDeptTree(trx, inst.tree, instituteId, null, '/', now, deptIds, teamIds);
      for (const u of INSTITUTE_USERS[inst.code]) {
        const teamId = u.team ? (teamIds.get(u.team) ?? null) : null;
        const depts = u.depts.map((name, i) => ({ deptId: mustGet(deptIds, name), teamId: i === 0 || !u.team ? teamId : null }));
        const needsChoice = depts.length > 1 && !u.defaultDept;
        const defaultDept = u.defaultDept ? mustGet(deptIds, u.defaultDept) : depts.length === 1 ? depts[0].deptId : null;
        const id = await addUser({
          userName: u.userName,
          realName: u.realName,
          phone: u.phone,
          email: u.email,
          accountType: 1,
          hash: demoHash,
          instituteId,
          roleCodes: [u.role],
          depts,
          forceModify: u.forceModify,
          defaultDept,
          currentDept: needsChoice ? null : defaultDept,
        });
        if (u.role === 'team_leader' && teamId) await trx.updateTable('team').set({ leader_user_id: id }).where('id', '=', teamId).execute();
      }
    }

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

function mustGet(m: Map<string, number>, k: string) {
  const v = m.get(k);
  if (v === undefined) throw new Error(`演示数据引用了不存在的部门：${k}`);
  return v;
}

async function insertDeptTree(
  trx: Transaction<DB>,
  node: DeptSeed,
  instituteId: number,
  parentId: number | null,
  parentPath: string,
  now: string,
  deptIds: Map<string, number>,
  teamIds: Map<string, number>,
) {
  const { id } = await trx
    .insertInto('dept')
    .values({ institute_id: instituteId, parent_id: parentId, name: node.name, path: parentPath, sort: deptIds.size, status: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parentPath}${id}/`;
  await trx.updateTable('dept').set({ path }).where('id', '=', id).execute();
  deptIds.set(node.name, id);
  for (const t of node.teams ?? []) {
    const { id: teamId } = await trx
      .insertInto('team')
      .values({ institute_id: instituteId, dept_id: id, name: t, leader_user_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.set(t, teamId);
  }
  for (const c of node.children ?? []) await insertDeptTree(trx, c, instituteId, id, path, now, deptIds, teamIds);
}
