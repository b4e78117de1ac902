import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';
import { CLAIM_STATUSES, type ClaimStatus } from './claims.ts';
import { InvoiceDetailVO, InvoiceUploadBody } from './invoices.ts';

/**
 * The supplier's side of claims (/supplier/v1/apiReimbursement): the claims that hold its
 * sub-orders, their invoices, the paper invoices it promises, and invoices uploaded in a batch.
 */
export const SupplierClaimQuery = PageQuery.extend({
  claimNo: z.string().trim().max(40).optional(),
  status: z.enum(CLAIM_STATUSES as [ClaimStatus, ...ClaimStatus[]]).optional(),
}).strict();
export type SupplierClaimQuery = z.infer<typeof SupplierClaimQuery>;

export const SupplierClaimVO = z.object({
  id: z.number().int(),
  claimNo: z.string(),
  status: z.enum(CLAIM_STATUSES as [ClaimStatus, ...ClaimStatus[]]),
  statusText: z.string(),
  instituteName: z.string().nullable(),
  buyerName: z.string(),
  /** the part of the claim that is this supplier's sub-orders, fen */
  amount: z.number().int(),
  subCount: z.number().int(),
  /** the institute asks for paper invoices as well */
  paperRequired: z.boolean(),
  /** every invoice of this supplier in the claim is confirmed to come on paper */
  paperConfirmed: z.boolean(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SupplierClaimVO = z.infer<typeof SupplierClaimVO>;
export const SupplierClaimPage = pageOf(SupplierClaimVO);

export const SupplierClaimDetail = SupplierClaimVO.extend({
  subOrders: z.array(z.object({ id: z.number().int(), subNo: z.string(), orderNo: z.string(), amount: z.number().int(), invoices: z.array(InvoiceDetailVO) })),
});
export type SupplierClaimDetail = z.infer<typeof SupplierClaimDetail>;

export const PaperInvoiceQuery = z.object({ mallReimbursementId: Id, t: z.string().optional() }).strict();

export const BatchInvoiceUploadBody = z
  .object({ invoices: z.array(InvoiceUploadBody).min(1, '请至少上传一张发票').max(20, '一次最多上传 20 张发票') })
  .strict();
export type BatchInvoiceUploadBody = z.infer<typeof BatchInvoiceUploadBody>;
/** one result per invoice, in the order sent: each is stored on its own, so one bad invoice does not stop the rest */
export const BatchInvoiceResults = z.array(
  z.object({ index: z.number().int(), ok: z.boolean(), message: z.string(), id: z.number().int().nullable(), number: z.string() }),
);

export const InvoiceFileUrl = z.object({ url: z.string(), fileName: z.string().nullable() });
