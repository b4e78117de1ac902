import type { MergeVO } from '@kc/contracts/finance/claims';
import { pdf, rmbUppercase, shanghaiDateTime, yuanText } from '../../../platform/documents/index.ts';
import { stampQr } from './claim-pdf-qr.ts';
import type { ClaimSheet } from './claim-pdf-sheet.ts';

const CLAIM_COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.07, align: 'center' },
  { header: '报销单号', share: 0.25 },
  { header: '报销人', share: 0.14 },
  { header: '课题组', share: 0.24 },
  { header: '子订单数', share: 0.1, align: 'right' },
  { header: '金额（元）', share: 0.2, align: 'right' },
];

/** A merged claim's cover sheet: its claims, total, its own QR code for the finance desk. */
export function drawMergeCover(doc: pdf.Doc, merge: { vo: MergeVO; token: string }, claims: readonly ClaimSheet[], printed: string) {
  const m = merge.vo;
  const first = pdf.pageIndex(doc);
  stampQr(doc, merge.token, '财务扫码核验');
  pdf.title(doc, '合 并 报 销 单', m.instituteName ?? '科研采购平台');
  pdf.infoGrid(doc, [
    ['合并单号', m.mergeNo],
    ['状态', m.statusText],
    ['研究所', m.instituteName ?? '—'],
    ['经办财务', m.createdByName],
    ['报销单数', String(m.claimCount)],
    ['合并时间', shanghaiDateTime(m.createdAt)],
    ['合计金额', `¥${yuanText(m.amount)}`],
    ['大写金额', `人民币${rmbUppercase(m.amount)}`],
  ]);
  pdf.heading(doc, '所含报销单');
  pdf.table(
    doc,
    CLAIM_COLUMNS,
    claims.map(({ claim: c }, i) => [String(i + 1), c.claimNo, c.buyerName, c.teamName ?? '—', String(c.subOrders.length), yuanText(c.amount)]),
  );
  pdf.signatures(doc, ['经办财务', '复核']);
  pdf.stampFooter(doc, first, pdf.pageIndex(doc) - first + 1, `合并报销单 ${m.mergeNo}　打印时间 ${printed}`);
}
