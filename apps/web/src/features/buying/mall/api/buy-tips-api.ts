import { api } from '../../../../lib/api-client.ts';

/** 购买须知: the notes buyers confirm before they order (the platform admin keeps them). */
export interface BuyTip {
  id: number;
  title: string;
  content: string;
  status: number;
  sort: number;
}
export type BuyTipInput = Omit<BuyTip, 'id' | 'status'> & { status: 0 | 1 };
/** 全部购买须知 GET /mall/v1/buyTip/getAllBuyTip */
export const getBuyTips = () => api.get<BuyTip[]>('/mall/v1/buyTip/getAllBuyTip');
/** 新增购买须知 POST /mall/v1/buyTip/addBuyTip */
export const addBuyTip = (body: BuyTipInput) => api.post<{ id: number }>('/mall/v1/buyTip/addBuyTip', body);
/** 修改购买须知 PUT /mall/v1/buyTip/updateBuyTip */
export const updateBuyTip = (body: BuyTipInput & { id: number }) => api.put<null>('/mall/v1/buyTip/updateBuyTip', body);
/** 删除购买须知 DELETE /mall/v1/buyTip/deleteBuyTip/{id} */
export const deleteBuyTip = (id: number) => api.delete<null>(`/mall/v1/buyTip/deleteBuyTip/${id}`);
