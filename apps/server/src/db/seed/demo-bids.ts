import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

const DAY = 86_400_000;
const at = (days: number, hour = 9) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + (hour - 8) * 3600_000).toISOString();

type Line = { name: string; spec: string; cas: string | null; quantity: number; unit: string };
interface DemoProject {
  no: string;
  title: string;
  state: 'bidding' | 'opened' | 'failed' | 'closed';
  mode: 'invited' | 'all';
  ceiling: number;
  published: number;
  deadline: number;
  lines: Line[];
  /** bids: supplier index (0 国药, 1 阿拉丁, 2 麦克林), unit prices per line in fen, minutes after publishing */
  bids: { s: number; prices: number[]; after: number }[];
  closeReason?: string;
}

const HPLC: Line[] = [
  { name: '乙腈 色谱纯', spec: '4L', cas: '75-05-8', quantity: 20, unit: '瓶' },
  { name: '甲醇 色谱纯', spec: '4L', cas: '67-56-1', quantity: 12, unit: '瓶' },
  { name: '甲酸 LC-MS级', spec: '50ml', cas: '64-18-6', quantity: 10, unit: '瓶' },
];
const PROJECTS: DemoProject[] = [
  {
    no: 'ZB-DEMO-001',
    title: '分析测试中心2026年第四季度色谱溶剂集中采购',
    state: 'bidding',
    mode: 'invited',
    ceiling: 1_200_000,
    published: -2,
    deadline: 5,
    lines: HPLC,
    bids: [
      { s: 0, prices: [36_500, 16_800, 21_000], after: 90 },
      { s: 1, prices: [38_000, 17_500, 19_800], after: 240 },
    ],
  },
  {
    no: 'ZB-DEMO-002',
    title: '有机固体实验室手套箱配套耗材采购',
    state: 'bidding',
    mode: 'all',
    ceiling: 450_000,
    published: -1,
    deadline: 9,
    lines: [
      { name: '丁基橡胶手套箱手套', spec: '8英寸口径', cas: null, quantity: 4, unit: '副' },
      { name: '分子筛 4A', spec: '500g', cas: '70955-01-0', quantity: 10, unit: '瓶' },
    ],
    bids: [],
  },
  {
    no: 'ZB-DEMO-003',
    title: '高纯金属有机试剂年度采购',
    state: 'opened',
    mode: 'invited',
    ceiling: 800_000,
    published: -12,
    deadline: -1,
    lines: [
      { name: '正丁基锂 正己烷溶液', spec: '2.5M 100ml', cas: '109-72-8', quantity: 10, unit: '瓶' },
      { name: '二乙基锌 正己烷溶液', spec: '1.0M 100ml', cas: '557-20-0', quantity: 6, unit: '瓶' },
    ],
    bids: [
      { s: 0, prices: [42_000, 51_000], after: 300 },
      { s: 1, prices: [39_800, 52_500], after: 600 },
      { s: 2, prices: [41_000, 49_000], after: 120 },
    ],
  },
  {
    no: 'ZB-DEMO-004',
    title: '同位素标记试剂采购（氘代溶剂）',
    state: 'failed',
    mode: 'invited',
    ceiling: 300_000,
    published: -20,
    deadline: -6,
    lines: [
      { name: '氘代氯仿', spec: '99.8%D 100g', cas: '865-49-6', quantity: 10, unit: '瓶' },
      { name: '氘代二甲基亚砜', spec: '99.9%D 25g', cas: '2206-27-1', quantity: 8, unit: '瓶' },
    ],
    bids: [{ s: 1, prices: [18_500, 9_600], after: 200 }],
  },
  {
    no: 'ZB-DEMO-005',
    title: '通风橱配套玻璃仪器采购',
    state: 'closed',
    mode: 'invited',
    ceiling: 200_000,
    published: -30,
    deadline: -22,
    lines: [{ name: '三口圆底烧瓶', spec: '500ml 24/40', cas: null, quantity: 20, unit: '个' }],
    bids: [],
    closeReason: '课题经费调整，改为目录采购',
  },
];

/**
 * Demo 招标采购 for 化学所 buyer1 (李明华课题组): two projects in bidding (one with sealed bids), one
 * opened and waiting for the award, one failed (one valid bid) and one closed. Written directly with
 * the verdicts the opening would write; the bidding ones are opened by the sweep job when their
 * deadline passes.
 */
