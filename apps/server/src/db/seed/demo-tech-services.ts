import type { SampleForm } from '@kc/contracts/buying/tech-services';
import { DEFAULT_SAMPLE_FORM } from '@kc/contracts/buying/tech-services';
import { splitTax } from '@kc/contracts/platform/tax';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Demo 技术服务: testing services from 国药集团 (质谱、核磁、元素分析), molecular-biology services
 * from 阿拉丁 (一代测序 Sanger ¥15/反应、引物合成、基因合成 询价), analysis and cell services from
 * 麦克林; one 下架 item so the supplier's list shows both states. A few requests by buyer1 and
 * buyer2 at different steps, so the request pages and the leader's spend show data.
 */
const SANGER_FORM: SampleForm = [
  { key: 'name', label: '样品名称', type: 'text', required: true },
  { key: 'type', label: '样品类型', type: 'select', required: true, options: ['质粒', 'PCR 产物（已纯化）', 'PCR 产物（未纯化）', '菌液'] },
  { key: 'length', label: '片段长度', type: 'number', required: false, unit: 'bp', min: 50, max: 20000 },
  { key: 'primer', label: '测序引物', type: 'text', required: true },
  { key: 'concentration', label: '浓度', type: 'number', required: false, unit: 'ng/μL', min: 0 },
];
const PRIMER_FORM: SampleForm = [
  { key: 'name', label: '引物名称', type: 'text', required: true },
  { key: 'sequence', label: "序列（5'→3'）", type: 'textarea', required: true },
  { key: 'purification', label: '纯化方式', type: 'select', required: true, options: ['普通脱盐', 'PAGE', 'HPLC'] },
  { key: 'scale', label: '合成量', type: 'select', required: true, options: ['2 OD', '5 OD', '10 OD'] },
];
const MS_FORM: SampleForm = [
  { key: 'name', label: '样品编号', type: 'text', required: true },
  { key: 'formula', label: '分子式', type: 'text', required: true },
  { key: 'mw', label: '理论分子量', type: 'number', required: false, min: 0 },
  { key: 'solvent', label: '溶剂', type: 'select', required: true, options: ['甲醇', '乙腈', '二氯甲烷', 'DMSO'] },
  { key: 'source', label: '离子源', type: 'select', required: true, options: ['ESI', 'APCI', 'MALDI'] },
];
const NMR_FORM: SampleForm = [
  { key: 'name', label: '样品编号', type: 'text', required: true },
  { key: 'solvent', label: '氘代试剂', type: 'select', required: true, options: ['CDCl3', 'DMSO-d6', 'D2O', 'CD3OD'] },
  { key: 'nucleus', label: '测试核', type: 'select', required: true, options: ['1H', '13C', '19F', '31P'] },
  { key: 'amount', label: '样品量', type: 'number', required: true, unit: 'mg', min: 1, max: 100 },
];
const CELL_FORM: SampleForm = [
  { key: 'name', label: '细胞名称', type: 'text', required: true },
  { key: 'species', label: '种属', type: 'select', required: true, options: ['人', '小鼠', '大鼠', '其他'] },
  { key: 'form', label: '送样形式', type: 'select', required: true, options: ['细胞沉淀', '基因组 DNA', 'FTA 卡'] },
  { key: 'note', label: '备注', type: 'textarea', required: false },
];

interface DemoService {
  supplier: string;
  name: string;
  category: string;
  description: string;
  /** fen per unit, tax included; null = 询价 */
  price: number | null;
  unit: string;
  days: number;
  form: SampleForm;
  active?: boolean;
}

