import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markInvoicesClaimed } from '../src/modules/finance/invoices/index.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { digitalInvoicePdf } from './support/invoice-pdf.ts';
import { lookups } from './support/lookups.ts';
import { PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * Supplier invoices: the institute's rules, upload with its arithmetic and buyer check, allocation
 * within the three-way match, all-years uniqueness under 20 parallel uploads, red invoices, the
 * exception accepted by finance, who may read a sub-order's invoices, reading 数电 XML and PDF, and
 * the deadline reminders.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const { audits, instituteId } = lookups(() => t);
const s: Record<string, Session> = {};
const ICCAS_TAX_ID = '121000004000124600';
const GUOYAO_TAX_ID = '91310000132234857B';
let iccas: number;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  const users = ['buyer1', 'leader1', 'owner1', 'checker1', 'finance1', 'buyer2', 'finance2', 'checker2', 'supplier1', 'supplier1a', 'supplier2', 'admin'];
  await Promise.all(users.map(async (u) => (s[u] = await as(u))));
  iccas = await instituteId('ICCAS');
});
afterAll(() => t.close());

const post = (who: string, url: string, json: unknown) => call(t.app, 'POST', url, { session: s[who], json });
const get = (who: string, url: string) => call(t.app, 'GET', url, { session: s[who] });
/** ¥300 at 13% with ¥15 delivery (bucket 13%: 31,500 fen) and ¥80 of testing at 6% */
const accepted = (o: Partial<Parameters<typeof makeAcceptedSubOrder>[1]> = {}) =>
  makeAcceptedSubOrder(t.ctx.database.db, {
    supplier: '国药',
    buyer: 'buyer1',
    team: '李明华课题组',
    lines: [
      { amount: 30_000, rate: '13' },
      { amount: 8_000, rate: '6' },
    ],
    deliveryFee: 1_500,
    ...o,
  });
const nextNumber = () => `2531200000${String(Date.now()).slice(-6)}${String(++serial).padStart(4, '0')}`;
const body = (subOrderIds: number[], over: Record<string, unknown> = {}) => ({
  kind: 'digital_special',
  number: nextNumber(),
  issueDate: '2026-11-20',
  sellerName: '国药集团化学试剂有限公司',
  sellerTaxId: GUOYAO_TAX_ID,
  buyerName: '中国科学院化学研究所',
  buyerTaxId: ICCAS_TAX_ID,
  lines: [
    { name: '*化学试剂*无水乙醇', amount: 31_500, taxRate: '13' },
    { name: '*研发和技术服务*核磁共振氢谱检测', amount: 8_000, taxRate: '6' },
  ],
  subOrderIds,
  ...over,
});
const matchOf = async (who: string, subId: number) => (await get(who, `/mall/v1/invoice/getInvoiceList/${subId}`)).body.data;

describe('upload rules of an institute', () => {
  it('suppliers read them, finance of the institute sets them, nobody else', async () => {
    const r = await get('supplier1', `/supplier/v1/order/getInvoiceUploadLimit?instituteId=${iccas}`);
    expect(r.body.data).toMatchObject({ buyerTitle: '中国科学院化学研究所', buyerTaxId: ICCAS_TAX_ID, filesPerSub: 10, deadlineDays: 15 });
    expect(r.body.data.fileTypes).toEqual(['pdf', 'ofd', 'xml', 'jpg', 'png']);
    const limit = { ...r.body.data, deadlineDays: 20, filesPerSub: 5 };
    delete limit.instituteId;
    delete limit.instituteName;
    expect((await post('buyer1', '/supplier/v1/order/updateInvoiceUploadLimit', limit)).body.code).toBe(40300);
    expect((await post('supplier1', '/supplier/v1/order/updateInvoiceUploadLimit', limit)).body.code).toBe(40300);
    expect((await post('finance2', '/supplier/v1/order/updateInvoiceUploadLimit', { ...limit, instituteId: iccas })).body.code).toBe(40300);
    const bad = await post('finance1', '/mall/v1/invoice/setting', { ...limit, buyerTaxId: '121000004000124601' });
    expect(bad.body.message).toContain('校验位');
    const saved = await post('finance1', '/supplier/v1/order/updateInvoiceUploadLimit', { ...limit, buyerTaxId: '１２１０００００４０００１２４６００' });
    expect(saved.body.data).toMatchObject({ deadlineDays: 20, filesPerSub: 5, buyerTaxId: ICCAS_TAX_ID });
    expect((await audits('invoice.setting', `institute:${iccas}`)).length).toBe(1);
    // back to the demo's rules for the rest of the file
    expect((await post('admin', '/mall/v1/invoice/setting', { ...limit, deadlineDays: 15, filesPerSub: 10, instituteId: iccas })).body.code).toBe(200);
  });

  it('puts the institute invoice and pay terms in the buyer session (docs/domains/finance.md#invoice-terms)', async () => {
    const info = (await get('buyer1', '/uac/v1/caas-user/getUserAllInfo')).body.data;
    expect(info.invoiceTerms).toEqual({ invoiceType: '数电专票', invoiceTime: '验收后 15 日内开票', payTime: '报销完成后 30 日内付款' });
    expect((await get('buyer2', '/uac/v1/caas-user/getUserAllInfo')).body.data.invoiceTerms.invoiceType).toBe('数电普票');
    expect((await get('supplier1', '/uac/v1/caas-user/getUserAllInfo')).body.data.invoiceTerms).toBeUndefined();
  });
});

