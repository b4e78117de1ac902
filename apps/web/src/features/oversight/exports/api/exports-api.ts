import type { ExportFileInfo, ExportRecordVO, OrderImportVO } from '@kc/contracts/oversight/exports';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { ExportFileInfo, ExportRecordVO, OrderImportVO };

/** Whose export records a page lists. */
export type RecordSource = 'mine' | 'institute' | 'admin' | 'supplier';

const PAGE_PATH: Record<RecordSource, string> = {
  mine: '/mall/v1/export/page',
  institute: '/mall/v1/orderExport/institute/page',
  admin: '/mall/v1/orderExport/admin/page',
  supplier: '/supplier/v1/order/op/export_page',
};

/** 导出记录 GET /mall/v1/export/page · /mall/v1/orderExport/{institute,admin}/page · /supplier/v1/order/op/export_page */
export function getExportRecords(source: RecordSource, q: ListRequest): Promise<Page<ExportRecordVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get(PAGE_PATH[source], rest);
}

/** 导出记录详情（完成后带签名下载链接） GET /mall/v1/export/getFileInfo */
export function getFileInfo(id: number): Promise<ExportFileInfo> {
  return api.get('/mall/v1/export/getFileInfo', { id });
}

/** 历史订单导入模板 GET /mall/v1/orderExport/admin/import/template */
export function orderImportTemplate(): Promise<DownloadedFile> {
  return fetchFile('/mall/v1/orderExport/admin/import/template', undefined, '历史订单导入模板.xlsx');
}

/** 上传历史订单 POST /mall/v1/orderExport/admin/import */
export function uploadOrderImport(file: File): Promise<OrderImportVO> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postMultipart('/mall/v1/orderExport/admin/import', form);
}

/** 确认导入 POST /mall/v1/orderExport/admin/import/{id}/confirm */
export function confirmOrderImport(id: number): Promise<{ id: number; orders: number; lines: number; orderNos: string[] }> {
  return api.post(`/mall/v1/orderExport/admin/import/${id}/confirm`);
}