const SERVICES: DemoService[] = [
  {
    supplier: '阿拉丁',
    name: '一代测序（Sanger 测序）',
    category: '测序',
    description: 'ABI 3730xl 测序仪，单向读长 700–1000 bp；质粒、纯化 PCR 产物、菌液均可送样；提供峰图（.ab1）与序列文件（.seq）。',
    price: 1500,
    unit: '反应',
    days: 2,
    form: SANGER_FORM,
  },
  {
    supplier: '阿拉丁',
    name: '引物合成（普通脱盐）',
    category: '合成',
    description: '15–60 nt DNA 引物，普通脱盐纯化，交付干粉并附合成报告单；PAGE、HPLC 纯化按报价另计。',
    price: 100,
    unit: '碱基',
    days: 2,
    form: PRIMER_FORM,
  },
  {
    supplier: '阿拉丁',
    name: '基因合成与克隆',
    category: '合成',
    description: '全基因合成并克隆至 pUC57 或客户指定载体，测序验证正确，交付 4 μg 质粒干粉；按长度与复杂度报价。',
    price: null,
    unit: '条',
    days: 15,
    form: DEFAULT_SAMPLE_FORM,
  },
  {
    supplier: '国药',
    name: '高分辨质谱（HRMS）检测',
    category: '检测',
    description: 'Thermo Q Exactive 高分辨质谱，ESI/APCI 正负离子模式，给出精确分子量与元素组成，误差 < 5 ppm。',
    price: 30000,
    unit: '样品',
    days: 5,
    form: MS_FORM,
  },
  {
    supplier: '国药',
    name: '核磁共振氢谱（400 MHz）',
    category: '检测',
    description: 'Bruker AVANCE III 400 MHz，常规 1H 谱；13C、19F、31P 及二维谱按报价另计。请注明氘代试剂。',
    price: 8000,
    unit: '样品',
    days: 3,
    form: NMR_FORM,
  },
  {
    supplier: '国药',
    name: '有机元素分析（CHN）',
    category: '分析',
    description: 'Elementar vario EL cube，C、H、N 含量测定，每个样品平行测定两次；样品需干燥、不少于 5 mg。',
    price: 15000,
    unit: '样品',
    days: 5,
    form: DEFAULT_SAMPLE_FORM,
    active: false,
  },
  {
    supplier: '麦克林',
    name: 'HPLC 纯度检测',
    category: '分析',
    description: 'Agilent 1260 液相色谱，DAD 检测器，C18 色谱柱；面积归一化法报告纯度，附色谱图。',
    price: 20000,
    unit: '样品',
    days: 4,
    form: DEFAULT_SAMPLE_FORM,
  },
  {
    supplier: '麦克林',
    name: '细胞 STR 鉴定',
    category: '细胞与动物',
    description: '21 个 STR 位点加 Amelogenin，与 ATCC、DSMZ、Cellosaurus 数据库比对，出具鉴定报告。',
    price: 50000,
    unit: '样品',
    days: 7,
    form: CELL_FORM,
  },
];

interface DemoRequest {
  buyer: string;
  service: string;
  status: 'requested' | 'quoted' | 'accepted' | 'in_progress';
  samples: Record<string, string | number>[];
  quantity?: number;
  daysAgo: number;
}

const REQUESTS: DemoRequest[] = [
  {
    buyer: 'buyer1',
    service: '一代测序（Sanger 测序）',
    status: 'requested',
    samples: [
      { name: 'pET28a-GFP-1', type: '质粒', length: 1200, primer: 'T7', concentration: 150 },
      { name: 'pET28a-GFP-2', type: '质粒', length: 1200, primer: 'T7-term', concentration: 150 },
    ],
    daysAgo: 0,
  },
  {
    buyer: 'buyer1',
    service: '高分辨质谱（HRMS）检测',
    status: 'quoted',
    samples: [{ name: 'LMH-2026-031', formula: 'C24H18N2O2', mw: 366.42, solvent: '甲醇', source: 'ESI' }],
    quantity: 1,
    daysAgo: 2,
  },
  {
    buyer: 'buyer1',
    service: '核磁共振氢谱（400 MHz）',
    status: 'in_progress',
    samples: [
      { name: 'LMH-2026-028', solvent: 'CDCl3', nucleus: '1H', amount: 5 },
      { name: 'LMH-2026-029', solvent: 'DMSO-d6', nucleus: '1H', amount: 5 },
      { name: 'LMH-2026-030', solvent: 'CDCl3', nucleus: '1H', amount: 8 },
    ],
    quantity: 3,
    daysAgo: 6,
  },
  {
    buyer: 'buyer2',
    service: '细胞 STR 鉴定',
    status: 'accepted',
    samples: [{ name: 'HepG2', species: '人', form: '细胞沉淀' }],
    quantity: 1,
    daysAgo: 3,
  },
];

const STEPS: Record<DemoRequest['status'], string[]> = {
  requested: [],
  quoted: ['quote'],
  accepted: ['quote', 'accept'],
  in_progress: ['quote', 'accept', 'sendSamples', 'start'],
};
const AFTER: Record<string, string> = { quote: 'quoted', accept: 'accepted', sendSamples: 'samples_sent', start: 'in_progress' };

