import type { PayStatus } from '@kc/contracts/finance/settlement';
import type { PaymentsRepository } from './payments.repository.ts';

/**
 * 未付款 / 付款中 / 部分付款 / 已付款, as the statements and their payments say. Orders (the order
 * detail) and invoices (the invoice list) read it through a port app.ts wires, so that neither
 * imports settlement, which sits above them.
 */
export class PayStatusReader {
  constructor(private readonly repo: PaymentsRepository) {}

  /** Per sub-order (a sub-order on no statement, or a refund, is unpaid). */
  ofSubOrders(subOrderIds: readonly number[]): Promise<Map<number, PayStatus>> {
    return this.repo.payStatusOfSubs(subOrderIds);
  }

  /** Per invoice, from the sub-orders it bills. */
  ofInvoices(invoiceIds: readonly number[]): Promise<Map<number, PayStatus>> {
    return this.repo.payStatusOfInvoices(invoiceIds);
  }
}
