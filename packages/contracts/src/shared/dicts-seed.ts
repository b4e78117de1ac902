import { INVOICE_KIND_TEXT, INVOICE_KINDS } from '../finance/invoices.ts';
import { TAX_RATE_TEXT, TAX_RATES } from '../platform/tax.ts';
import { QUALIFICATION_TYPES } from '../supply/qualifications.ts';

export interface DictSeedType {
  code: string;
  name: string;
  remark: string;
  items: { value: string; label: string }[];
}

/**
 * Items added when the remaining hard-coded readers moved to the dictionaries (migration 040 adds
 * them to installations seeded before): the supplier's suggested order marks, and the default of
 * every warning rule's threshold (contracts/warnings RULE_DEFAULT_DICT_KEY) at today's values.
 */
export const DICT_SEED_040 = {
  order_flag: ['已备货', '缺货待补', '待开票', '已开票', '重点客户', '需冷链'].map((f) => ({ value: f, label: f })),
  warning_threshold: [
    { value: 'expiryDays', label: '30' },
    { value: 'lowStockQty', label: '1' },
    { value: 'overdueDeliveryDays', label: '7' },
    { value: 'overdueInvoiceDays', label: '30' },
    { value: 'grantCardAvailablePercent', label: '10' },
    { value: 'duplicatePurchaseDays', label: '90' },
  ],
};

/**
 * Which budget line (预算科目) of a grant card an order's goods charge by default: value = a top-level
 * goods category, label = the line's name; `默认` for any category not listed. Checkout preselects
 * the card's line of that name for each sub-order, and the buyer may change it.
 */
export const BUDGET_LINE_DICT = 'budget_line_category';
export const BUDGET_LINE_DEFAULT_KEY = '默认';
export const BUDGET_LINE_DICT_SEED: DictSeedType = {
  code: BUDGET_LINE_DICT,
  name: '商品分类对应预算科目',
  remark: '下单时按商品的一级分类预选经费卡的预算科目（值为一级分类名称，显示名称为预算科目；“默认”用于未列出的分类）',
  items: [
    { value: '化学试剂', label: '材料费' },
    { value: '生命科学', label: '材料费' },
    { value: '色谱耗材', label: '材料费' },
    { value: '实验耗材', label: '材料费' },
    { value: '仪器配件', label: '材料费' },
    { value: '技术服务', label: '测试化验加工费' },
    { value: '测试服务', label: '测试化验加工费' },
    { value: BUDGET_LINE_DEFAULT_KEY, label: '材料费' },
  ],
};

/**
 * The built-in dictionaries, seeded (migration 035) from the constants the product used to hard-code.
 * Readers go through the dictionary service, so the platform can rename, reorder or add items and
 * each institute can hide, rename or reorder them for itself.
 */
export const DICT_SEED: DictSeedType[] = [
  {
    code: 'invoice_type',
    name: '发票类型',
    remark: '研究所开票规则中的发票类型，会话的 invoiceType',
    items: INVOICE_KINDS.filter((k) => k !== 'e_normal').map((k) => ({ value: k, label: INVOICE_KIND_TEXT[k] })),
  },
  {
    code: 'tax_rate',
    name: '税率',
    remark: '商品与发票明细可选的税率',
    items: TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  },
  {
    code: 'invoice_time',
    name: '开票时间',
    remark: '研究所开票规则中的开票时间，会话的 invoiceTime',
    items: [
      { value: 'accept15', label: '验收后 15 日内开票' },
      { value: 'accept30', label: '验收后 30 日内开票' },
      { value: 'monthEnd', label: '每月月底统一开票' },
    ],
  },
  {
    code: 'pay_time',
    name: '付款时间',
    remark: '研究所开票规则中的付款时间，会话的 payTime',
    items: [
      { value: 'claim30', label: '报销完成后 30 日内付款' },
      { value: 'claim15', label: '报销完成后 15 日内付款' },
      { value: 'statement', label: '按月对账后付款' },
    ],
  },
  {
    code: 'order_flag',
    name: '订单标记',
    remark: '子订单可加的标记',
    items: [
      { value: '加急', label: '加急' },
      { value: '危化品', label: '危化品' },
      { value: '冷链', label: '冷链' },
      { value: '需开专票', label: '需开专票' },
      ...DICT_SEED_040.order_flag,
    ],
  },
  {
    code: 'warning_threshold',
    name: '预警阈值',
    remark: '值为数字：价格导入涨跌需审核的比例（%）与各预警规则阈值的默认值（天、件或 %）',
    items: [
      { value: 'contractExpiryDays', label: '30' },
      { value: 'qualificationExpiryDays', label: '30' },
      { value: 'priceReviewPercent', label: '30' },
      { value: 'grantCardWarnPercent', label: '90' },
      ...DICT_SEED_040.warning_threshold,
    ],
  },
  {
    code: 'qualification_type',
    name: '资质类型',
    remark: '供应商资质的类型',
    items: QUALIFICATION_TYPES.map((t) => ({ value: t.code, label: t.name })),
  },
  BUDGET_LINE_DICT_SEED,
];
