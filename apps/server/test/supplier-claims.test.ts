import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * /supplier/v1/apiReimbursement: a supplier sees the claims that hold its sub-orders (only its own
 * part), their invoices, confirms paper invoices, uploads invoices in a batch; nobody else does.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
const db = () => t.ctx.database.db;
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer1', 'supplier1', 'supplier2', 'finance1']) s[u] = await as(u);
});
afterAll(() => t.close());
const post = (who: string, url: string, json?: unknown) => call(t.app, 'POST', url, { session: s[who], json });
const get = (who: string, url: string) => call(t.app, 'GET', url, { session: s[who] });

const SELLER = {
  国药: { name: '国药集团化学试剂有限公司', taxId: '91310000132234857B', user: 'supplier1' },
  阿拉丁: { name: '上海阿拉丁生化科技股份有限公司', taxId: '91310000744237381P', user: 'supplier2' },
} as const;
const nextNumber = () => `2531200001${String(Date.now()).slice(-6)}${String(++serial).padStart(4, '0')}`;
const invoiceBody = (supplier: keyof typeof SELLER, subOrderIds: number[], amount: number, number = nextNumber()) => ({
  kind: 'digital_normal',
  number,
  issueDate: '2026-11-20',
  sellerName: SELLER[supplier].name,
  sellerTaxId: SELLER[supplier].taxId,
  buyerName: '中国科学院化学研究所',
  buyerTaxId: '121000004000124600',
  lines: [{ name: '*化学试剂*试剂一批', amount, taxRate: '13' }],
  subOrderIds,
});
const accepted = (supplier: keyof typeof SELLER, amount: number) =>
  makeAcceptedSubOrder(db(), { supplier, buyer: 'buyer1', team: '李明华课题组', lines: [{ amount, rate: '13' }] });

/** A claim of buyer1 over a 国药 and an 阿拉丁 sub-order, both invoiced by their suppliers. */
async function mixedClaim() {
  const a = await accepted('国药', 12_000);
  const b = await accepted('阿拉丁', 30_000);
  const ia = await post('supplier1', '/supplier/v1/order/invoiceUpload', invoiceBody('国药', [a.subId], 12_000));
  const ib = await post('supplier2', '/supplier/v1/order/invoiceUpload', invoiceBody('阿拉丁', [b.subId], 30_000));
  expect([ia.body.code, ib.body.code]).toEqual([200, 200]);
  const claim = await post('buyer1', '/mall/v1/reimbursement/buyer/batchApplyClaim', { subOrderIds: [a.subId, b.subId] });
  expect(claim.body.code).toBe(200);
  return { a, b, claim: claim.body.data[0] as { id: number; claimNo: string }, invoiceA: ia.body.data.id as number };
}

