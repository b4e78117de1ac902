import type { OrderFilter } from '@kc/contracts/buying/orders';
import type { ExportRecordVO } from '@kc/contracts/oversight/exports';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

/** Lists with an Excel export (the same filters as the list, no paging). */
export type ExportList = 'buyer' | 'team' | 'institute' | 'finance' | 'admin' | 'supplier';

const EXPORT_PATH: Record<ExportList, string> = {
  buyer: '/mall/v1/order-caas/buyer/export',
  team: '/mall/v1/order-caas/team/export',
  institute: '/mall/v1/order-caas/institute/export',
  finance: '/mall/v1/order-caas/finance/export',
  admin: '/mall/v1/order-supplier/admin/export',
  supplier: '/supplier/v1/order/export',
};

/** 打印订单（PDF） GET /mall/v1/order-detail/printPDF/{id} */
export function printOrderPdf(id: number): Promise<DownloadedFile> {
  return fetchFile(`/mall/v1/order-detail/printPDF/${id}`, undefined, `订单-${id}.pdf`);
}

/** 批量打印订单（PDF） GET /mall/v1/order-detail/printPDFList */
export function printOrderListPdf(ids: number[]): Promise<DownloadedFile> {
  return fetchFile('/mall/v1/order-detail/printPDFList', { ids: ids.join(',') }, `订单-${ids.length}份.pdf`);
}

/** 打印子订单送货单（PDF） GET /supplier/v1/deliver/printDeliverOrder/{subOrderId} */
export function printDeliverOrderPdf(subOrderId: number): Promise<DownloadedFile> {
  return fetchFile(`/supplier/v1/deliver/printDeliverOrder/${subOrderId}`, undefined, `送货单-${subOrderId}.pdf`);
}

/** 打印单次发货的送货单（PDF） GET /supplier/v1/deliver/printSubDeliverOrder/{deliveryId} */
export function printSubDeliverOrderPdf(deliveryId: number): Promise<DownloadedFile> {
  return fetchFile(`/supplier/v1/deliver/printSubDeliverOrder/${deliveryId}`, undefined, `送货单-${deliveryId}.pdf`);
}

/** 导出订单（Excel） GET /mall/v1/order-caas/{buyer|team|institute|finance}/export · /mall/v1/order-supplier/admin/export · /supplier/v1/order/export */
export function exportOrders(list: ExportList, filter: OrderFilter): Promise<DownloadedFile> {
  return fetchFile(EXPORT_PATH[list], { ...filter }, '订单导出.xlsx');
}

/**
 * 后台导出 POST /mall/v1/export/addRecord · /supplier/v1/order/op/export_async_post: the same list
 * and filters as 导出, produced in the background and downloaded from 导出记录.
 */
export function exportOrdersAsync(list: ExportList, filter: OrderFilter): Promise<ExportRecordVO> {
  const { tab = 'all', ...rest } = filter;
  const body = { filter: { tab, ...rest } };
  return list === 'supplier' ? api.post('/supplier/v1/order/op/export_async_post', body) : api.post('/mall/v1/export/addRecord', { ...body, page: list });
}