describe('upload', () => {
  it('bills an accepted sub-order per rate bucket; the sub-order is then matched for buyer, supplier and finance', async () => {
    const sub = await accepted();
    expect((await matchOf('buyer1', sub.subId)).match.state).toBe('none');
    const b = body([sub.subId]);
    // a 供应商业务员 child account does not hold 发票管理
    expect((await post('supplier1a', '/supplier/v1/order/invoiceUpload', b)).body.code).toBe(40300);
    const r = await post('supplier1', '/supplier/v1/order/invoiceUpload', b);
    expect(r.body).toMatchObject({ code: 200, data: { status: 'matched', exception: null, subNos: [sub.subNo] } });
    for (const who of ['buyer1', 'supplier1', 'finance1']) {
      const m = await matchOf(who, sub.subId);
      expect(m.match.state).toBe('matched');
      expect(m.invoices[0]).toMatchObject({ number: b.number, kindText: '数电专票', exclAmount: 27_876 + 7_547, taxAmount: 3_624 + 453, totalAmount: 39_500 });
      expect(typeof m.invoices[0].number).toBe('string');
    }
    expect((await matchOf('buyer1', sub.subId)).deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = (await get('supplier1', `/supplier/v1/order/invoiceUploadList?number=${b.number}`)).body.data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0].lines.map((l: { taxRate: string }) => l.taxRate)).toEqual(['13', '6']);
    // the 待开票 list shows the match and the deadline
    const billable = (await get('supplier1', `/supplier/v1/order/invoiceBillable?subNo=${sub.subNo}`)).body.data.records[0];
    expect(billable).toMatchObject({ subOrderId: sub.subId, buyerTaxId: ICCAS_TAX_ID, daysLeft: 14 });
    expect(billable.match.state).toBe('matched');
  });

  it('spreads a partial invoice and refuses what the buckets cannot take, naming the bucket', async () => {
    const sub = await accepted();
    const part = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { lines: [{ name: '*化学试剂*试剂一批', amount: 20_000, taxRate: '13' }] }),
    );
    expect(part.body.code).toBe(200);
    expect((await matchOf('buyer1', sub.subId)).match.state).toBe('partial');
    const over = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { lines: [{ name: '*化学试剂*试剂一批', amount: 11_501, taxRate: '13' }] }),
    );
    expect(over.body.code).toBe(40000);
    expect(over.body.message).toContain('税率 13% 开票 ¥115.01，所选子订单尚可开票 ¥115.00，超出 ¥0.01');
    const nine = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { lines: [{ name: '*化学试剂*试剂', amount: 100, taxRate: '9' }] }),
    );
    expect(nine.body.message).toContain('税率 9%');
    // explicit allocations are held to the bucket too
    const alloc = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], {
        lines: [{ name: '*化学试剂*试剂一批', amount: 12_000, taxRate: '13' }],
        allocations: [{ subOrderId: sub.subId, taxRate: '13', amount: 12_000 }],
      }),
    );
    expect(alloc.body.message).toMatch(/子订单 .* 税率 13% 尚可开票 ¥115\.00，本次 ¥120\.00/);
  });

  it('checks every line (excl + tax = amount, tax at the rate) and the printed totals', async () => {
    const sub = await accepted();
    const line = { name: '*化学试剂*无水乙醇', amount: 31_500, taxRate: '13' };
    const sum = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { lines: [{ ...line, exclAmount: 27_876, taxAmount: 3_625 }] }));
    expect(sum.body.message).toContain('之和不等于价税合计');
    const rate = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { lines: [{ ...line, exclAmount: 28_000, taxAmount: 3_500 }] }));
    expect(rate.body.message).toContain('与税率 13% 不符');
    const total = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { lines: [line], totalAmount: 31_600 }));
    expect(total.body.message).toContain('价税合计 ¥316.00 不等于');
    // as printed, one fen off the exact split (¥1.00 at 13%: 0.89 + 0.11 instead of 0.88 + 0.12), is accepted when excl + tax = amount
    const printed = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { lines: [{ ...line, amount: 100, exclAmount: 89, taxAmount: 11 }] }),
    );
    expect(printed.body.code).toBe(200);
  });

  it('validates numbers and codes as strings by kind', async () => {
    const sub = await accepted();
    const short = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { number: '2531200000001234567' }));
    expect(short.body.message).toContain('数电发票号码应为 20 位数字');
    const asNumber = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { number: Number('25312000000012345678') }));
    expect(asNumber.body.code).toBe(40000);
    const legacy = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { kind: 'e_normal', number: '01234567' }));
    expect(legacy.body.message).toContain('发票代码应为 10–12 位数字');
    const ok = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { kind: 'e_normal', code: '031001900111', number: '00123456' }));
    expect(ok.body.code).toBe(200);
    const again = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { kind: 'paper_normal', code: '031001900111', number: '00123456' }),
    );
    expect(again.body.code).toBe(40009);
  });

  it('takes only the caller’s accepted sub-orders of one institute', async () => {
    const mine = await accepted();
    expect((await post('supplier2', '/supplier/v1/order/invoiceUpload', body([mine.subId]))).status).toBe(404);
    const open = await accepted({ status: 'arrived' });
    expect((await post('supplier1', '/supplier/v1/order/invoiceUpload', body([open.subId]))).body.message).toContain('尚未验收完成');
    const simm = await accepted({ buyer: 'buyer2', team: '何军课题组' });
    expect((await post('supplier1', '/supplier/v1/order/invoiceUpload', body([mine.subId, simm.subId]))).body.message).toContain('只能开给一个研究所');
    expect((await post('buyer1', '/supplier/v1/order/invoiceUpload', body([mine.subId]))).body.code).toBe(40300);
  });
});

