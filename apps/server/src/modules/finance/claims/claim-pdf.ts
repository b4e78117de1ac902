import type { MergeVO } from '@kc/contracts/finance/claims';
import { pdf, shanghaiDateTime } from '../../../platform/documents/index.ts';
import { drawMergeCover } from './claim-pdf-cover.ts';
import { type ClaimSheet, drawClaimSheet } from './claim-pdf-sheet.ts';

export interface ClaimPrint {
  /** a merged claim prints a cover sheet before its claims */
  merge: { vo: MergeVO; token: string } | null;
  claims: ClaimSheet[];
  /** the supplier's copy: the supplier's own sub-orders only, no attachments list */
  supplierCopy: boolean;
  printedAt: Date;
}

/**
 * The 报销单: number, parties, the orders and their lines with invoice numbers, the invoices, total in
 * figures and in 人民币大写, finance's accepted exceptions with reasons, the approval record with
 * names and times, signature lines 报销人 / 课题组长 / 财务 and a QR code naming the claim. A merged
 * claim starts with a cover sheet (its claims, total, its own QR code for the finance desk).
 */
export async function renderClaimsPdf(p: ClaimPrint): Promise<Buffer> {
  const head = p.merge ? `合并报销单 ${p.merge.vo.mergeNo}` : `报销单 ${p.claims[0]?.claim.claimNo ?? ''}`;
  const { doc, finish } = pdf.createPdf(head);
  const printed = shanghaiDateTime(p.printedAt);

  if (p.merge) drawMergeCover(doc, p.merge, p.claims, printed);
  for (const [n, sheet] of p.claims.entries()) {
    if (p.merge || n > 0) doc.addPage();
    drawClaimSheet(doc, sheet, p.supplierCopy, printed);
  }
  if (p.claims.length === 0 && !p.merge) pdf.paragraph(doc, '没有可打印的报销单');
  return finish();
}
