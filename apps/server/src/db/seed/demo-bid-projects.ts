/** The demo 招标采购 projects of 化学所 buyer1 (seeded by demo-bids.ts); days are relative to today. */

export type Line = { name: string; spec: string; cas: string | null; quantity: number; unit: string };
export interface DemoProject {
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
export const PROJECTS: DemoProject[] = [
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
