import { COMPLAINT_CATEGORY_TEXT, COMPLAINT_STATUS_TEXT } from '@kc/contracts/buying/complaints';
import type { ListField } from '../../../components/list-page/index.ts';

const options = (t: Record<string, string>) => Object.entries(t).map(([value, label]) => ({ value, label }));

/** The search fields of the complaints list, shared by the buyer's, the supplier's and the platform's pages. */
export const COMPLAINT_FIELDS: ListField[] = [
  { kind: 'text', name: 'complaintNo', label: '投诉单号', width: 180 },
  { kind: 'select', name: 'category', label: '类型', options: options(COMPLAINT_CATEGORY_TEXT) },
  { kind: 'select', name: 'status', label: '状态', options: options(COMPLAINT_STATUS_TEXT) },
];
