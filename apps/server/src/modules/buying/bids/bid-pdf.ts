import { BID_INVITE_TEXT, type BidInviteMode, type BidProjectDetail } from '@kc/contracts/buying/bids';
import type { z } from 'zod';
import { pdf, rmbUppercase, shanghaiDateTime, yuanText } from '../../../platform/documents/index.ts';

type Detail = z.infer<typeof BidProjectDetail>;

const LINE_COLUMNS: pdf.Column[] = [
  { header: '序号', share: 0.07, align: 'center' },
  { header: '品名', share: 0.33 },
  { header: '规格', share: 0.2 },
  { header: 'CAS 号', share: 0.16 },
  { header: '数量', share: 0.12, align: 'right' },
  { header: '单位', share: 0.12, align: 'center' },
];

const RESULT_COLUMNS: pdf.Column[] = [
  { header: '排名', share: 0.07, align: 'center' },
  { header: '投标人', share: 0.31 },
  { header: '投标总价', share: 0.15, align: 'right' },
  { header: '供货期', share: 0.09, align: 'center' },
  { header: '投标时间', share: 0.18 },
  { header: '结果', share: 0.2 },
];

/** The bid project's record after opening: the request, every bid with its verdict, the award. */
export async function bidResultPdf(d: Detail): Promise<Buffer> {
  const { doc, finish } = pdf.createPdf(`招标项目 ${d.projectNo}`);
  pdf.title(doc, '招标采购开标记录', d.instituteName);
  pdf.infoGrid(doc, [
    ['项目编号', d.projectNo],
    ['项目名称', d.title],
    ['招标方式', BID_INVITE_TEXT[d.inviteMode as BidInviteMode]],
    ['状态', d.stateText],
    ['最高限价', `¥${yuanText(d.ceilingAmount)}`],
    ['轮次', `第 ${d.round} 轮`],
    ['发布时间', shanghaiDateTime(d.publishedAt)],
    ['截止时间', shanghaiDateTime(d.deadline)],
    ['开标时间', d.openedAt ? shanghaiDateTime(d.openedAt) : '—'],
    ['采购人', d.buyerName ?? '—'],
    ['收货地址', `${d.address.province}${d.address.city}${d.address.district}${d.address.detail}（${d.address.contact} ${d.address.phone}）`, true],
  ]);
  pdf.heading(doc, '采购内容', `共 ${d.lines.length} 项`);
  pdf.table(
    doc,
    LINE_COLUMNS,
    d.lines.map((l) => [String(l.lineNo), l.name, l.spec, l.cas ?? '', String(l.quantity), l.unit]),
  );
  const result = d.result ?? [];
  pdf.heading(doc, '开标结果', `投标 ${result.length} 家，有效 ${result.filter((r) => r.valid).length} 家`);
  pdf.table(
    doc,
    RESULT_COLUMNS,
    result.map((r) => [
      r.rank === null ? '—' : String(r.rank),
      r.supplierName,
      `¥${yuanText(r.totalAmount)}`,
      `${r.deliveryDays} 天`,
      shanghaiDateTime(r.submittedAt),
      r.valid ? (r.bidId === d.winnerBidId ? { text: '中标', bold: true } : '有效') : `无效：${r.invalidReason ?? ''}`,
    ]),
  );
  const winner = result.find((r) => r.bidId === d.winnerBidId);
  if (winner) {
    pdf.infoGrid(doc, [
      ['中标人', winner.supplierName],
      ['中标金额', `¥${yuanText(winner.totalAmount)}（人民币${rmbUppercase(winner.totalAmount)}）`],
      ['订单号', d.orderNo ?? '—'],
    ]);
  }
  pdf.signatures(doc, ['采购人', '监督人', '研究所负责人']);
  pdf.stampFooter(doc, 0, pdf.pageIndex(doc) + 1, `招标项目 ${d.projectNo}　打印时间 ${shanghaiDateTime(new Date().toISOString())}`);
  return finish();
}
