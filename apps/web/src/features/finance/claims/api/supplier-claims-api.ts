import type { SupplierClaimDetail, SupplierClaimVO } from '@kc/contracts/finance/claims-supplier';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { SupplierClaimDetail, SupplierClaimVO };

/** 含本公司子订单的报销单 GET /supplier/v1/apiReimbursement/plist */
export function getSupplierClaims(q: ListRequest): Promise<Page<SupplierClaimVO>> {
  const { tab, ...rest } = q;
  return api.get('/supplier/v1/apiReimbursement/plist', { ...rest, status: tab && tab !== 'all' ? tab : undefined });
}

/** 报销单中本公司的子订单与发票 GET /supplier/v1/apiReimbursement/detail/{id} */
export function getSupplierClaim(id: number): Promise<SupplierClaimDetail> {
  return api.get(`/supplier/v1/apiReimbursement/detail/${id}`);
}

/** 确认提供纸质发票 POST /supplier/v1/apiReimbursement/confirmProvidePaperInvoice */
export function confirmPaperInvoice(claimId: number): Promise<{ confirmed: number }> {
  return api.post('/supplier/v1/apiReimbursement/confirmProvidePaperInvoice', undefined, { query: { mallReimbursementId: claimId } });
}