export async function seedDemoBids(trx: Transaction<DB>) {
  const buyer = await trx.selectFrom('app_user').select(['id', 'institute_id']).where('user_name', '=', 'buyer1').executeTakeFirst();
  if (!buyer?.institute_id) return;
  const ud = await trx.selectFrom('user_dept').select(['dept_id', 'team_id']).where('user_id', '=', buyer.id).executeTakeFirst();
  const suppliers = (await trx.selectFrom('supplier').select('id').orderBy('id').execute()).map((s) => s.id);
  if (!ud || suppliers.length < 3) return;
  for (const p of PROJECTS) {
    const opened = p.state === 'opened' || p.state === 'failed';
    const { id } = await trx
      .insertInto('bid_project')
      .values({
        project_no: p.no,
        title: p.title,
        institute_id: buyer.institute_id,
        dept_id: ud.dept_id,
        team_id: ud.team_id,
        buyer_id: buyer.id,
        ceiling_amount: p.ceiling,
        deadline: at(p.deadline, 17),
        address_id: null,
        recv_province: '北京市',
        recv_city: '北京市',
        recv_district: '海淀区',
        recv_detail: '中关村北一街2号 化学所1号楼301',
        recv_contact: '王晓明',
        recv_phone: '13810230001',
        invite_mode: p.mode,
        remark: '报价含税含运费，送货至实验室；请注明品牌与货期',
        state: p.state,
        round: 1,
        opened_at: opened ? at(p.deadline, 17) : null,
        winner_bid_id: null,
        order_id: null,
        close_reason: p.closeReason ?? null,
        published_at: at(p.published),
        created_at: at(p.published),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lineIds: number[] = [];
    for (const [i, l] of p.lines.entries()) {
      const r = await trx
        .insertInto('bid_project_line')
        .values({ project_id: id, line_no: i + 1, ...l })
        .returning('id')
        .executeTakeFirstOrThrow();
      lineIds.push(r.id);
    }
    if (p.mode === 'invited')
      await trx
        .insertInto('bid_project_supplier')
        .values(suppliers.slice(0, 3).map((s) => ({ project_id: id, supplier_id: s })))
        .execute();
    const totals = p.bids.map((b) => b.prices.reduce((s, x, i) => s + x * p.lines[i].quantity, 0));
    const order = p.bids.map((_, i) => i).sort((a, b) => totals[a] - totals[b] || p.bids[a].after - p.bids[b].after);
    for (const [i, b] of p.bids.entries()) {
      const submitted = new Date(Date.parse(at(p.published)) + b.after * 60_000).toISOString();
      const valid = opened && p.state === 'opened';
      const user = await trx.selectFrom('app_user').select('id').where('supplier_id', '=', suppliers[b.s]).orderBy('id').executeTakeFirstOrThrow();
      const offer = await trx
        .insertInto('bid_offer')
        .values({
          project_id: id,
          round: 1,
          supplier_id: suppliers[b.s],
          total_amount: totals[i],
          delivery_days: 3 + b.s * 2,
          remark: '',
          void: 0,
          // failed: the one bid is valid but alone; opened: ranked by amount, then time
          rank: valid ? order.indexOf(i) + 1 : opened ? 1 : null,
          invalid_reason: null,
          submitted_by: user.id,
          submitted_at: submitted,
          created_at: submitted,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('bid_offer_line')
        .values(b.prices.map((x, j) => ({ offer_id: offer.id, line_id: lineIds[j], unit_price: x, amount: x * p.lines[j].quantity })))
        .execute();
    }
    const log: { action: string; from_state: string | null; to_state: string; actor_id: number | null; detail: string | null; created_at: string }[] = [
      { action: 'publish', from_state: null, to_state: 'bidding', actor_id: buyer.id, detail: null, created_at: at(p.published) },
    ];
    if (opened)
      log.push({
        action: 'open',
        from_state: 'bidding',
        to_state: p.state,
        actor_id: null,
        detail: `投标 ${p.bids.length} 家，有效 ${p.bids.length} 家${p.state === 'failed' ? '，不足 3 家流标' : ''}`,
        created_at: at(p.deadline, 17),
      });
    if (p.state === 'closed')
      log.push({
        action: 'close',
        from_state: 'bidding',
        to_state: 'closed',
        actor_id: buyer.id,
        detail: p.closeReason ?? null,
        created_at: at(p.deadline - 1),
      });
    await trx
      .insertInto('bid_log')
      .values(log.map((l) => ({ ...l, project_id: id, round: 1 })))
      .execute();
  }
}
