import type { BucketMatch, MatchState, SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import { TAX_RATE_TEXT, type TaxRate } from '@kc/contracts/platform/tax';
import { yuanText } from '../../../platform/documents/rmb-uppercase.ts';

/**
 * Three-way match of one sub-order (pure; tested beside this file): what was ordered, what the
 * checker accepted (a sub-order is accepted as a whole: status completed), what was refunded, and
 * what the allocated invoices bill, per tax-rate bucket, all tax-inclusive fen.
 *
 * - The delivery fee joins the bucket of the sub-order's largest line (ties: the first line): the
 *   seller invoices carriage at the rate of the goods it carried (混合销售).
 * - An invoice may bill at most accepted − refunded (+ the institute's allowance) per bucket; an
 *   invoice with item lines is also held to each order line it names (less what was refunded of it).
 *   Refunded: everything when the sub-order was refunded whole, else the lines' part refunds after
 *   delivery (after-sales). What was billed beyond that is an exception: a red invoice (红字发票)
 *   for the difference, or finance accepting it, settles it.
 * - A mismatched invoice (wrong buyer title or tax id, found at upload) makes the sub-order an
 *   exception until finance accepts it with a reason.
 * - Void invoices count for nothing; a red invoice's negative allocations cancel its blue one.
 */
export interface MatchLine {
  id: number;
  amount: number;
  taxRate: string;
  /** fen of the line refunded after delivery (after-sales); 0 when none */
  refunded?: number;
}

export interface MatchAllocation {
  invoiceId: number;
  invoiceNumber: string;
  invoiceStatus: string;
  /** the invoice's unresolved problem (null when none, or when finance accepted it) */
  exception: string | null;
  orderLineId: number | null;
  taxRate: string;
  amount: number;
}

export interface MatchInput {
  subOrderId: number;
  status: string;
  deliveryFee: number;
  lines: MatchLine[];
  allocations: MatchAllocation[];
  /** fen an invoice may bill beyond accepted − refunded per bucket */
  allowance: number;
}

const rateText = (r: string) => TAX_RATE_TEXT[r as TaxRate] ?? `${r}%`;

/** The rate bucket the delivery fee joins: the largest line's (first on ties), 13% without lines. */
export function deliveryBucket(lines: MatchLine[]): string {
  let best: MatchLine | null = null;
  for (const l of lines) if (!best || l.amount > best.amount) best = l;
  return best?.taxRate ?? '13';
}

export function computeMatch(m: MatchInput): SubOrderMatch {
  const buckets = new Map<string, BucketMatch>();
  const bucket = (rate: string) => {
    let b = buckets.get(rate);
    if (!b) {
      b = { taxRate: rate, ordered: 0, accepted: 0, refunded: 0, invoiced: 0 };
      buckets.set(rate, b);
    }
    return b;
  };
  for (const l of m.lines) bucket(l.taxRate).ordered += l.amount;
  if (m.deliveryFee) bucket(deliveryBucket(m.lines)).ordered += m.deliveryFee;
  // part refunds after delivery reduce their lines' buckets; a whole refund takes everything
  for (const l of m.lines) bucket(l.taxRate).refunded += l.refunded ?? 0;
  for (const b of buckets.values()) {
    if (m.status === 'completed') b.accepted = b.ordered;
    if (m.status === 'refunded') b.refunded = b.ordered;
  }

  const live = m.allocations.filter((a) => a.invoiceStatus !== 'void');
  const problems: string[] = [];
  const perLine = new Map<number, number>();
  const excepted = new Set<string>();
  for (const a of live) {
    bucket(a.taxRate).invoiced += a.amount;
    if (a.orderLineId !== null) perLine.set(a.orderLineId, (perLine.get(a.orderLineId) ?? 0) + a.amount);
    if (a.exception && !excepted.has(a.invoiceNumber)) {
      excepted.add(a.invoiceNumber);
      problems.push(`发票 ${a.invoiceNumber}：${a.exception}`);
    }
  }

  let over = false;
  let short = false;
  for (const b of buckets.values()) {
    const billable = Math.max(0, b.accepted - b.refunded);
    if (b.invoiced > billable + m.allowance) {
      over = true;
      const red = b.refunded > 0 ? '（已退款，须开具红字发票冲减差额）' : '';
      problems.push(`税率 ${rateText(b.taxRate)} 开票 ¥${yuanText(b.invoiced)}，超过可开票金额 ¥${yuanText(billable)}${red}`);
    } else if (b.invoiced < billable) {
      short = true;
      if (b.invoiced > 0 || live.length > 0) problems.push(`税率 ${rateText(b.taxRate)} 尚有 ¥${yuanText(billable - b.invoiced)} 未开票`);
    }
  }
  if (m.status === 'completed') {
    for (const l of m.lines) {
      const billed = perLine.get(l.id) ?? 0;
      const due = l.amount - (l.refunded ?? 0);
      if (billed > due + m.allowance) {
        over = true;
        problems.push(`第 ${m.lines.indexOf(l) + 1} 行开票 ¥${yuanText(billed)}，超过该行${l.refunded ? '退款后' : ''}金额 ¥${yuanText(due)}`);
      }
    }
  }

  let state: MatchState;
  if (live.length === 0) state = 'none';
  else if (over || excepted.size > 0) state = 'exception';
  else if (short || m.status !== 'completed') state = 'partial';
  else state = 'matched';

  return {
    subOrderId: m.subOrderId,
    state,
    buckets: [...buckets.values()].sort((a, b) => a.taxRate.localeCompare(b.taxRate)),
    problems: state === 'none' ? [] : problems,
    invoiceIds: [...new Set(m.allocations.map((a) => a.invoiceId))],
  };
}
