import { AFTER_SALE_STATUS_TEXT, AFTER_SALE_TYPE_TEXT } from '@kc/contracts/buying/after-sales';
import { COMPLAINT_CATEGORY_TEXT, COMPLAINT_STATUS_TEXT } from '@kc/contracts/buying/complaints';
import type { ListField } from '../../components/list-page/index.ts';

const options = (t: Record<string, string>) => Object.entries(t).map(([value, label]) => ({ value, label }));

/** The search fields of the three lists, shared by the buyer's, the supplier's and the platform's pages. */
export const AFTER_SALE_FIELDS: ListField[] = [
  { kind: 'text', name: 'requestNo', label: '售后单号', width: 180 },
  { kind: 'text', name: 'subNo', label: '子订单号', width: 180 },
  { kind: 'select', name: 'status', label: '状态', options: options(AFTER_SALE_STATUS_TEXT) },
];
export const COMPLAINT_FIELDS: ListField[] = [
  { kind: 'text', name: 'complaintNo', label: '投诉单号', width: 180 },
  { kind: 'select', name: 'category', label: '类型', options: options(COMPLAINT_CATEGORY_TEXT) },
  { kind: 'select', name: 'status', label: '状态', options: options(COMPLAINT_STATUS_TEXT) },
];
export const COMMENT_FIELDS = (states: { value: string; label: string }[]): ListField[] => [
  { kind: 'text', name: 'itemName', label: '商品名称', width: 180 },
  { kind: 'select', name: 'state', label: '状态', options: states },
  { kind: 'select', name: 'maxScore', label: '评分', options: [{ value: '2', label: '含 2 分及以下' }] },
];
export const AFTER_SALE_TYPE_OPTIONS = options(AFTER_SALE_TYPE_TEXT);
