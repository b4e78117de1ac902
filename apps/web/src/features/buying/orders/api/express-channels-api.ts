import type { ExpressChannel } from '@kc/contracts/buying/orders';
import { api } from '../../../../lib/api-client.ts';

/** 快递渠道: the express companies a supplier picks at delivery. */
export type { ExpressChannel };

export interface ExpressChannelInput {
  id?: number;
  name: string;
  code: string;
  trackingUrl: string | null;
  status: 0 | 1;
  sort: number;
}
/** 快递渠道（管理者含停用的） GET /mall/v1/expChannel/list */
export const getExpressChannels = () => api.get<ExpressChannel[]>('/mall/v1/expChannel/list');
/** 新增或修改快递渠道 POST /mall/v1/expChannel/save */
export const saveExpressChannel = (body: ExpressChannelInput) => api.post<{ id: number }>('/mall/v1/expChannel/save', body);
