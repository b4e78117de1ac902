import { createPdf } from '../../src/platform/documents/index.ts';

/**
 * A 数电 invoice PDF laid out like the one the 电子发票服务平台 issues (labels and values in its
 * words), drawn with the platform's CJK font so pdftotext reads it back like a real one.
 */
export async function digitalInvoicePdf(o: { number: string; buyerTaxId: string; total: string; excl: string; tax: string }) {
  const { doc, finish } = createPdf('电子发票（增值税专用发票）');
  const row = (text: string) => doc.text(text, { lineGap: 4 });
  doc.fontSize(16);
  row('电子发票（增值税专用发票）');
  doc.fontSize(10);
  row(`发票号码：${o.number}`);
  row('开票日期：2026年11月20日');
  row('购买方信息 名称：中国科学院化学研究所');
  row(`统一社会信用代码/纳税人识别号：${o.buyerTaxId}`);
  row('销售方信息 名称：国药集团化学试剂有限公司');
  row('统一社会信用代码/纳税人识别号：91310000132234857B');
  row('项目名称 规格型号 单位 数量 单价 金额 税率/征收率 税额');
  row(`*化学试剂*无水乙醇 500ml 瓶 10 27.876 ${o.excl} 13% ${o.tax}`);
  row(`合 计 ¥${o.excl} ¥${o.tax}`);
  row(`价税合计（大写） 叁佰壹拾伍元整 （小写）¥${o.total}`);
  row('开票人：李静');
  return finish();
}
