import type { AllocationInput, InvoiceLineInput } from '@kc/contracts/finance/invoices';
import { ratePercent, splitTax, TAX_RATE_TEXT, type TaxRate } from '@kc/contracts/platform/tax';
import { yuanText } from '../../../platform/documents/rmb-uppercase.ts';

/**
 * The arithmetic of an uploaded invoice (pure; tested beside this file): every line's excl + tax =
 * amount exactly, the printed totals are the sums of the lines, and what the invoice bills is spread
 * over sub-orders without exceeding what each rate bucket (or order line) may still be billed.
 */
export interface ResolvedLine {
  name: string;
  spec: string | null;
  unit: string | null;
  quantity: string | null;
  amount: number;
  excl: number;
  tax: number;
  rate: TaxRate;
}

const rateText = (r: string) => TAX_RATE_TEXT[r as TaxRate] ?? `${r}%`;
const yuan = (fen: number) => `¥${yuanText(fen)}`;

/** Lines with excl and tax resolved (split from the amount or checked as printed), and the problems found. */
export function resolveLines(lines: InvoiceLineInput[]): { lines: ResolvedLine[]; problems: string[] } {
  const problems: string[] = [];
  const out = lines.map((l, i) => {
    const at = `第 ${i + 1} 行`;
    let { excl, tax } = splitTax(l.amount, l.taxRate);
    if (l.exclAmount !== undefined || l.taxAmount !== undefined) {
      if (l.exclAmount === undefined || l.taxAmount === undefined) problems.push(`${at}：请同时填写不含税金额与税额，或都不填（按税率自动拆分）`);
      else if (l.exclAmount + l.taxAmount !== l.amount)
        problems.push(`${at}：不含税金额 ${yuan(l.exclAmount)} 与税额 ${yuan(l.taxAmount)} 之和不等于价税合计 ${yuan(l.amount)}`);
      // as printed: the tax is the excluding amount × rate rounded (per line or from unit prices), so within a fen of it
      else if (Math.abs(l.taxAmount * 100 - l.exclAmount * ratePercent(l.taxRate)) > 100)
        problems.push(`${at}：税额 ${yuan(l.taxAmount)} 与税率 ${rateText(l.taxRate)} 不符`);
      else ({ exclAmount: excl, taxAmount: tax } = l as { exclAmount: number; taxAmount: number });
    }
    return {
      name: l.name,
      spec: l.spec ?? null,
      unit: l.unit ?? null,
      quantity: l.quantity ?? null,
      amount: l.amount,
      excl,
      tax,
      rate: l.taxRate,
    };
  });
  return { lines: out, problems };
}

export interface Totals {
  excl: number;
  tax: number;
  total: number;
}

/** The invoice's totals as sums of its lines; printed totals that differ are problems. */
export function invoiceTotals(lines: ResolvedLine[], printed: { exclAmount?: number; taxAmount?: number; totalAmount?: number }) {
  const t: Totals = { excl: 0, tax: 0, total: 0 };
  for (const l of lines) {
    t.excl += l.excl;
    t.tax += l.tax;
    t.total += l.amount;
  }
  const problems: string[] = [];
  if (printed.exclAmount !== undefined && printed.exclAmount !== t.excl)
    problems.push(`合计金额 ${yuan(printed.exclAmount)} 不等于各行不含税金额之和 ${yuan(t.excl)}`);
  if (printed.taxAmount !== undefined && printed.taxAmount !== t.tax) problems.push(`合计税额 ${yuan(printed.taxAmount)} 不等于各行税额之和 ${yuan(t.tax)}`);
  if (printed.totalAmount !== undefined && printed.totalAmount !== t.total)
    problems.push(`价税合计 ${yuan(printed.totalAmount)} 不等于各行价税合计之和 ${yuan(t.total)}`);
  return { totals: t, problems };
}

/** Tax-inclusive fen per rate. */
export function perRate(lines: { rate: string; amount: number }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l.rate, (m.get(l.rate) ?? 0) + l.amount);
  return m;
}

/** What a sub-order may still be billed: per rate bucket, and per order line for line billing. */
export interface Billable {
  subOrderId: number;
  subNo: string;
  byRate: Map<string, number>;
  byLine: Map<number, { rate: string; left: number; index: number }>;
}

export type Allocation = { subOrderId: number; orderLineId: number | null; taxRate: string; amount: number };