describe('uniqueness for all years', () => {
  it('20 parallel uploads of one invoice: exactly one accepted, the others told which sub-order holds it', async () => {
    const sub = await accepted();
    const b = body([sub.subId]);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('supplier1', '/supplier/v1/order/invoiceUpload', b)));
    const okCount = results.filter((r) => r.body.code === 200).length;
    expect(okCount).toBe(1);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.body.code).toBe(40009);
      expect(r.body.message).toContain(sub.subNo);
    }
    const n = await t.ctx.database.db.selectFrom('invoice').select('id').where('number', '=', b.number).execute();
    expect(n).toHaveLength(1);
  });
});

describe('parallel invoices against one sub-order', () => {
  it('10 different invoices each billing the whole sub-order: one accepted, nothing billed twice', async () => {
    const sub = await accepted();
    const results = await Promise.all(Array.from({ length: 10 }, () => post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId]))));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body.message).toContain('超出可开票范围');
    const billed = await t.ctx.database.db
      .selectFrom('invoice_allocation')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('sub_order_id', '=', sub.subId)
      .executeTakeFirstOrThrow();
    expect(Number(billed.total)).toBe(39_500);
  });
});

describe('exceptions and finance', () => {
  it('stores a wrong buyer as an exception; finance of the institute accepts it with a reason (audited)', async () => {
    const sub = await accepted();
    const r = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { buyerName: '中国科学院化学所', buyerTaxId: '12100000400012460X' }),
    );
    expect(r.body.data.status).toBe('exception');
    expect(r.body.message).toContain('购方税号');
    const finance1 = s.finance1.data.user.id;
    const told = await t.ctx.database.db
      .selectFrom('user_message')
      .select('content')
      .where('user_id', '=', finance1)
      .where('title', '=', '供应商发票异常待处理')
      .execute();
    expect(told.some((x) => x.content.includes(sub.subNo))).toBe(true);
    let m = await matchOf('finance1', sub.subId);
    expect(m.match.state).toBe('exception');
    expect(m.match.problems[0]).toContain('购方名称');
    const id = r.body.data.id;
    expect((await post('finance2', '/mall/v1/invoice/acceptException', { id, reason: '抬头简称，已与供应商核实' })).status).toBe(404);
    expect((await post('buyer1', '/mall/v1/invoice/acceptException', { id, reason: '抬头简称，已与供应商核实' })).status).toBe(404);
    expect((await post('finance1', '/mall/v1/invoice/acceptException', { id, reason: '' })).body.code).toBe(40000);
    expect((await post('finance1', '/mall/v1/invoice/acceptException', { id, reason: '抬头简称，已与供应商核实' })).body.code).toBe(200);
    m = await matchOf('buyer1', sub.subId);
    expect(m.match.state).toBe('matched');
    expect(m.invoices[0]).toMatchObject({ status: 'matched', exceptionAccepted: { by: '孙静', reason: '抬头简称，已与供应商核实' } });
    expect((await audits('invoice.acceptException', `invoice:${id}`)).length).toBe(1);
    expect((await post('finance1', '/mall/v1/invoice/acceptException', { id, reason: '再次' })).body.code).toBe(40000);
  });

  it('normalises full-width and case in tax ids before comparing', async () => {
    const sub = await accepted();
    const r = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { buyerTaxId: '１２１０００００４０００１２４６００', buyerName: '中国科学院化学研究所 ' }),
    );
    expect(r.body.data.status).toBe('matched');
  });
});

