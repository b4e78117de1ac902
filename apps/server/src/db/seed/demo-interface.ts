import type { SALES_ACTIVITY_KINDS } from '@kc/contracts/supply/interface-excel';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { inDays } from './seed-dates.ts';

/** Each demo supplier's sales contacts (the phone numbers are the demo's 1390… range, never real). */
const CONTACTS: Record<string, { name: string; phone: string; email: string; position: string; region: string; serves: [string, string | null][] }[]> = {
  国药集团化学试剂有限公司: [
    {
      name: '周立群',
      phone: '13901230101',
      email: 'zhoulq@sinoreagent.example.cn',
      position: '华北区销售经理',
      region: '北京',
      serves: [
        ['ICCAS', null],
        ['ICCAS', '分析测试中心'],
      ],
    },
    { name: '沈佳怡', phone: '13901230102', email: 'shenjy@sinoreagent.example.cn', position: '华东区客户代表', region: '上海', serves: [['SIMM', null]] },
  ],
  上海阿拉丁生化科技股份有限公司: [
    {
      name: '陆文博',
      phone: '13901230201',
      email: 'luwb@aladdin.example.cn',
      position: '科研客户经理',
      region: '上海',
      serves: [
        ['SIMM', '药物化学研究室'],
        ['SIMM', '药理学研究室'],
      ],
    },
    { name: '韩雪', phone: '13901230202', email: 'hanx@aladdin.example.cn', position: '北京办事处销售', region: '北京', serves: [['ICCAS', '有机固体实验室']] },
  ],
  上海麦克林生化科技股份有限公司: [
    { name: '许志远', phone: '13901230301', email: 'xuzy@macklin.example.cn', position: '大客户经理', region: '上海', serves: [['SIMM', null]] },
    { name: '曹敏', phone: '13901230302', email: 'caomin@macklin.example.cn', position: '技术支持工程师', region: '全国', serves: [] },
  ],
};

/** Visits, promotions and trials the suppliers recorded (销售活动), some aimed at one institute. */
const ACTIVITIES: {
  supplier: string;
  title: string;
  kind: (typeof SALES_ACTIVITY_KINDS)[number];
  institute: string | null;
  from: number;
  to: number;
  content: string;
}[] = [
  {
    supplier: '国药集团化学试剂有限公司',
    title: '色谱级溶剂年末备货季',
    kind: '促销',
    institute: null,
    from: -10,
    to: 35,
    content: '乙腈、甲醇（色谱级，4 L）订满 10 瓶送货上门并附批次 COA；年末备货请提前两周下单。',
  },
  {
    supplier: '上海阿拉丁生化科技股份有限公司',
    title: '药物化学研究室新品试剂交流会',
    kind: '推介会',
    institute: 'SIMM',
    from: 7,
    to: 7,
    content: '介绍手性砌块与催化剂新品，现场可申请 5 g 试用装。',
  },
  {
    supplier: '上海麦克林生化科技股份有限公司',
    title: '无水溶剂（分子筛干燥）试用',
    kind: '试用',
    institute: 'ICCAS',
    from: -3,
    to: 27,
    content: '无水 THF、DMF、DCM（含分子筛，水分 ≤ 50 ppm）各 500 mL 免费试用，每课题组限一份。',
  },
];

/**
 * 接口数据 of the demo: the suppliers' sales contacts, which contact serves which institute or
 * department (联系人对应), and a few sales activities, so the pages and the Excel exports of
 * /interface/v1 have something real to show on a fresh install.
 */
export async function seedDemoInterfaceData(trx: Transaction<DB>, adminId: number) {
  const now = new Date().toISOString();
  const suppliers = new Map((await trx.selectFrom('supplier').select(['id', 'company_name']).execute()).map((s) => [s.company_name, s.id]));
  const institutes = new Map((await trx.selectFrom('institute').select(['id', 'code']).execute()).map((i) => [i.code, i.id]));
  const depts = await trx.selectFrom('dept').select(['id', 'name', 'institute_id']).where('institute_id', 'is not', null).execute();
  const deptId = (instituteId: number, name: string | null) =>
    name === null ? 0 : (depts.find((d) => d.institute_id === instituteId && d.name === name)?.id ?? null);

  for (const [company, contacts] of Object.entries(CONTACTS)) {
    const supplierId = suppliers.get(company);
    if (supplierId === undefined) continue;
    for (const c of contacts) {
      const { id: contactId } = await trx
        .insertInto('supplier_contact')
        .values({
          supplier_id: supplierId,
          name: c.name,
          phone: c.phone,
          email: c.email,
          position: c.position,
          region: c.region,
          note: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [code, deptName] of c.serves) {
        const instituteId = institutes.get(code);
        const dept = instituteId === undefined ? null : deptId(instituteId, deptName);
        if (instituteId === undefined || dept === null) continue;
        await trx
          .insertInto('contact_relation')
          .values({
            institute_id: instituteId,
            dept_id: dept,
            contact_id: contactId,
            supplier_id: supplierId,
            note: deptName ? `${deptName}的日常对接` : '全所对接',
            created_by: adminId,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
  }

  const activities = ACTIVITIES.flatMap((a) => {
    const supplierId = suppliers.get(a.supplier);
    if (supplierId === undefined) return [];
    return [
      {
        supplier_id: supplierId,
        title: a.title,
        kind: a.kind,
        institute_id: a.institute === null ? null : (institutes.get(a.institute) ?? null),
        start_date: inDays(a.from),
        end_date: inDays(a.to),
        content: a.content,
        created_at: now,
        updated_at: now,
      },
    ];
  });
  if (activities.length) await trx.insertInto('sales_activity').values(activities).execute();
}
