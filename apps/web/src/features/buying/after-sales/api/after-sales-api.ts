import type { AfterSaleApplyBody, AfterSaleDetail, AfterSaleVO, Applicable } from '@kc/contracts/buying/after-sales';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { AfterSaleDetail, AfterSaleVO, Applicable };
export type Side = 'buyer' | 'supplier';
const B = '/mall/v1/order-supplier/buyer';
const S = '/supplier/v1/afterSale';
type Moved = { id: number; status: string; statusText: string };

/** 售后申请列表（采购方按数据范围，供应商为本公司的） */
export const getAfterSales =
  (side: Side) =>
  (q: ListRequest): Promise<Page<AfterSaleVO>> =>
    api.get(side === 'buyer' ? `${B}/page` : `${S}/page`, q);
/** 售后申请详情 */
export const getAfterSale = (side: Side, id: number): Promise<AfterSaleDetail> => api.get(side === 'buyer' ? `${B}/get/${id}` : `${S}/get/${id}`);
/** 售后申请的全部图片 GET …/batchReapPictures/{id} */
export const getAfterSalePictures = (side: Side, id: number): Promise<{ id: number; name: string; url: string }[]> =>
  api.get(side === 'buyer' ? `${B}/batchReapPictures/${id}` : `${S}/pictures/${id}`);
/** 子订单各行可申请的数量 */
export const getApplicable = (subOrderId: number): Promise<Applicable> => api.get(`${B}/applicable/${subOrderId}`);
/** 申请售后 */
export const applyAfterSale = (b: AfterSaleApplyBody): Promise<{ id: number; requestNo: string; refundAmount: number }> => api.post(`${B}/apply`, b);
export const cancelAfterSale = (id: number): Promise<Moved> => api.post(`${B}/cancel`, { id });
export const closeAfterSale = (id: number): Promise<Moved> => api.post(`${B}/close`, { id });
export const deleteAfterSale = (id: number): Promise<null> => api.post(`${B}/del/${id}`);
export const returnGoods = (id: number, expressCompany: string, trackingNo: string): Promise<Moved> =>
  api.post(`${B}/returnGoods`, { id, expressCompany, trackingNo });
/** 供应商：同意、拒绝、确认收货、完成 */
export const agreeAfterSale = (id: number, note?: string): Promise<Moved> => api.post(`${S}/agree`, { id, note });
export const refuseAfterSale = (id: number, reason: string): Promise<Moved> => api.post(`${S}/refuse`, { id, reason });
export const receiveAfterSale = (id: number): Promise<Moved> => api.post(`${S}/receive`, { id });
export const finishAfterSale = (id: number, note?: string): Promise<Moved> => api.post(`${S}/finish`, { id, note });
