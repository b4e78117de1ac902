import type { ContractVO } from '@kc/contracts/supply/agreements';
import QRCode from 'qrcode';
import { pdf, shanghaiDateTime, yuanText } from '../../../platform/documents/index.ts';

/** The contract's cover sheet: parties, number, validity, state and the QR code that verifies it (queryByqrcode). */
export async function renderContractPdf(c: ContractVO, token: string, original: { contractNo: string; endDate: string } | null): Promise<Buffer> {
  const png = await QRCode.toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const { doc, finish } = pdf.createPdf(`${original ? '续签合同' : '供货合同'} ${c.contractNo}`);
  pdf.title(doc, original ? '续 签 合 同' : '供 货 合 同', c.title);
  pdf.paragraph(doc, `合同编号：${c.contractNo}${original ? `（第 ${c.version} 版，续自 ${original.contractNo}）` : ''}`, { align: 'center', size: 10 });
  doc.moveDown(0.6);
  pdf.heading(doc, '合同双方');
  pdf.infoGrid(
    doc,
    [
      ['甲方（采购单位）', c.instituteName, true],
      ['乙方（供应商）', c.supplierName, true],
      ['生效日期', c.startDate],
      ['终止日期', c.endDate],
      ['合同状态', c.phaseName],
      ['签署时间', c.signedAt ? shanghaiDateTime(c.signedAt) : '待签署'],
    ],
    2,
  );
  pdf.heading(doc, '主要条款');
  const terms = [
    `一、乙方在合同有效期（${c.startDate} 至 ${c.endDate}）内，通过科研采购平台向甲方及其下属课题组供应试剂、耗材等商品，商品价格、规格以平台展示为准。`,
    '二、乙方保证所供商品来源合法、质量合格，危险化学品及易制毒、易制爆化学品的销售须持有相应资质并按规定登记备案。',
    '三、合同到期未续签或被终止后，乙方的商品不再向甲方展示和销售；已下订单继续履行至完成。',
    original
      ? `四、本合同为原合同 ${original.contractNo}（有效期至 ${original.endDate}）的续签，原合同条款与本合同不一致的，以本合同为准。`
      : '四、合同到期前 30 日，平台将提醒双方办理续签。',
  ];
  for (const t of terms) pdf.paragraph(doc, t, { size: 9.5 });
  doc.moveDown(0.8);
  pdf.heading(doc, '合同核验');
  const x = doc.page.margins.left;
  pdf.ensureSpace(doc, 130);
  const y = doc.y + 4;
  doc.image(png, x, y, { width: 110, height: 110 });
  doc
    .font(pdf.FONT)
    .fontSize(9)
    .fillColor(pdf.INK)
    .text(
      '扫描左侧二维码，可在科研采购平台核验本合同的双方、编号、有效期与当前状态（接口 queryByqrcode）。二维码经平台签名，涂改无效，并在合同到期后 90 日失效。',
      x + 124,
      y + 8,
      {
        width: pdf.contentWidth(doc) - 124,
      },
    );
  doc.x = x;
  doc.y = y + 118;
  pdf.signatures(doc, ['甲方代表', '乙方代表']);
  const range = doc.bufferedPageRange();
  pdf.stampFooter(doc, range.start, range.count, `合同 ${c.contractNo} · 打印于 ${shanghaiDateTime(new Date())}`);
  return finish();
}

/** 退出表: the terminated relation, what is still open between the parties, and why it ended. */
export async function renderExitForm(c: ContractVO, open: { count: number; amount: number }): Promise<Buffer> {
  const { doc, finish } = pdf.createPdf(`供应商退出表 ${c.contractNo}`);
  pdf.title(doc, '供 应 商 退 出 表', c.title);
  doc.moveDown(0.4);
  pdf.heading(doc, '合同信息');
  pdf.infoGrid(
    doc,
    [
      ['供应商', c.supplierName, true],
      ['研究所', c.instituteName, true],
      ['合同编号', c.contractNo],
      ['合同版本', `第 ${c.version} 版`],
      ['生效日期', c.startDate],
      ['原定终止日期', c.endDate],
      ['签署时间', c.signedAt ? shanghaiDateTime(c.signedAt) : '—'],
      ['实际终止时间', c.terminatedAt ? shanghaiDateTime(c.terminatedAt) : '—'],
    ],
    2,
  );
  pdf.heading(doc, '未了事项');
  pdf.infoGrid(
    doc,
    [
      ['未完结订单', `${open.count} 笔`],
      ['未结算金额', `${yuanText(open.amount)} 元`],
    ],
    2,
  );
  pdf.paragraph(
    doc,
    '未完结订单指审批中、待确认、待发货、已发货待验收及退款处理中的子订单；未结算金额为这些子订单的金额合计（含运费）。已下订单继续履行至完成。',
    {
      size: 8.5,
      color: '#595959',
    },
  );
  pdf.heading(doc, '终止原因');
  pdf.paragraph(doc, c.terminateReason ?? '—', { size: 10 });
  doc.moveDown(1);
  pdf.signatures(doc, ['供应商', '研究所', '平台']);
  const range = doc.bufferedPageRange();
  pdf.stampFooter(doc, range.start, range.count, `退出表 ${c.contractNo} · 打印于 ${shanghaiDateTime(new Date())}`);
  return finish();
}
