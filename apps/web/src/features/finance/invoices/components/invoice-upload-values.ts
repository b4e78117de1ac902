import { type InvoiceKind, isDigitalKind } from '@kc/contracts/finance/invoices';
import { splitTax, type TaxRate } from '@kc/contracts/platform/tax';
import type { UploadedFile } from '../../../../lib/files-api.ts';
import type { BillableVO, InvoiceDetailVO, InvoiceUploadInput, ParsedInvoiceVO } from '../api/invoices-api.ts';

/** One line of the invoice as the form holds it (amounts in yuan). */
export interface LineValues {
  name: string;
  quantity?: string;
  /** yuan, tax-inclusive */
  amount: number;
  taxRate: TaxRate;
  exclAmount?: number;
  taxAmount?: number;
}
export interface InvoiceValues {
  file?: UploadedFile[];
  kind: InvoiceKind;
  code?: string;
  number: string;
  issueDate: string;
  sellerName: string;
  sellerTaxId: string;
  buyerName: string;
  buyerTaxId: string;
  lines: LineValues[];
  remark?: string;
}

export const fen = (yuan: number | undefined | null) => (yuan === undefined || yuan === null ? undefined : Math.round(yuan * 100));
const yuan = (f: number) => f / 100;
const BUCKET_NAME: Record<string, string> = { '13': '*化学试剂*试剂耗材一批（详见清单）', '6': '*研发和技术服务*检测服务', '9': '*货物*一批（详见清单）' };

/** Today in Beijing (YYYY-MM-DD). */
export const today = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** What the chosen sub-orders may still be billed, per rate: the default lines of a bucket invoice. */
export function remainingLines(subs: BillableVO[]): LineValues[] {
  const left = new Map<string, number>();
  for (const s of subs) for (const b of s.match.buckets) left.set(b.taxRate, (left.get(b.taxRate) ?? 0) + Math.max(0, b.accepted - b.refunded - b.invoiced));
  return [...left]
    .filter(([, v]) => v > 0)
    .map(([rate, v]) => ({ name: BUCKET_NAME[rate] ?? '*货物*一批（详见清单）', amount: yuan(v), taxRate: rate as TaxRate }));
}

/** What a file was read into: only the fields it had. */
export const fromParsed = (p: ParsedInvoiceVO): Partial<InvoiceValues> => ({
  ...(p.kind ? { kind: p.kind } : {}),
  ...(p.code ? { code: p.code } : {}),
  ...(p.number ? { number: p.number } : {}),
  ...(p.issueDate ? { issueDate: p.issueDate } : {}),
  ...(p.sellerName ? { sellerName: p.sellerName } : {}),
  ...(p.sellerTaxId ? { sellerTaxId: p.sellerTaxId } : {}),
  ...(p.buyerName ? { buyerName: p.buyerName } : {}),
  ...(p.buyerTaxId ? { buyerTaxId: p.buyerTaxId } : {}),
  ...(p.lines.length
    ? {
        lines: p.lines.map((l) => ({
          name: l.name,
          quantity: l.quantity ?? undefined,
          amount: yuan(l.amount),
          taxRate: l.taxRate,
          exclAmount: l.exclAmount === undefined ? undefined : yuan(l.exclAmount),
          taxAmount: l.taxAmount === undefined ? undefined : yuan(l.taxAmount),
        })),
      }
    : {}),
});

/** The form's start: a red invoice copies the blue one with its lines negated; a blue one bills what the sub-orders have left. */
export function initialValues(red: InvoiceDetailVO | null, subs: BillableVO[], sellerName: string | undefined, day: string): Partial<InvoiceValues> {
  if (red)
    return {
      kind: red.kind,
      issueDate: day,
      sellerName: red.sellerName,
      sellerTaxId: red.sellerTaxId,
      buyerName: red.buyerName,
      buyerTaxId: red.buyerTaxId,
      lines: red.lines.map((l) => ({
        name: l.name,
        quantity: l.quantity ?? undefined,
        amount: -yuan(l.exclAmount + l.taxAmount),
        taxRate: l.taxRate as TaxRate,
      })),
    };
  const first = subs[0];
  return {
    kind: 'digital_normal',
    issueDate: day,
    sellerName: sellerName ?? '',
    buyerName: first?.buyerTitle ?? first?.instituteName ?? '',
    buyerTaxId: first?.buyerTaxId ?? '',
    lines: remainingLines(subs),
  };
}

const printed = (l: Partial<LineValues>) => l.exclAmount !== undefined && l.exclAmount !== null && l.taxAmount !== undefined && l.taxAmount !== null;

/** The sums under the lines (fen): 价税合计, and 金额/税额 as printed or split by the rate. */
export function lineTotals(lines: (Partial<LineValues> | undefined)[]) {
  const total = lines.reduce((s, l) => s + (fen(l?.amount) ?? 0), 0);
  const split = lines.reduce(
    (acc, l) => {
      if (!l?.taxRate || l.amount === undefined || l.amount === null) return acc;
      const s = printed(l) ? { excl: fen(l.exclAmount) as number, tax: fen(l.taxAmount) as number } : splitTax(fen(l.amount) as number, l.taxRate);
      return { excl: acc.excl + s.excl, tax: acc.tax + s.tax };
    },
    { excl: 0, tax: 0 },
  );
  return { total, split };
}

/** The upload request of the form's values. */
export function uploadBody(v: InvoiceValues, o: { red: InvoiceDetailVO | null; subs: BillableVO[]; parsed: ParsedInvoiceVO | null }): InvoiceUploadInput {
  return {
    kind: v.kind,
    code: isDigitalKind(v.kind) ? null : v.code?.trim(),
    number: v.number.trim(),
    issueDate: v.issueDate,
    sellerName: v.sellerName.trim(),
    sellerTaxId: v.sellerTaxId.trim(),
    buyerName: v.buyerName.trim(),
    buyerTaxId: v.buyerTaxId.trim(),
    lines: v.lines.map((l) => ({
      name: l.name.trim(),
      quantity: l.quantity?.trim() || null,
      amount: fen(l.amount) as number,
      taxRate: l.taxRate,
      ...(printed(l) ? { exclAmount: fen(l.exclAmount), taxAmount: fen(l.taxAmount) } : {}),
    })),
    billing: 'bucket',
    subOrderIds: o.red ? [] : o.subs.map((s) => s.subOrderId),
    fileId: v.file?.[0]?.id ?? null,
    source: o.parsed?.source ?? 'manual',
    remark: v.remark?.trim() || null,
    ...(o.red ? { blueNumber: o.red.number } : {}),
  };
}