/**
 * Spreads an invoice over the chosen sub-orders, rate by rate, in the order they were chosen (the
 * first takes what it may, the next the rest). What no chosen sub-order may take is over-billing:
 * refused, naming the bucket.
 */
export function spreadOverSubOrders(byRate: Map<string, number>, subs: Billable[]): { allocations: Allocation[]; problems: string[] } {
  const allocations: Allocation[] = [];
  const problems: string[] = [];
  for (const [rate, amount] of byRate) {
    let left = amount;
    for (const s of subs) {
      if (left <= 0) break;
      const take = Math.min(left, Math.max(0, s.byRate.get(rate) ?? 0));
      if (take > 0) {
        allocations.push({ subOrderId: s.subOrderId, orderLineId: null, taxRate: rate, amount: take });
        left -= take;
      }
    }
    if (left > 0) {
      const may = subs.reduce((sum, s) => sum + Math.max(0, s.byRate.get(rate) ?? 0), 0);
      problems.push(`税率 ${rateText(rate)} 开票 ${yuan(amount)}，所选子订单尚可开票 ${yuan(may)}，超出 ${yuan(left)}`);
    }
  }
  return { allocations, problems };
}

/**
 * Checks allocations the supplier gave: each names a chosen sub-order (and for line billing one of
 * its lines at the same rate), no bucket or line gets more than it may still be billed, and per
 * rate they add up to the invoice.
 */
export function checkAllocations(
  allocs: AllocationInput[],
  byRate: Map<string, number>,
  subs: Billable[],
  billing: 'bucket' | 'lines',
): { allocations: Allocation[]; problems: string[] } {
  const problems: string[] = [];
  const bySub = new Map(subs.map((s) => [s.subOrderId, s]));
  const bucketSum = new Map<string, number>();
  const lineSum = new Map<number, number>();
  const rateSum = new Map<string, number>();
  for (const a of allocs) {
    const s = bySub.get(a.subOrderId);
    if (!s) {
      problems.push(`子订单 ${a.subOrderId} 不在本次开票范围内`);
      continue;
    }
    if (a.amount <= 0) problems.push(`子订单 ${s.subNo} 的分配金额应大于 0`);
    if (billing === 'lines') {
      const line = a.orderLineId ? s.byLine.get(a.orderLineId) : undefined;
      if (!line) problems.push(`按明细开票须指明子订单 ${s.subNo} 的商品行`);
      else if (line.rate !== a.taxRate) problems.push(`子订单 ${s.subNo} 第 ${line.index + 1} 行税率为 ${rateText(line.rate)}，不是 ${rateText(a.taxRate)}`);
      else lineSum.set(a.orderLineId as number, (lineSum.get(a.orderLineId as number) ?? 0) + a.amount);
    }
    const key = `${a.subOrderId}|${a.taxRate}`;
    bucketSum.set(key, (bucketSum.get(key) ?? 0) + a.amount);
    rateSum.set(a.taxRate, (rateSum.get(a.taxRate) ?? 0) + a.amount);
  }
  for (const [key, sum] of bucketSum) {
    const [id, rate] = key.split('|');
    const s = bySub.get(Number(id)) as Billable;
    const may = Math.max(0, s.byRate.get(rate) ?? 0);
    if (sum > may) problems.push(`子订单 ${s.subNo} 税率 ${rateText(rate)} 尚可开票 ${yuan(may)}，本次 ${yuan(sum)}，超出 ${yuan(sum - may)}`);
  }
  for (const s of subs)
    for (const [lineId, l] of s.byLine) {
      const sum = lineSum.get(lineId) ?? 0;
      if (sum > l.left) problems.push(`子订单 ${s.subNo} 第 ${l.index + 1} 行尚可开票 ${yuan(Math.max(0, l.left))}，本次 ${yuan(sum)}`);
    }
  for (const rate of new Set([...byRate.keys(), ...rateSum.keys()])) {
    const inv = byRate.get(rate) ?? 0;
    const got = rateSum.get(rate) ?? 0;
    if (inv !== got) problems.push(`税率 ${rateText(rate)} 分配到子订单 ${yuan(got)}，与发票金额 ${yuan(inv)} 不一致`);
  }
  return {
    allocations: allocs.map((a) => ({ subOrderId: a.subOrderId, orderLineId: a.orderLineId ?? null, taxRate: a.taxRate, amount: a.amount })),
    problems,
  };
}