export async function seedDemoTechServices(trx: Transaction<DB>, now: string) {
  const suppliers = await trx.selectFrom('supplier').select(['id', 'company_name']).execute();
  const supplierId = (part: string) => {
    const s = suppliers.find((x) => x.company_name.includes(part));
    if (!s) throw new Error(`演示供应商缺失：${part}`);
    return s.id;
  };
  const ids = new Map<string, { id: number; supplierId: number; price: number | null; category: string; form: SampleForm }>();
  for (const s of SERVICES) {
    const sid = supplierId(s.supplier);
    const { id } = await trx
      .insertInto('tech_service')
      .values({
        supplier_id: sid,
        name: s.name,
        category: s.category,
        description: s.description,
        price: s.price,
        unit: s.unit,
        turnaround_days: s.days,
        tax_rate: '6',
        sample_form: JSON.stringify(s.form),
        active: s.active === false ? 0 : 1,
        deleted: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(s.name, { id, supplierId: sid, price: s.price, category: s.category, form: s.form });
  }

  for (const r of REQUESTS) {
    const svc = ids.get(r.service);
    if (!svc) throw new Error(`演示服务缺失：${r.service}`);
    const buyer = await trx
      .selectFrom('app_user')
      .leftJoin('user_dept', (j) => j.onRef('user_dept.user_id', '=', 'app_user.id'))
      .select(['app_user.id', 'app_user.institute_id', 'app_user.phone_num', 'app_user.current_dept_id', 'user_dept.team_id'])
      .where('app_user.user_name', '=', r.buyer)
      .executeTakeFirstOrThrow();
    const at = new Date(Date.parse(now) - r.daysAgo * 86_400_000).toISOString();
    const quantity = r.quantity ?? r.samples.length;
    const quoted = r.status !== 'requested' && svc.price !== null;
    const amount = quoted ? (svc.price as number) * quantity : null;
    const split = amount === null ? null : splitTax(amount, '6');
    const { id } = await trx
      .insertInto('tech_request')
      .values({
        request_no: `demo-${r.service}-${r.buyer}`,
        service_id: svc.id,
        supplier_id: svc.supplierId,
        buyer_id: buyer.id,
        institute_id: buyer.institute_id as number,
        dept_id: buyer.current_dept_id,
        team_id: buyer.team_id,
        service_name: r.service,
        category: svc.category,
        sample_form: JSON.stringify(svc.form),
        samples: JSON.stringify(r.samples),
        sample_count: r.samples.length,
        contact_phone: buyer.phone_num ?? '13800000000',
        remark: '',
        status: r.status,
        unit_price: quoted ? svc.price : null,
        quantity: quoted ? quantity : null,
        amount,
        amount_ex_tax: split?.excl ?? null,
        tax_amount: split?.tax ?? null,
        tax_rate: '6',
        quote_note: null,
        carrier: r.status === 'in_progress' ? '顺丰速运' : null,
        tracking_no: r.status === 'in_progress' ? 'SF1428807763125' : null,
        reason: null,
        report_note: null,
        accepted_at: r.status === 'accepted' || r.status === 'in_progress' ? at : null,
        completed_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // the number a real request gets: TS + day + id
    await trx
      .updateTable('tech_request')
      .set({ request_no: `TS${at.slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}` })
      .where('id', '=', id)
      .execute();
    let from = 'requested';
    const logs = [
      { request_id: id, action: 'request', from_status: null as string | null, to_status: 'requested', actor_id: buyer.id, note: null, created_at: at },
    ];
    for (const step of STEPS[r.status]) {
      const actor = step === 'accept' || step === 'sendSamples' ? buyer.id : await mainAccount(trx, svc.supplierId);
      logs.push({ request_id: id, action: step, from_status: from, to_status: AFTER[step], actor_id: actor, note: null, created_at: at });
      from = AFTER[step];
    }
    await trx.insertInto('tech_request_log').values(logs).execute();
  }
}

async function mainAccount(trx: Transaction<DB>, supplierId: number) {
  const u = await trx
    .selectFrom('app_user')
    .select('id')
    .where('supplier_id', '=', supplierId)
    .where('parent_user_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return u.id;
}
