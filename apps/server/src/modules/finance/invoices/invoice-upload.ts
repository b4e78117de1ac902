import { type InvoiceStatus, type InvoiceUploadBody, normaliseTaxId } from '@kc/contracts/finance/invoices';
import type { Insertable, Transaction } from 'kysely';
import type { Who } from '../../../platform/auth/who.ts';
import type { DB, InvoiceTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { type Allocation, invoiceTotals, type ResolvedLine, resolveLines, type Totals } from './invoice-rules.ts';

/*
 * The steps of InvoicesService.upload that need no repository: the amounts checked before anything
 * is read, the rows written, and finance told of an exception.
 */

/** The lines resolved and the totals summed; any problem, a blue invoice that is not positive or a red one that is not negative refuses the upload. */
export function checkedAmounts(b: InvoiceUploadBody): { lines: ResolvedLine[]; totals: Totals; red: boolean } {
  const { lines, problems: lineProblems } = resolveLines(b.lines);
  const { totals, problems: totalProblems } = invoiceTotals(lines, b);
  const refuse = [...lineProblems, ...totalProblems];
  if (refuse.length) fail('BAD_REQUEST', refuse.join('；'));
  const red = !!b.blueNumber;
  if (!red && totals.total <= 0) fail('BAD_REQUEST', '蓝字发票的价税合计应大于 0；冲销请上传红字发票并填写对应的蓝字发票号码');
  if (red && totals.total >= 0) fail('BAD_REQUEST', '红字发票的金额应为负数');
  return { lines, totals, red };
}

/** The invoice row as uploaded (no exception accepted yet). */
export function invoiceRow(
  b: InvoiceUploadBody,
  u: {
    supplierId: number;
    instituteId: number;
    code: string | null;
    sellerTaxId: string;
    totals: Totals;
    status: InvoiceStatus;
    exception: string | null;
    blueId: number | null;
    uploadedBy: number;
    now: string;
  },
): Insertable<InvoiceTable> {
  return {
    supplier_id: u.supplierId,
    institute_id: u.instituteId,
    kind: b.kind,
    code: u.code,
    number: b.number,
    issue_date: b.issueDate,
    seller_name: b.sellerName,
    seller_tax_id: u.sellerTaxId,
    buyer_name: b.buyerName,
    buyer_tax_id: normaliseTaxId(b.buyerTaxId),
    excl_amount: u.totals.excl,
    tax_amount: u.totals.tax,
    total_amount: u.totals.total,
    billing: b.billing,
    status: u.status,
    exception: u.exception,
    exception_accepted_by: null,
    exception_accepted_reason: null,
    exception_accepted_at: null,
    blue_invoice_id: u.blueId,
    file_id: b.fileId ?? null,
    source: b.source,
    remark: b.remark ?? null,
    uploaded_by: u.uploadedBy,
    created_at: u.now,
    updated_at: u.now,
  };
}

/** The invoice's lines, in the order printed. */
export function invoiceLineRows(invoiceId: number, lines: ResolvedLine[]): Insertable<DB['invoice_line']>[] {
  return lines.map((l, i) => ({
    invoice_id: invoiceId,
    name: l.name,
    spec: l.spec,
    unit: l.unit,
    quantity: l.quantity,
    excl_amount: l.excl,
    tax_rate: l.rate,
    tax_amount: l.tax,
    sort: i,
  }));
}

/** What the invoice bills of each sub-order (per rate, or per order line). */
export function allocationRows(invoiceId: number, allocations: Allocation[], now: string): Insertable<DB['invoice_allocation']>[] {
  return allocations.map((a) => ({
    invoice_id: invoiceId,
    sub_order_id: a.subOrderId,
    order_line_id: a.orderLineId,
    tax_rate: a.taxRate,
    amount: a.amount,
    created_at: now,
  }));
}

/** Finance of the institute decides on an exception: accept it with a reason, or wait for a corrected invoice. */
export async function tellFinanceOfException(
  d: { approvals: ApprovalsService; messages: MessagesService },
  trx: Transaction<DB>,
  w: Who,
  u: { instituteId: number; companyName: string; number: string; subNos: string[]; exception: string },
) {
  const finance = await d.approvals.recipients('finance', { institute_id: u.instituteId, team_id: null }, w.caller.aclVersion, trx);
  await d.messages.tell(
    trx,
    finance.map((f) => f.id),
    {
      title: '供应商发票异常待处理',
      content: `${u.companyName} 上传的发票 ${u.number}（子订单 ${u.subNos.join('、')}）：${u.exception}`,
      link: null,
    },
  );
}