describe('red invoices and deletion', () => {
  it('a red invoice reverses its blue one in full; a claimed invoice is never deleted', async () => {
    const sub = await accepted();
    const blue = body([sub.subId]);
    const b = await post('supplier1', '/supplier/v1/order/invoiceUpload', blue);
    expect((await matchOf('buyer1', sub.subId)).match.state).toBe('matched');
    // in a claim: deletion refused
    await t.ctx.database.db.transaction().execute((trx) => markInvoicesClaimed(trx, [sub.subId], true));
    const del = await post('supplier1', '/supplier/v1/order/invoiceDelete', { id: b.body.data.id });
    expect(del.body.message).toContain('已用于报销，不能删除');
    const halfRed = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([], { blueNumber: blue.number, lines: [{ name: '*化学试剂*无水乙醇', amount: -31_500, taxRate: '13' }] }),
    );
    expect(halfRed.body.message).toContain('全额冲销');
    const red = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([], {
        blueNumber: blue.number,
        lines: [
          { name: '*化学试剂*无水乙醇', amount: -31_500, taxRate: '13' },
          { name: '*研发和技术服务*核磁共振氢谱检测', amount: -8_000, taxRate: '6' },
        ],
      }),
    );
    expect(red.body.code).toBe(200);
    const m = await matchOf('buyer1', sub.subId);
    expect(m.match.state).toBe('partial');
    expect(m.match.buckets.every((x: { invoiced: number }) => x.invoiced === 0)).toBe(true);
    const blueVo = m.invoices.find((i: { number: string }) => i.number === blue.number);
    expect(blueVo).toMatchObject({ status: 'red_flushed', redNumber: red.body.data && expect.any(String) });
    const redVo = m.invoices.find((i: { blueNumber: string | null }) => i.blueNumber === blue.number);
    expect(redVo.totalAmount).toBe(-39_500);
    expect((await post('supplier1', '/supplier/v1/order/invoiceDelete', { id: b.body.data.id })).body.message).toContain('已红冲');
    // twice is refused
    const again = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([], {
        blueNumber: blue.number,
        lines: [
          { name: '*化学试剂*无水乙醇', amount: -31_500, taxRate: '13' },
          { name: '*研发和技术服务*核磁共振氢谱检测', amount: -8_000, taxRate: '6' },
        ],
      }),
    );
    expect(again.body.code).toBe(40009);
    // the sub-order can be invoiced again
    expect((await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId]))).body.code).toBe(200);
  });

  it('deletes an uploaded invoice of its own supplier only', async () => {
    const sub = await accepted();
    const r = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId]));
    expect((await post('supplier2', '/supplier/v1/order/invoiceDelete', { id: r.body.data.id })).status).toBe(404);
    expect((await post('supplier1', '/supplier/v1/order/invoiceDelete', { id: r.body.data.id })).body.code).toBe(200);
    expect((await matchOf('buyer1', sub.subId)).match.state).toBe('none');
  });
});

