import type { SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import type { Executor } from '../../../platform/db/executor.ts';
import { computeMatch, type MatchAllocation, type MatchInput } from './match.ts';

/**
 * The match of each sub-order, in three queries whatever the number of sub-orders (a list page asks
 * for its 10–50 rows at once). Sub-orders that do not exist are absent from the map; callers scope
 * the ids to the caller before asking.
 */
export async function matchOf(db: Executor, subOrderIds: readonly number[]): Promise<Map<number, SubOrderMatch>> {
  const ids = [...new Set(subOrderIds)];
  if (ids.length === 0) return new Map();
  const [subs, lines, allocs] = await Promise.all([
    db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .leftJoin('invoice_setting', 'invoice_setting.institute_id', 'purchase_order.institute_id')
      .select(['sub_order.id', 'sub_order.status', 'sub_order.delivery_fee', 'invoice_setting.over_bill_allowance'])
      .where('sub_order.id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_line')
      .select(['id', 'sub_order_id', 'amount', 'tax_rate', 'refunded_amount'])
      .where('sub_order_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('invoice_allocation')
      .innerJoin('invoice', 'invoice.id', 'invoice_allocation.invoice_id')
      .select([
        'invoice_allocation.sub_order_id',
        'invoice_allocation.invoice_id',
        'invoice_allocation.order_line_id',
        'invoice_allocation.tax_rate',
        'invoice_allocation.amount',
        'invoice.number',
        'invoice.status',
        'invoice.exception',
        'invoice.exception_accepted_at',
      ])
      .where('invoice_allocation.sub_order_id', 'in', ids)
      .orderBy('invoice_allocation.id')
      .execute(),
  ]);
  const inputs = new Map<number, MatchInput>(
    subs.map((s) => [
      s.id,
      {
        subOrderId: s.id,
        status: s.status,
        deliveryFee: Number(s.delivery_fee),
        lines: [],
        allocations: [] as MatchAllocation[],
        allowance: Number(s.over_bill_allowance ?? 0),
      },
    ]),
  );
  for (const l of lines)
    inputs.get(l.sub_order_id)?.lines.push({ id: l.id, amount: Number(l.amount), taxRate: l.tax_rate, refunded: Number(l.refunded_amount) });
  for (const a of allocs)
    inputs.get(a.sub_order_id)?.allocations.push({
      invoiceId: a.invoice_id,
      invoiceNumber: a.number,
      invoiceStatus: a.status,
      exception: a.exception_accepted_at ? null : a.exception,
      orderLineId: a.order_line_id,
      taxRate: a.tax_rate,
      amount: Number(a.amount),
    });
  return new Map([...inputs].map(([id, m]) => [id, computeMatch(m)]));
}
