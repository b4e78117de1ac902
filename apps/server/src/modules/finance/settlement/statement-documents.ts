import { DISPUTE_TEXT, LINE_KIND_TEXT, type StatementLineVO, type StatementVO } from '@kc/contracts/finance/settlement';
import { addSheet, createWorkbook, neutraliseCell, pdf, rmbUppercase, shanghaiDateTime, workbookBuffer, yuanText } from '../../../platform/documents/index.ts';

/** What a printed or exported statement shows. */
export interface StatementDoc {
  statement: StatementVO;
  creditCode: string;
  lines: StatementLineVO[];
  deductions: { name: string; kind: string; value: number | string; amount: number | string }[];
}

const COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.06, align: 'center' },
  { header: '子订单号', share: 0.2 },
  { header: '类型', share: 0.06, align: 'center' },
  { header: '完成日期', share: 0.1 },
  { header: '订单金额', share: 0.1, align: 'right' },
  { header: '验收金额', share: 0.1, align: 'right' },
  { header: '已开票', share: 0.1, align: 'right' },
  { header: '已报销', share: 0.09, align: 'right' },
  { header: '对账金额', share: 0.1, align: 'right' },
  { header: '备注', share: 0.09 },
];

const day = (iso: string) => shanghaiDateTime(iso).slice(0, 10);
const deductionText = (d: StatementDoc['deductions'][number]) =>
  d.kind === 'percent' ? `${d.name}（${(Number(d.value) / 100).toFixed(2)}%）` : d.kind === 'carry' ? d.name : `${d.name}（固定）`;
const remark = (l: StatementLineVO) => (l.dispute === 'none' ? '' : `${DISPUTE_TEXT[l.dispute]}${l.correctionNote ? `：${l.correctionNote}` : ''}`);

/** The statement as an A4 PDF: header, lines, totals in figures and 人民币大写, signature lines for both sides. */
export async function statementPdf(d: StatementDoc): Promise<Buffer> {
  const s = d.statement;
  const { doc, finish } = pdf.createPdf(`对账单 ${s.statementNo}`);
  pdf.title(doc, '对账单', `${s.instituteName} × ${s.supplierName}　${s.month}`);
  pdf.infoGrid(doc, [
    ['对账单号', s.statementNo],
    ['状态', s.statusText],
    ['采购单位', s.instituteName],
    ['供应商', s.supplierName],
    ['统一社会信用代码', d.creditCode],
    ['对账周期', `${day(s.periodStart)} 至 ${day(new Date(Date.parse(s.periodEnd) - 1).toISOString())}`],
  ]);
  pdf.heading(doc, '对账明细', `共 ${d.lines.length} 行`);
  const rows: (string | pdf.Cell)[][] = d.lines.map((l, i) => [
    String(i + 1),
    l.subNo,
    LINE_KIND_TEXT[l.kind],
    day(l.doneAt),
    yuanText(l.ordered),
    yuanText(l.accepted),
    yuanText(l.invoiced),
    yuanText(l.claimed),
    yuanText(l.amount),
    remark(l),
  ]);
  rows.push([{ text: '合计', span: 8, align: 'right', bold: true }, { text: yuanText(s.grossAmount), bold: true }, { text: '' }]);
  pdf.table(doc, COLUMNS, rows, { size: 7.5 });
  const pairs: [string, string][] = [
    ['对账金额', `¥${yuanText(s.grossAmount)}`],
    ['大写', `人民币${rmbUppercase(s.grossAmount)}`],
  ];
  for (const x of d.deductions) pairs.push([deductionText(x), `−¥${yuanText(Number(x.amount))}`]);
  pairs.push(['应付金额', `¥${yuanText(s.netAmount)}`], ['大写', `人民币${rmbUppercase(s.netAmount)}`]);
  pairs.push(['已付金额', `¥${yuanText(s.paidAmount)}`], ['未付金额', `¥${yuanText(s.openAmount)}`]);
  pdf.infoGrid(doc, pairs);
  pdf.signatures(doc, ['供应商（盖章）', '采购单位财务（盖章）']);
  pdf.stampFooter(doc, 0, pdf.pageIndex(doc) + 1, `对账单 ${s.statementNo}　打印时间 ${shanghaiDateTime(new Date().toISOString())}`);
  return finish();
}

/** The statement as .xlsx: one row per line, then the totals with 人民币大写. */
export async function statementExcel(d: StatementDoc): Promise<Buffer> {
  const s = d.statement;
  const wb = createWorkbook();
  const ws = addSheet<StatementLineVO>(wb, {
    name: `对账单${s.statementNo}`,
    columns: [
      { header: '子订单号', value: (l) => l.subNo, width: 24 },
      { header: '订单号', value: (l) => l.orderNo, width: 22 },
      { header: '类型', value: (l) => LINE_KIND_TEXT[l.kind], width: 8 },
      { header: '完成时间', value: (l) => l.doneAt, kind: 'datetime', width: 20 },
      { header: '订单金额（元）', value: (l) => l.ordered, kind: 'money' },
      { header: '验收金额（元）', value: (l) => l.accepted, kind: 'money' },
      { header: '已开票（元）', value: (l) => l.invoiced, kind: 'money' },
      { header: '已报销（元）', value: (l) => l.claimed, kind: 'money' },
      { header: '已付款（元）', value: (l) => l.paid, kind: 'money' },
      { header: '对账金额（元）', value: (l) => l.amount, kind: 'money' },
      { header: '异议/更正', value: remark, width: 30 },
    ],
    rows: d.lines,
  });
  ws.addRow([]);
  const text = (v: string) => neutraliseCell(v);
  const total = (label: string, fen: number) => ws.addRow([label, `¥${yuanText(fen)}`, `人民币${rmbUppercase(fen)}`]);
  ws.addRow([`对账单 ${s.statementNo}`, text(s.instituteName), text(s.supplierName), s.month, s.statusText]);
  total('对账金额', s.grossAmount);
  for (const x of d.deductions) ws.addRow([text(deductionText(x)), `−¥${yuanText(Number(x.amount))}`]);
  total('应付金额', s.netAmount);
  total('已付金额', s.paidAmount);
  total('未付金额', s.openAmount);
  return workbookBuffer(wb);
}