describe('who reads a sub-order’s invoices', () => {
  it('the buyer, their team leader, the institute’s owner, checker and finance, its supplier and the platform; others get 404', async () => {
    const sub = await accepted();
    const r = await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId]));
    for (const who of ['buyer1', 'leader1', 'owner1', 'checker1', 'finance1', 'supplier1', 'supplier1a', 'admin']) {
      expect((await get(who, `/mall/v1/invoice/getInvoiceList/${sub.subId}`)).body.code, who).toBe(200);
      expect((await get(who, `/mall/v1/invoice/getInvoice/${r.body.data.id}`)).body.code, who).toBe(200);
    }
    for (const who of ['buyer2', 'finance2', 'checker2', 'supplier2']) {
      expect((await get(who, `/mall/v1/invoice/getInvoiceList/${sub.subId}`)).status, who).toBe(404);
      expect((await get(who, `/mall/v1/invoice/getInvoice/${r.body.data.id}`)).status, who).toBe(404);
    }
    expect((await get('supplier2', '/supplier/v1/order/invoiceUploadList')).body.data.records.some((x: { id: number }) => x.id === r.body.data.id)).toBe(false);
  });
});

describe('invoice files', () => {
  const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'digital-invoice.xml'));

  it('reads a 数电 XML into the form, then the upload takes it with its file', async () => {
    const up = await upload(t.app, '/uac/file/upload?purpose=invoice', [{ name: '发票.xml', data: fixture }], s.supplier1);
    expect(up.body.data.succeeded[0].mime).toBe('application/xml');
    const fileId = up.body.data.succeeded[0].id;
    const parsed = (await post('supplier1', '/supplier/v1/order/invoiceParse', { fileId })).body.data;
    expect(parsed).toMatchObject({
      source: 'xml',
      kind: 'digital_special',
      number: '25312000000081234567',
      issueDate: '2026-11-20',
      sellerTaxId: GUOYAO_TAX_ID,
      buyerName: '中国科学院化学研究所',
      buyerTaxId: ICCAS_TAX_ID,
      exclAmount: 35_423,
      taxAmount: 4_077,
      totalAmount: 39_500,
    });
    expect(parsed.lines).toEqual([
      { name: '*化学试剂*无水乙醇', spec: '500ml 分析纯', unit: '瓶', quantity: '10', amount: 31_500, exclAmount: 27_876, taxAmount: 3_624, taxRate: '13' },
      { name: '*研发和技术服务*核磁共振氢谱检测', spec: null, unit: '次', quantity: '1', amount: 8_000, exclAmount: 7_547, taxAmount: 453, taxRate: '6' },
    ]);
    expect(parsed.warnings).toEqual([]);
    // someone else's file cannot be read
    expect((await post('supplier2', '/supplier/v1/order/invoiceParse', { fileId })).body.code).toBe(40000);
    const sub = await accepted();
    const { source, warnings, code, ...fields } = parsed;
    const r = await post('supplier1', '/supplier/v1/order/invoiceUpload', { ...fields, subOrderIds: [sub.subId], fileId, source });
    expect(r.body.data.status).toBe('matched');
    const inv = (await matchOf('buyer1', sub.subId)).invoices[0];
    expect(inv).toMatchObject({ source: 'xml', fileName: '发票.xml' });
    expect(inv.fileUrl).toMatch(/^\/uac\/file\/noauth\/download/);
    // one file, one invoice
    const sub2 = await accepted();
    expect((await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub2.subId], { fileId }))).body.message).toContain('已用于另一张发票');
  });

  it('reads the labelled fields of a 数电 PDF through its text layer', async () => {
    const pdf = await digitalInvoicePdf({ number: '25312000000087654321', buyerTaxId: ICCAS_TAX_ID, total: '315.00', excl: '278.76', tax: '36.24' });
    const up = await upload(t.app, '/uac/file/upload?purpose=invoice', [{ name: 'fapiao.pdf', data: pdf }], s.supplier1);
    const parsed = (await post('supplier1', '/supplier/v1/order/invoiceParse', { fileId: up.body.data.succeeded[0].id })).body.data;
    expect(parsed).toMatchObject({
      source: 'pdf',
      kind: 'digital_special',
      number: '25312000000087654321',
      issueDate: '2026-11-20',
      buyerName: '中国科学院化学研究所',
      buyerTaxId: ICCAS_TAX_ID,
      sellerName: '国药集团化学试剂有限公司',
      sellerTaxId: GUOYAO_TAX_ID,
      exclAmount: 27_876,
      taxAmount: 3_624,
      totalAmount: 31_500,
    });
    expect(parsed.lines[0]).toMatchObject({ amount: 31_500, taxRate: '13' });
  });

  it('reports files that are not invoices through the upload-results answer; the institute’s types and counts hold', async () => {
    const up = await upload(
      t.app,
      '/uac/file/upload?purpose=invoice',
      [
        { name: 'notes.txt', data: Buffer.from('hello') },
        { name: 'scan.png', data: PNG_1X1 },
      ],
      s.supplier1,
    );
    expect(up.body.data.failed).toEqual([{ name: 'notes.txt', reason: expect.stringContaining('格式不支持') }]);
    const png = up.body.data.succeeded[0].id;
    const db = t.ctx.database.db;
    await db.updateTable('invoice_setting').set({ file_types: 'pdf,xml' }).where('institute_id', '=', iccas).execute();
    const sub = await accepted();
    expect((await post('supplier1', '/supplier/v1/order/invoiceUpload', body([sub.subId], { fileId: png }))).body.message).toContain('只接受 PDF、XML');
    await db.updateTable('invoice_setting').set({ file_types: 'pdf,ofd,xml,jpg,png', files_per_sub: 1 }).where('institute_id', '=', iccas).execute();
    const first = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { fileId: png, lines: [{ name: '*化学试剂*试剂', amount: 100, taxRate: '13' }] }),
    );
    expect(first.body.code).toBe(200);
    const png2 = (await upload(t.app, '/uac/file/upload?purpose=invoice', [{ name: 'scan2.png', data: PNG_1X1 }], s.supplier1)).body.data.succeeded[0].id;
    const second = await post(
      'supplier1',
      '/supplier/v1/order/invoiceUpload',
      body([sub.subId], { fileId: png2, lines: [{ name: '*化学试剂*试剂', amount: 100, taxRate: '13' }] }),
    );
    expect(second.body.code).toBe(40011);
    await db.updateTable('invoice_setting').set({ files_per_sub: 10 }).where('institute_id', '=', iccas).execute();
  });
});

