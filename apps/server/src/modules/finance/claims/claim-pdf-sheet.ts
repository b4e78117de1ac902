import type { ClaimDetailVO } from '@kc/contracts/finance/claims';
import { pdf, rmbUppercase, shanghaiDateTime, yuanText } from '../../../platform/documents/index.ts';
import { stampQr } from './claim-pdf-qr.ts';

/** One claim to print: the token of its QR code and who signed each step. */
export interface ClaimSheet {
  claim: ClaimDetailVO;
  token: string;
  signers: Record<string, string>;
}

const KIND_TEXT: Record<string, string> = {
  digital_special: '数电专票',
  digital_normal: '数电普票',
  paper_special: '纸质专票',
  paper_normal: '纸质普票',
  e_normal: '电子普票',
};

const LINE_COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.06, align: 'center' },
  { header: '订单号', share: 0.2 },
  { header: '商品名称', share: 0.28 },
  { header: '数量', share: 0.1, align: 'right' },
  { header: '金额（元）', share: 0.13, align: 'right' },
  { header: '发票号', share: 0.23 },
];
const INVOICE_COLUMNS: pdf.Column[] = [
  { header: '发票号码', share: 0.27 },
  { header: '发票代码', share: 0.17 },
  { header: '种类', share: 0.12 },
  { header: '子订单号', share: 0.26 },
  { header: '本单金额（元）', share: 0.18, align: 'right' },
];
const LOG_COLUMNS: pdf.Column[] = [
  { header: '时间', share: 0.2 },
  { header: '环节', share: 0.12 },
  { header: '处理人', share: 0.14 },
  { header: '操作', share: 0.22 },
  { header: '意见', share: 0.32 },
];

/**
 * One 报销单 from a new page on: its header, the lines with their invoice numbers and the total, the
 * invoices, the approval record and the signature lines; its pages carry its own footer.
 */
export function drawClaimSheet(doc: pdf.Doc, { claim: c, token, signers }: ClaimSheet, supplierCopy: boolean, printed: string) {
  const first = pdf.pageIndex(doc);
  stampQr(doc, token, '扫码查看报销单');
  pdf.title(doc, supplierCopy ? '报 销 单（供应商联）' : '报 销 单', c.instituteName ?? '科研采购平台');
  const amount = c.subOrders.reduce((a, s) => a + s.amount, 0);
  pdf.infoGrid(doc, [
    ['报销单号', c.claimNo],
    ['状态', c.statusText],
    ['报销单位', c.instituteName ?? '—'],
    ['报销人', c.buyerName],
    ['课题组', c.teamName ?? '—'],
    ['提交时间', c.submittedAt ? shanghaiDateTime(c.submittedAt) : '—'],
    ['合并报销单', c.mergeNo ?? '—'],
    ['子订单数', String(c.subOrders.length)],
    ...(c.remark ? [['说明', c.remark, true] as [string, string, boolean]] : []),
  ]);
  drawLines(doc, c, amount);
  drawInvoices(doc, c);
  drawApprovals(doc, c, supplierCopy);
  drawSignatures(doc, signers);
  pdf.stampFooter(doc, first, pdf.pageIndex(doc) - first + 1, `报销单 ${c.claimNo}　打印时间 ${printed}`);
}

/** 报销明细: every line of every sub-order (the order and its invoice numbers on its first line, freight as its own row), the total in figures and in 人民币大写. */
function drawLines(doc: pdf.Doc, c: ClaimDetailVO, amount: number) {
  pdf.heading(doc, '报销明细');
  const rows: pdf.Cell[][] = [];
  let seq = 0;
  for (const s of c.subOrders) {
    const numbers = s.invoices.map((v) => v.number).join('\n') || '—';
    s.lines.forEach((l, i) => {
      seq += 1;
      rows.push([
        { text: String(seq) },
        { text: i === 0 ? `${s.orderNo}\n${s.supplierName}` : '' },
        { text: l.spec ? `${l.name}（${l.spec}）` : l.name },
        { text: `${l.quantity} ${l.unit}` },
        { text: yuanText(l.amount) },
        { text: i === 0 ? numbers : '' },
      ]);
    });
    const goods = s.lines.reduce((a, l) => a + l.amount, 0);
    if (s.amount !== goods) rows.push([{ text: '' }, { text: '' }, { text: '运费', span: 2 }, { text: yuanText(s.amount - goods) }, { text: '' }]);
  }
  rows.push([{ text: '合计', span: 4, align: 'right', bold: true }, { text: yuanText(amount), bold: true }, { text: '' }]);
  pdf.table(doc, LINE_COLUMNS, rows);
  pdf.infoGrid(doc, [
    ['报销金额', `¥${yuanText(amount)}`],
    ['大写金额', `人民币${rmbUppercase(amount)}`],
  ]);
}

/** 发票: the claim's invoices, and the exceptions finance accepted with their reasons. */
function drawInvoices(doc: pdf.Doc, c: ClaimDetailVO) {
  const invoices = c.subOrders.flatMap((s) => s.invoices.map((v) => ({ ...v, subNo: s.subNo })));
  pdf.heading(doc, '发票');
  if (invoices.length)
    pdf.table(
      doc,
      INVOICE_COLUMNS,
      invoices.map((v) => [v.number, v.code ?? '—（数电）', KIND_TEXT[v.kind] ?? v.kind, v.subNo, yuanText(v.amount)]),
    );
  else pdf.paragraph(doc, '无发票');
  const accepted = invoices.filter((v) => v.exceptionAccepted);
  if (accepted.length) {
    pdf.heading(doc, '财务已确认的发票异常');
    for (const v of accepted) pdf.paragraph(doc, `发票 ${v.number}：${v.exceptionAccepted}`, { color: pdf.RED_TEXT });
  }
}

/** 审批记录, and the attachments' names (not on the supplier's copy). */
function drawApprovals(doc: pdf.Doc, c: ClaimDetailVO, supplierCopy: boolean) {
  pdf.heading(doc, '审批记录');
  if (c.logs.length)
    pdf.table(
      doc,
      LOG_COLUMNS,
      c.logs.map((l) => [shanghaiDateTime(l.createdAt), l.actorText, l.actorName ?? '—', l.actionText, l.reason ?? '']),
    );
  else pdf.paragraph(doc, '尚未提交');
  if (!supplierCopy && c.files.length) pdf.paragraph(doc, `附件（${c.files.length}）：${c.files.map((f) => f.name).join('、')}`);
}

/** The signature lines 报销人 / 课题组长 / 财务, and who the system recorded at each step. */
function drawSignatures(doc: pdf.Doc, signers: Record<string, string>) {
  pdf.signatures(doc, ['报销人', '课题组长', '财务']);
  const signed = [
    `报销人 ${signers.buyer ?? ''}`,
    signers.team && `课题组长 ${signers.team}`,
    signers.institute && `研究所 ${signers.institute}`,
    signers.finance && `财务 ${signers.finance}`,
  ]
    .filter(Boolean)
    .join('　');
  pdf.paragraph(doc, `系统记录：${signed}`, { size: 8, color: '#595959' });
}
