import { AFTER_SALE_STATUS_TEXT, AFTER_SALE_TYPE_TEXT } from '@kc/contracts/buying/after-sales';
import type { ListField } from '../../../components/list-page/index.ts';

const options = (t: Record<string, string>) => Object.entries(t).map(([value, label]) => ({ value, label }));

/** The search fields of the after-sales list, shared by the buyer's and the supplier's pages. */
export const AFTER_SALE_FIELDS: ListField[] = [
  { kind: 'text', name: 'requestNo', label: '售后单号', width: 180 },
  { kind: 'text', name: 'subNo', label: '子订单号', width: 180 },
  { kind: 'select', name: 'status', label: '状态', options: options(AFTER_SALE_STATUS_TEXT) },
];
export const AFTER_SALE_TYPE_OPTIONS = options(AFTER_SALE_TYPE_TEXT);
