import type { ClaimDetailVO, MergeVO } from '@kc/contracts/finance/claims';
import QRCode from 'qrcode';
import { pdf, rmbUppercase, shanghaiDateTime, yuanText } from '../../../platform/documents/index.ts';

export interface ClaimPrint {
  /** a merged claim prints a cover sheet before its claims */
  merge: { vo: MergeVO; token: string } | null;
  claims: { claim: ClaimDetailVO; token: string; signers: Record<string, string> }[];
  /** the supplier's copy: the supplier's own sub-orders only, no attachments list */
  supplierCopy: boolean;
  printedAt: Date;
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
const CLAIM_COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.07, align: 'center' },
  { header: '报销单号', share: 0.25 },
  { header: '报销人', share: 0.14 },
  { header: '课题组', share: 0.24 },
  { header: '子订单数', share: 0.1, align: 'right' },
  { header: '金额（元）', share: 0.2, align: 'right' },
];

/**
 * A QR code at the top right of the current page with a caption under it, drawn as vector squares
 * (a 50-claim merged PDF has 51 codes: rendering each to PNG took most of its time).
 */
function stampQr(doc: pdf.Doc, token: string, caption: string) {
  const size = 64;
  const x = doc.page.width - doc.page.margins.right - size;
  const y = doc.page.margins.top - 10;
  // a fixed mask skips scoring all eight (any mask is valid; scoring only picks the most even one)
  const { modules } = QRCode.create(token, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const n = modules.size;
  const cell = size / (n + 2);
  doc.rect(x, y, size, size).fill('#ffffff');
  // one rectangle per run of dark modules in a row
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && modules.get(r, end + 1)) end++;
      doc.rect(x + (c + 1) * cell, y + (r + 1) * cell, (end - c + 1) * cell + 0.05, cell + 0.05);
      c = end;
    }
  doc.fill(pdf.INK);
  doc
    .font(pdf.FONT)
    .fontSize(6.5)
    .fillColor('#595959')
    .text(caption, x - 20, y + size + 1, { width: size + 20, align: 'right', lineBreak: false });
  doc.fillColor(pdf.INK);
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

  if (p.merge) {
    const m = p.merge.vo;
    const first = pdf.pageIndex(doc);
    stampQr(doc, p.merge.token, '财务扫码核验');
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
      p.claims.map(({ claim: c }, i) => [String(i + 1), c.claimNo, c.buyerName, c.teamName ?? '—', String(c.subOrders.length), yuanText(c.amount)]),
    );
    pdf.signatures(doc, ['经办财务', '复核']);
    pdf.stampFooter(doc, first, pdf.pageIndex(doc) - first + 1, `合并报销单 ${m.mergeNo}　打印时间 ${printed}`);
  }

  for (const [n, { claim: c, token, signers }] of p.claims.entries()) {
    if (p.merge || n > 0) doc.addPage();
    const first = pdf.pageIndex(doc);
    stampQr(doc, token, '扫码查看报销单');
    pdf.title(doc, p.supplierCopy ? '报 销 单（供应商联）' : '报 销 单', c.instituteName ?? '科研采购平台');
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

    pdf.heading(doc, '审批记录');
    if (c.logs.length)
      pdf.table(
        doc,
        LOG_COLUMNS,
        c.logs.map((l) => [shanghaiDateTime(l.createdAt), l.actorText, l.actorName ?? '—', l.actionText, l.reason ?? '']),
      );
    else pdf.paragraph(doc, '尚未提交');
    if (!p.supplierCopy && c.files.length) pdf.paragraph(doc, `附件（${c.files.length}）：${c.files.map((f) => f.name).join('、')}`);

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
    pdf.stampFooter(doc, first, pdf.pageIndex(doc) - first + 1, `报销单 ${c.claimNo}　打印时间 ${printed}`);
  }
  if (p.claims.length === 0 && !p.merge) pdf.paragraph(doc, '没有可打印的报销单');
  return finish();
}