describe('deadline reminders', () => {
  it('tells the supplier three days before and on the deadline, once each, and not when the sub-order is matched', async () => {
    const db = t.ctx.database.db;
    const soon = await accepted({ daysAgo: 12 });
    const due = await accepted({ daysAgo: 16 });
    const done = await accepted({ daysAgo: 12 });
    await post('supplier1', '/supplier/v1/order/invoiceUpload', body([done.subId]));
    // the daily job, twice for the same day: each reminder goes out once
    await t.ctx.jobs.enqueue(db, 'invoices.remind', {});
    await t.ctx.jobs.enqueue(db, 'invoices.remind', {});
    const mine = () => db.selectFrom('invoice_reminder').selectAll().where('sub_order_id', 'in', [soon.subId, due.subId, done.subId]).execute();
    await t.ctx.jobs.start();
    try {
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await mine()).length < 2) await new Promise((r) => setTimeout(r, 150));
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await t.ctx.jobs.stop();
    }
    expect((await mine()).map((r) => `${r.sub_order_id}:${r.kind}`).sort()).toEqual([`${due.subId}:due`, `${soon.subId}:soon`].sort());
    const supplier1 = s.supplier1.data.user.id;
    const told = await db.selectFrom('user_message').select('content').where('user_id', '=', supplier1).where('title', 'like', '发票上传%').execute();
    expect(told.filter((m) => m.content.includes(soon.subNo) || m.content.includes(due.subNo))).toHaveLength(2);
    expect(told.some((m) => m.content.includes(done.subNo))).toBe(false);
  });
});
