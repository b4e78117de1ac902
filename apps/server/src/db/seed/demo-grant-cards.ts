import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { inDays } from './seed-dates.ts';

/**
 * Demo 课题经费卡: the 李明华课题组 (化学所) charges an NSFC 面上项目 card by default (超支禁止) and
 * a 先导专项 card (超支提醒); a third card is 冻结 so the page shows every status. 何军课题组
 * (上海药物所) has one card. buyer1, assistant1 and buyer2 are members with a default card, so the
 * demo order flow charges a card; validity moves with the seeding day. Cards carry the usual budget
 * lines (材料费, 测试化验加工费): demo orders of reagents charge 材料费 (商品分类对应预算科目).
 */
const CARDS = [
  {
    institute: 'ICCAS',
    cardNo: '22371234',
    title: '国家自然科学基金面上项目：有机光电功能分子的设计合成与器件研究',
    pi: 'leader1',
    dept: '有机固体实验室',
    status: 'active',
    policy: 'stop',
    total: 50_000_000,
    lines: [
      { name: '材料费', amount: 30_000_000 },
      { name: '测试化验加工费', amount: 10_000_000 },
    ],
    members: ['buyer1', 'assistant1'],
    defaults: ['buyer1', 'leader1'],
  },
  {
    institute: 'ICCAS',
    cardNo: 'XDB0520000',
    title: '中国科学院战略性先导科技专项（B类）：分子聚集体光电材料',
    pi: 'leader1',
    dept: '有机固体实验室',
    status: 'active',
    policy: 'warn',
    total: 120_000_000,
    lines: [
      { name: '材料费', amount: 80_000_000 },
      { name: '测试化验加工费', amount: 20_000_000 },
    ],
    members: ['buyer1'],
    defaults: [],
  },
  {
    institute: 'ICCAS',
    cardNo: 'Z221100002',
    title: '北京市自然科学基金：柔性电子用共轭聚合物',
    pi: 'leader1',
    dept: '有机固体实验室',
    status: 'frozen',
    policy: 'stop',
    total: 20_000_000,
    lines: [],
    members: ['buyer1'],
    defaults: [],
  },
  {
    institute: 'SIMM',
    cardNo: '82304567',
    title: '国家自然科学基金青年科学基金项目：新型 KRAS 抑制剂的发现',
    pi: 'leader2',
    dept: '药物化学研究室',
    status: 'active',
    policy: 'stop',
    total: 30_000_000,
    lines: [
      { name: '材料费', amount: 20_000_000 },
      { name: '测试化验加工费', amount: 6_000_000 },
    ],
    members: ['buyer2', 'assistant2'],
    defaults: ['buyer2', 'leader2'],
  },
];

export async function seedDemoGrantCards(trx: Transaction<DB>) {
  const now = new Date().toISOString();
  const userId = async (name: string) => (await trx.selectFrom('app_user').select('id').where('user_name', '=', name).executeTakeFirst())?.id;
  for (const c of CARDS) {
    const inst = await trx.selectFrom('institute').select('id').where('code', '=', c.institute).executeTakeFirst();
    const pi = await userId(c.pi);
    if (!inst || !pi) continue;
    const dept = await trx.selectFrom('dept').select('id').where('institute_id', '=', inst.id).where('name', '=', c.dept).executeTakeFirst();
    const { id } = await trx
      .insertInto('grant_card')
      .values({
        card_no: c.cardNo,
        title: c.title,
        pi_id: pi,
        institute_id: inst.id,
        dept_id: dept?.id ?? null,
        valid_from: inDays(-365),
        valid_to: inDays(3 * 365),
        status: c.status,
        policy: c.policy,
        total: c.total,
        source: 'manual',
        created_by: pi,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.lines.length)
      await trx
        .insertInto('grant_card_line')
        .values(c.lines.map((l) => ({ card_id: id, ...l })))
        .execute();
    for (const m of c.members) {
      const u = await userId(m);
      if (u) await trx.insertInto('grant_card_member').values({ card_id: id, user_id: u }).execute();
    }
    for (const d of c.defaults) {
      const u = await userId(d);
      if (u) await trx.insertInto('grant_card_default').values({ user_id: u, card_id: id }).execute();
    }
  }
}
