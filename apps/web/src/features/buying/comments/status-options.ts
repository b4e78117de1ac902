import type { ListField } from '../../../components/list-page/index.ts';

/** The search fields of the comments list, shared by the buyer's, the supplier's and the platform's pages. */
export const COMMENT_FIELDS = (states: { value: string; label: string }[]): ListField[] => [
  { kind: 'text', name: 'itemName', label: '商品名称', width: 180 },
  { kind: 'select', name: 'state', label: '状态', options: states },
  { kind: 'select', name: 'maxScore', label: '评分', options: [{ value: '2', label: '含 2 分及以下' }] },
];