describe('the claims that hold a supplier’s sub-orders', () => {
  it('list and detail show only the supplier’s own part; other suppliers and buyers are refused', async () => {
    const { a, claim } = await mixedClaim();
    const mine = await get('supplier1', `/supplier/v1/apiReimbursement/plist?claimNo=${claim.claimNo}`);
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.records[0]).toMatchObject({ id: claim.id, amount: 12_000, subCount: 1, buyerName: '王晓明', paperConfirmed: false });
    const theirs = await get('supplier2', `/supplier/v1/apiReimbursement/plist?claimNo=${claim.claimNo}`);
    expect(theirs.body.data.records[0].amount).toBe(30_000);

    const detail = await get('supplier1', `/supplier/v1/apiReimbursement/detail/${claim.id}`);
    expect(detail.body.data.subOrders.map((x: { id: number }) => x.id)).toEqual([a.subId]);
    expect(detail.body.data.subOrders[0].invoices[0].number).toMatch(/^\d{20}$/);
    // a claim without the supplier's sub-orders is not found; a buyer is not a supplier
    const other = await accepted('阿拉丁', 5_000);
    await post('supplier2', '/supplier/v1/order/invoiceUpload', invoiceBody('阿拉丁', [other.subId], 5_000));
    const only2 = (await post('buyer1', '/mall/v1/reimbursement/buyer/batchApplyClaim', { subOrderIds: [other.subId] })).body.data[0];
    expect((await get('supplier1', `/supplier/v1/apiReimbursement/detail/${only2.id}`)).status).toBe(404);
    expect((await get('buyer1', '/supplier/v1/apiReimbursement/plist')).body.code).toBe(40300);
    expect((await get('finance1', `/supplier/v1/apiReimbursement/detail/${claim.id}`)).body.code).toBe(40300);
  });

  it('confirms paper invoices once, tells the buyer, and refuses another supplier’s claim', async () => {
    const { claim, invoiceA } = await mixedClaim();
    const url = `/supplier/v1/apiReimbursement/confirmProvidePaperInvoice?mallReimbursementId=${claim.id}`;
    expect((await post('supplier1', '/supplier/v1/apiReimbursement/confirmProvidePaperInvoice?mallReimbursementId=999999')).status).toBe(404);
    const r = await post('supplier1', url);
    expect(r.body).toMatchObject({ code: 200, data: { confirmed: 1 } });
    expect((await db().selectFrom('invoice').select('paper_confirmed').where('id', '=', invoiceA).executeTakeFirstOrThrow()).paper_confirmed).toBe(1);
    expect((await post('supplier1', url)).body.code).toBe(40009);
    const listed = await get('supplier1', `/supplier/v1/apiReimbursement/plist?claimNo=${claim.claimNo}`);
    expect(listed.body.data.records[0].paperConfirmed).toBe(true);
    // 阿拉丁's invoice in the same claim is untouched until 阿拉丁 confirms
    expect((await get('supplier2', `/supplier/v1/apiReimbursement/plist?claimNo=${claim.claimNo}`)).body.data.records[0].paperConfirmed).toBe(false);
    const inbox = await db()
      .selectFrom('user_message')
      .innerJoin('app_user', 'app_user.id', 'user_message.user_id')
      .select('user_message.content')
      .where('app_user.user_name', '=', 'buyer1')
      .where('user_message.title', '=', '供应商确认提供纸质发票')
      .execute();
    expect(inbox.some((m) => m.content.includes(claim.claimNo))).toBe(true);
  });

  it('uploads invoices in a batch, each on its own, and signs the link of its own invoice file only', async () => {
    const x = await accepted('国药', 8_800);
    const y = await accepted('国药', 6_600);
    const dup = nextNumber();
    const batch = await post('supplier1', '/supplier/v1/apiReimbursement/batchUploadInvoice', {
      invoices: [invoiceBody('国药', [x.subId], 8_800, dup), invoiceBody('国药', [y.subId], 6_600, dup), invoiceBody('国药', [y.subId], 6_600)],
    });
    expect(batch.body.code).toBe(200);
    const [first, second, third] = batch.body.data;
    expect(first).toMatchObject({ index: 0, ok: true, number: dup });
    expect(second).toMatchObject({ index: 1, ok: false });
    expect(second.message).toContain(x.subNo);
    expect(third).toMatchObject({ index: 2, ok: true });
    expect(batch.body.message).toBe('已上传 2 张，1 张未通过');
    // malformed: an empty batch, a number sent as a number
    expect((await post('supplier1', '/supplier/v1/apiReimbursement/batchUploadInvoice', { invoices: [] })).body.code).toBe(40000);
    const numeric = { ...invoiceBody('国药', [x.subId], 1), number: 25312000000000000000 };
    expect((await post('supplier1', '/supplier/v1/apiReimbursement/batchUploadInvoice', { invoices: [numeric] })).body.code).toBe(40000);

    // no file uploaded with it: a clear refusal; another supplier: not found
    expect((await get('supplier1', `/supplier/v1/apiReimbursement/getInvoiceUrlById/${first.id}`)).body.code).toBe(40009);
    expect((await get('supplier2', `/supplier/v1/apiReimbursement/getInvoiceUrlById/${first.id}`)).status).toBe(404);
  });
});
