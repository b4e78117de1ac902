import type { BillableVO } from '@kc/contracts/finance/invoices';
import { splitTax, type TaxRate } from '@kc/contracts/platform/tax';

/** The demo suppliers' accounts with the seller name and tax id their invoices carry. */
export const SELLERS: Record<string, { name: string; taxId: string }> = {
  supplier1: { name: '国药集团化学试剂有限公司', taxId: '91310000132234857B' },
  supplier2: { name: '上海阿拉丁生化科技股份有限公司', taxId: '91310000744237381P' },
  supplier3: { name: '上海麦克林生化科技股份有限公司', taxId: '91310115MA1H8WQ452' },
};

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * A 数电 XML (as the tax bureau's platform issues it) billing what the sub-order may still be billed,
 * rate by rate, to the buyer title the supplier is shown and the given buyer tax id (the sub-order's
 * own by default; another one makes the invoice 异常).
 */
export function digitalInvoiceXml(sub: BillableVO, seller: { name: string; taxId: string }, number: string, buyerTaxId = sub.buyerTaxId ?? '') {
  const lines = sub.match.buckets
    .map((b) => ({ rate: b.taxRate as TaxRate, amount: b.accepted - b.refunded - b.invoiced }))
    .filter((b) => b.amount > 0)
    .map((b) => ({ ...b, ...splitTax(b.amount, b.rate) }));
  const sum = (k: 'excl' | 'tax' | 'amount') => lines.reduce((s, l) => s + l[k], 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice><Header><EIid>${number}</EIid><InherentLabel><EInvoiceType><LabelCode>02</LabelCode><LabelName>普通发票</LabelName></EInvoiceType></InherentLabel></Header>
<EInvoiceData>
<SellerInformation><SellerIdNum>${seller.taxId}</SellerIdNum><SellerName>${seller.name}</SellerName></SellerInformation>
<BuyerInformation><BuyerIdNum>${buyerTaxId}</BuyerIdNum><BuyerName>${sub.buyerTitle}</BuyerName></BuyerInformation>
<BasicInformation><TotalAmWithoutTax>${yuan(sum('excl'))}</TotalAmWithoutTax><TotalTaxAm>${yuan(sum('tax'))}</TotalTaxAm><TotalTax-includedAmount>${yuan(sum('amount'))}</TotalTax-includedAmount><RequestTime>2026-11-20 10:00:00</RequestTime></BasicInformation>
${lines
  .map(
    (l) =>
      `<IssuItemInformation><ItemName>*化学试剂*试剂一批</ItemName><Quantity>1</Quantity><Amount>${yuan(l.excl)}</Amount><TaxRate>${Number(l.rate) / 100}</TaxRate><ComTaxAm>${yuan(l.tax)}</ComTaxAm></IssuItemInformation>`,
  )
  .join('\n')}
</EInvoiceData>
<TaxSupervisionInfo><InvoiceNumber>${number}</InvoiceNumber><IssueTime>2026-11-20</IssueTime></TaxSupervisionInfo>
</EInvoice>`;
}
