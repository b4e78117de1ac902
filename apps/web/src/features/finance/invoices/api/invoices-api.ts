import type { BillableVO, InvoiceDetailVO, InvoiceLimitVO, InvoiceUploadBody, ParsedInvoiceVO, SubOrderInvoicesVO } from '@kc/contracts/finance/invoices';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { BillableVO, InvoiceDetailVO, InvoiceLimitVO, ParsedInvoiceVO, SubOrderInvoicesVO };
/** What the upload form sends (defaults of the contract may be left out). */
export type InvoiceUploadInput = z.input<typeof InvoiceUploadBody>;

/** 待开票：本公司已验收的子订单 GET /supplier/v1/order/invoiceBillable */
export function getBillable(q: ListRequest): Promise<Page<BillableVO>> {
  const { tab, number: _number, status: _status, ...rest } = q;
  return api.get<Page<BillableVO>>('/supplier/v1/order/invoiceBillable', { ...rest, match: tab && tab !== 'billable' ? tab : rest.match });
}

/** 已上传发票 GET /supplier/v1/order/invoiceUploadList */
export function getUploaded(q: ListRequest): Promise<Page<InvoiceDetailVO>> {
  const { tab: _tab, match: _match, ...rest } = q;
  return api.get<Page<InvoiceDetailVO>>('/supplier/v1/order/invoiceUploadList', rest);
}

/** 上传发票（蓝字或红字） POST /supplier/v1/order/invoiceUpload */
export function uploadInvoice(body: InvoiceUploadInput): Promise<{ id: number; status: string; exception: string | null; subNos: string[] }> {
  return api.post('/supplier/v1/order/invoiceUpload', body);
}

/** 读取发票文件 POST /supplier/v1/order/invoiceParse */
export function parseInvoice(fileId: number): Promise<ParsedInvoiceVO> {
  return api.post('/supplier/v1/order/invoiceParse', { fileId });
}

/** 删除发票 POST /supplier/v1/order/invoiceDelete */
export function deleteInvoice(id: number): Promise<null> {
  return api.post('/supplier/v1/order/invoiceDelete', { id });
}

/** 研究所的发票规则 GET /supplier/v1/order/getInvoiceUploadLimit */
export function getUploadLimit(instituteId: number): Promise<InvoiceLimitVO> {
  return api.get('/supplier/v1/order/getInvoiceUploadLimit', { instituteId });
}

/** 子订单的发票与三单匹配 GET /mall/v1/invoice/getInvoiceList/{id} */
export function getSubOrderInvoices(subOrderId: number): Promise<SubOrderInvoicesVO> {
  return api.get(`/mall/v1/invoice/getInvoiceList/${subOrderId}`);
}

/** 财务接受发票异常 POST /mall/v1/invoice/acceptException */
export function acceptInvoiceException(id: number, reason: string): Promise<null> {
  return api.post('/mall/v1/invoice/acceptException', { id, reason });
}
