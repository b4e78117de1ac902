import { DICT } from '@kc/contracts/shared/dicts';
import {
  PRICE_REVIEW_DICT_KEY,
  PRICE_REVIEW_THRESHOLD,
  type PriceImportVO,
  type PriceRowChange,
  type PriceRowVO,
} from '@kc/contracts/supply/catalog-price-imports';
import { Tag } from 'antd';
import { useDictOptions } from '../../../../lib/dicts.ts';

export type Filter = 'all' | PriceRowChange | 'flagged';
export const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'new', label: '新增' },
  { value: 'up', label: '涨价' },
  { value: 'down', label: '降价' },
  { value: 'same', label: '价格不变' },
  { value: 'flagged', label: '需平台审核' },
  { value: 'error', label: '有错误' },
];

export const STATUS_COLOR: Record<string, string> = {
  validated: 'processing',
  applied: 'success',
  rolledBack: 'default',
  rollback: 'warning',
  expired: 'default',
  cancelled: 'default',
};

export const leadText = (d: number | null) => (d === null ? '—' : d === 0 ? '现货' : `${d} 天`);

/** A 新增 row's review: before confirmation it has none yet. */
const PROPOSAL_TAG: Record<number, { color: string; text: string }> = {
  0: { color: 'processing', text: '平台审核中' },
  1: { color: 'success', text: '审核通过，已上架' },
  2: { color: 'default', text: '未通过或已撤回' },
};

export function proposalNote(n: NonNullable<PriceRowVO['newItem']>) {
  if (n.proposalStatus === null) return <Tag color="blue">新增商品，确认后提交平台审核</Tag>;
  const tag = PROPOSAL_TAG[n.proposalStatus];
  return <Tag color={tag.color}>新增商品：{tag.text}</Tag>;
}

/** What a rollback did, as the server tells it: prices back, and what became of the sheet's new items. */
export function rolledBack(r: { proposalsWithdrawn: number; proposalsApproved: number }) {
  const parts = ['已撤销本次导入，价格已恢复'];
  if (r.proposalsWithdrawn) parts.push(`${r.proposalsWithdrawn} 个审核中的新增商品申请已撤回`);
  if (r.proposalsApproved) parts.push(`${r.proposalsApproved} 个新增商品已审核通过，未撤回，如不再销售请在商品管理中下架`);
  return parts.join('；');
}

/** The rows of one filter, as the server takes it. */
export const rowsFilter = (filter: Filter) => ({
  change: filter === 'all' || filter === 'flagged' ? undefined : filter,
  flagged: filter === 'flagged' ? ('true' as const) : undefined,
});

/** 确认导入's question: what the import will change. */
export const confirmText = (imp: PriceImportVO, pct: string) =>
  `将更新 ${imp.upRows + imp.downRows} 件商品的价格${imp.flaggedRows ? `（其中 ${imp.flaggedRows} 件涨跌超过 ${pct}，提交平台审核后生效）` : ''}，库存与货期同时更新${imp.newRows ? `；${imp.newRows} 个新增商品提交平台审核，通过后上架` : ''}。全部生效或全部不变。`;

/** 撤销本次导入's question. */
export const rollbackText = (imp: PriceImportVO) =>
  `将把本次导入涉及的 ${imp.upRows + imp.downRows + imp.sameRows} 件商品恢复为导入前的价格、库存与货期，并记为一条新的导入记录；仍在平台审核中的价格申请${imp.newRows ? '与新增商品申请' : ''}将撤回。`;

/** The share a price may move before review: warning_threshold priceReviewPercent (the server reads the same item). */
export function useReviewPercent(): string {
  const thresholds = useDictOptions(DICT.WARNING_THRESHOLD);
  return `${thresholds.options.find((o) => o.value === PRICE_REVIEW_DICT_KEY)?.label ?? Math.round(PRICE_REVIEW_THRESHOLD * 100)}%`;
}
