import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration021 from '../src/db/migrations/021-claims.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { billExactly, billWithException, completedSubOrder } from './support/invoice-fixture.ts';
import { lookups } from './support/lookups.ts';
import { PDF_MINI, upload } from './support/multipart.ts';
import { call, demoSessions } from './support/sessions.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
const { userId } = lookups(() => t);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A completed sub-order of buyer1 billed exactly (so it may be claimed). */
async function claimable(lines = [12_000], user = 'buyer1') {
  const s = await completedSubOrder(db(), user, { lines });
  await billExactly(db(), s.subOrderId);
  return s;
}
const apply = (user: string, subOrderIds: number[], extra: object = {}) =>
  req(user, 'POST', '/mall/v1/reimbursement/buyer/batchApplyClaim', { subOrderIds, ...extra });
const detail = async (user: string, id: number) => (await req(user, 'GET', `/mall/v1/merge-reimbursement/detail/${id}`)).body;
const invoiceStatus = async (subOrderId: number) =>
  (
    await db()
      .selectFrom('invoice')
      .innerJoin('invoice_allocation', 'invoice_allocation.invoice_id', 'invoice.id')
      .select('invoice.status')
      .where('invoice_allocation.sub_order_id', '=', subOrderId)
      .executeTakeFirstOrThrow()
  ).status;
const waitIds = async (user: string, role: string) =>
  (await req(user, 'GET', `/mall/v1/merge-reimbursement/page/waitApprove?role=${role}&size=100`)).body.data.records.map((r: { id: number }) => r.id);

describe('checkApplyClaim', () => {
  it('says which sub-orders may be claimed and why the others may not', async () => {
    const ok = await claimable();
    const none = await completedSubOrder(db(), 'buyer1');
    const arrived = await completedSubOrder(db(), 'buyer1', { status: 'arrived' });
    const wrong = await completedSubOrder(db(), 'buyer1');
    await billWithException(db(), wrong.subOrderId);
    const accepted = await completedSubOrder(db(), 'buyer1');
    await billWithException(db(), accepted.subOrderId, { by: await userId('finance1'), reason: '供应商已书面说明，税号为总公司' });
    const partial = await completedSubOrder(db(), 'buyer1', { lines: [10_000, 5_000], taxRate: '13' });
    await db()
      .insertInto('invoice_allocation')
      .values({
        invoice_id: await billExactly(db(), ok.subOrderId),
        sub_order_id: partial.subOrderId,
        order_line_id: null,
        tax_rate: '13',
        amount: 3_000,
        created_at: new Date().toISOString(),
      })
      .execute();

    const res = await req('buyer1', 'GET', '/mall/v1/reimbursement/buyer/checkApplyClaim?size=100');
    expect(res.body.code).toBe(200);
    const row = (id: number) => res.body.data.records.find((r: { subOrderId: number }) => r.subOrderId === id);
    expect(row(none.subOrderId)).toMatchObject({ eligible: false, matchState: 'none', reason: '供应商尚未开票' });
    expect(row(arrived.subOrderId)).toMatchObject({ eligible: false, reason: expect.stringContaining('尚未验收') });
    expect(row(wrong.subOrderId)).toMatchObject({ eligible: false, matchState: 'exception', reason: expect.stringContaining('购方税号') });
    expect(row(accepted.subOrderId)).toMatchObject({ eligible: true, matchState: 'matched' });
    expect(row(partial.subOrderId)).toMatchObject({ eligible: false, matchState: 'partial' });
    // the invoice numbers are 20-digit strings
    expect(row(accepted.subOrderId).invoiceNumbers[0]).toMatch(/^\d{20}$/);
    // another buyer does not see buyer1's sub-orders
    const other = await req('buyer2', 'GET', '/mall/v1/reimbursement/buyer/checkApplyClaim?size=100');
    expect(other.body.data.records.map((r: { subOrderId: number }) => r.subOrderId)).not.toContain(ok.subOrderId);
    // and may not claim them
    expect((await apply('buyer2', [ok.subOrderId])).status).toBe(404);
    expect((await apply('buyer1', [none.subOrderId])).body).toMatchObject({ code: 40000, message: expect.stringContaining('尚未开票') });
    // a supplier or an approver without the buyer's menu may not call it
    expect((await req('supplier1', 'GET', '/mall/v1/reimbursement/buyer/checkApplyClaim')).body.code).not.toBe(200);
    expect((await req('checker1', 'GET', '/mall/v1/reimbursement/buyer/checkApplyClaim')).body.code).not.toBe(200);
  });
});

describe('a claim through its chain', () => {
  it('walks submitted → team → institute → finance merge → completed, taking the invoices and printing the record', async () => {
    // ¥6,000: over the default institute threshold of ¥5,000, so both steps
    const a = await claimable([450_000, 150_000]);
    const b = await claimable([80_000]);
    const up = await upload(t.app, '/uac/file/upload?purpose=claim', [{ name: '报销说明.pdf', data: PDF_MINI, type: 'application/pdf' }], await as('buyer1'));
    expect(up.body.code).toBe(200);
    const fileId = up.body.data.succeeded[0].id;

    const res = await apply('buyer1', [a.subOrderId, b.subOrderId], { fileIds: [fileId], remark: '课题经费报销' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const claim = res.body.data[0];
    expect(claim.claimNo).toMatch(/^BX\d{8}\d{6}$/);
    expect(claim).toMatchObject({ status: 'submitted', statusText: '待课题组长审批' });
    expect(await invoiceStatus(a.subOrderId)).toBe('claimed');
    let d = await detail('buyer1', claim.id);
    expect(d.data).toMatchObject({ amount: 680_000, subCount: 2, steps: ['team', 'institute'] });
    expect(d.data.files[0]).toMatchObject({ name: '报销说明.pdf' });

    // a sub-order is in one live claim only
    expect((await apply('buyer1', [a.subOrderId])).body.message).toContain('已在报销单');

    // the leader of another institute, the institute before the team, the buyer: no
    expect((await req('leader2', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [claim.id] })).status).toBe(404);
    expect((await req('owner1', 'POST', '/mall/v1/reimbursement/institute/claim/batchPass', { ids: [claim.id] })).body.code).toBe(40009);
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [claim.id] })).body.code).not.toBe(200);
    expect(await waitIds('leader1', 'team')).toContain(claim.id);
    expect(await waitIds('leader2', 'team')).not.toContain(claim.id);
    expect((await req('leader1', 'GET', '/mall/v1/merge-reimbursement/waitApprovePageCount')).body.data.team).toBeGreaterThan(0);

    // notify: once, then rate-limited
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/notify', { id: claim.id })).body.code).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/notify', { id: claim.id })).body.message).toContain('30 分钟');
    expect((await req('buyer2', 'POST', '/mall/v1/reimbursement/buyer/notify', { id: claim.id })).status).toBe(404);
    const msg = await db()
      .selectFrom('user_message')
      .select('title')
      .where('user_id', '=', await userId('leader1'))
      .where('title', '=', '报销单催办')
      .executeTakeFirst();
    expect(msg).toBeDefined();

    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [claim.id] })).body.code).toBe(200);
    // cancel is for claims nobody has decided on
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/claim/cancel', { id: claim.id })).body.code).toBe(40009);
    expect(await waitIds('owner1', 'institute')).toContain(claim.id);
    expect(await waitIds('owner2', 'institute')).not.toContain(claim.id);
    expect((await req('owner2', 'POST', '/mall/v1/reimbursement/institute/claim/batchPass', { ids: [claim.id] })).status).toBe(404);
    expect((await req('owner1', 'POST', '/mall/v1/reimbursement/institute/claim/batchPass', { ids: [claim.id] })).body.code).toBe(200);

    // finance: a second claim, both merged at the desk
    const c2 = (await apply('buyer1', [(await claimable([20_000])).subOrderId])).body.data[0];
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [c2.id] })).body.code).toBe(200);
    expect(await waitIds('finance1', 'finance')).toEqual(expect.arrayContaining([claim.id, c2.id]));
    expect(await waitIds('finance2', 'finance')).not.toContain(claim.id);
    expect((await req('finance1', 'GET', '/mall/v1/reimbursement/finance/isHaveAuth')).body.data).toMatchObject({ hasAuth: true });
    expect((await req('buyer1', 'GET', '/mall/v1/reimbursement/finance/isHaveAuth')).body.data).toMatchObject({ hasAuth: false });
    expect((await req('finance2', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids: [claim.id, c2.id] })).status).toBe(404);
    const merged = await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids: [claim.id, c2.id] });
    expect(merged.body.code).toBe(200);
    const mergeId = merged.body.data.id;
    expect(merged.body.data.mergeNo).toMatch(/^HB/);

    // the desk: the merged claim's QR code finds it; a changed one does not
    const ewm = (await req('finance1', 'GET', `/mall/v1/order-detail/finance/ewmForMerge?id=${mergeId}`)).body.data;
    expect(ewm.image).toMatch(/^data:image\/png;base64,/);
    const scanned = await req('finance1', 'GET', `/mall/v1/merge-reimbursement/page/merged?qrcode=${encodeURIComponent(ewm.token)}`);
    expect(scanned.body.data.records.map((r: { id: number }) => r.id)).toEqual([mergeId]);
    const forged = ewm.token.replace(`.${mergeId}.`, `.${mergeId + 1}.`);
    expect((await req('finance1', 'GET', `/mall/v1/merge-reimbursement/page/merged?qrcode=${encodeURIComponent(forged)}`)).body.code).toBe(40000);
    expect((await req('finance2', 'GET', `/mall/v1/order-detail/finance/ewmForMerge?id=${mergeId}`)).status).toBe(404);
    const md = await req('finance1', 'GET', `/mall/v1/merge-reimbursement/detail/${mergeId}?kind=merge`);
    expect(md.body.data).toMatchObject({ claimCount: 2, amount: 700_000, status: 'review' });
    expect((await req('finance1', 'GET', `/mall/v1/merge-reimbursement/file/list?id=${mergeId}&kind=merge`)).body.data).toHaveLength(1);

    expect((await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/complete', { id: mergeId })).body.code).toBe(200);
    d = await detail('buyer1', claim.id);
    expect(d.data).toMatchObject({ status: 'completed', mergeNo: merged.body.data.mergeNo });
    expect(d.data.logs.map((l: { action: string }) => l.action)).toEqual(['submit', 'pass', 'pass', 'merge', 'complete']);
    expect(await invoiceStatus(a.subOrderId)).toBe('claimed');
    // scope: another institute's finance and buyer see nothing
    expect((await req('buyer2', 'GET', `/mall/v1/merge-reimbursement/detail/${claim.id}`)).status).toBe(404);
    expect((await req('finance2', 'GET', `/mall/v1/merge-reimbursement/detail/${mergeId}?kind=merge`)).status).toBe(404);

    // the PDF, read back as text
    const pdf = await call(t.app, 'GET', `/mall/v1/merge-reimbursement/printPDF/${mergeId}?kind=merge`, { session: await as('finance1') });
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.raw.rawPayload);
    for (const s of ['合 并 报 销 单', claim.claimNo, c2.claimNo, '报销人', '课题组长', '财务', '人民币柒仟元整', '王晓明', '李明华', '审批通过', '报销完成'])
      expect(text).toContain(s);
    const inv = (await detail('buyer1', claim.id)).data.subOrders[0].invoices[0].number;
    expect(text).toContain(inv);
    // the supplier's copy: only for a supplier whose sub-order the claim holds
    const sc = await call(t.app, 'GET', `/mall/v1/merge-reimbursement/printPDF/${claim.id}?copy=supplier`, { session: await as('supplier1') });
    expect(pdfText(sc.raw.rawPayload)).toContain('供应商联');
    expect((await call(t.app, 'GET', `/mall/v1/merge-reimbursement/printPDF/${claim.id}?copy=supplier`, { session: await as('supplier2') })).status).toBe(404);
  });

  it('refuses back to the buyer with a reason, releasing the invoices; resubmitted it keeps its number', async () => {
    const s = await claimable([30_000]);
    const c = (await apply('buyer1', [s.subOrderId])).body.data[0];
    expect(c.statusText).toBe('待课题组长审批'); // ¥300 < ¥5,000: team only
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchRefuse', { ids: [c.id] })).body.code).toBe(40000);
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchRefuse', { ids: [c.id], reason: '请附上验收单' })).body.code).toBe(200);
    let d = (await detail('buyer1', c.id)).data;
    expect(d).toMatchObject({ status: 'draft', statusText: '已驳回', lastReason: '请附上验收单' });
    expect(await invoiceStatus(s.subOrderId)).toBe('matched');
    const again = await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/claim/submit', { id: c.id });
    expect(again.body.data).toMatchObject({ claimNo: c.claimNo, status: 'submitted' });
    expect(await invoiceStatus(s.subOrderId)).toBe('claimed');
    // team only: the team leader's pass sends it to finance
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [c.id] })).body.code).toBe(200);
    expect((await detail('buyer1', c.id)).data.status).toBe('institute_approved');

    // finance sends it back for papers: it returns straight to finance when resubmitted
    const m = (await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids: [c.id] })).body.data;
    expect((await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/noComplete', { id: m.id, reason: '缺少发票原件' })).body.code).toBe(200);
    d = (await detail('buyer1', c.id)).data;
    expect(d).toMatchObject({ status: 'draft', statusText: '待补充材料', lastReason: '缺少发票原件', mergeId: null });
    const back = await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/claim/submit', { id: c.id });
    expect(back.body.data).toMatchObject({ claimNo: c.claimNo, status: 'institute_approved' });

    // cancelAndRefuse in one step, then the buyer cancels and the sub-order is free again
    expect((await req('finance1', 'POST', '/mall/v1/reimbursement/finance/cancelAndRefuse', { ids: [c.id], reason: '重复报销' })).body.code).toBe(200);
    expect((await detail('buyer1', c.id)).data).toMatchObject({ status: 'draft', statusText: '已驳回' });
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/claim/cancel', { id: c.id })).body.code).toBe(200);
    expect((await apply('buyer1', [s.subOrderId])).body.code).toBe(200);
  });

  it('never lets anyone approve their own claim', async () => {
    // leader1 claims their own order: the team step goes to the institute (nobody else leads the team)
    const s = await claimable([20_000], 'leader1');
    const c = (await apply('leader1', [s.subOrderId])).body.data[0];
    expect(c.statusText).toBe('待研究所审批');
    expect(await waitIds('leader1', 'team')).not.toContain(c.id);
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [c.id] })).body.code).not.toBe(200);
    expect((await req('owner1', 'POST', '/mall/v1/reimbursement/institute/claim/batchPass', { ids: [c.id] })).body.code).toBe(200);
  });

  it('lets one of two claims racing for a sub-order win', async () => {
    const s = await claimable([15_000]);
    const r = await Promise.all([apply('buyer1', [s.subOrderId]), apply('buyer1', [s.subOrderId])]);
    expect(r.map((x) => x.body.code).sort()).toEqual([200, expect.any(Number)]);
    expect(r.filter((x) => x.body.code === 200)).toHaveLength(1);
    const live = await db().selectFrom('claim_sub_order').select('claim_id').where('sub_order_id', '=', s.subOrderId).where('live', '=', 1).execute();
    expect(live).toHaveLength(1);
  });

  it('holds new claims during the institute settlement freeze, set by finance only', async () => {
    const s = await claimable([11_000]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(5, 10);
    expect((await req('buyer1', 'POST', '/mall/v1/reimbursement/finance/setting', { freezeFrom: today, freezeTo: today })).body.code).toBe(40300);
    expect((await req('finance1', 'POST', '/mall/v1/reimbursement/finance/setting', { freezeFrom: today, freezeTo: null })).body.code).toBe(40000);
    const set = await req('finance1', 'POST', '/mall/v1/reimbursement/finance/setting', { freezeFrom: today, freezeTo: today });
    expect(set.body.data.frozenNow).toContain('暂停报销');
    const check = await req('buyer1', 'GET', '/mall/v1/reimbursement/buyer/checkApplyClaim?size=100');
    expect(check.body.data.records.find((r: { subOrderId: number }) => r.subOrderId === s.subOrderId)).toMatchObject({
      eligible: false,
      reason: expect.stringContaining('暂停报销'),
    });
    expect((await apply('buyer1', [s.subOrderId])).body.message).toContain('暂停报销');
    // another institute is not frozen by it
    expect((await req('finance2', 'GET', '/mall/v1/reimbursement/finance/setting')).body.data.frozenNow).toBeNull();
    await req('finance1', 'POST', '/mall/v1/reimbursement/finance/setting', { freezeFrom: null, freezeTo: null });
    expect((await apply('buyer1', [s.subOrderId])).body.code).toBe(200);
  });

  it('lists by role with counts, the admin sees all', async () => {
    const mine = await req('buyer1', 'GET', '/mall/v1/merge-reimbursement/page/all?scope=mine');
    expect(mine.body.data.total).toBeGreaterThan(0);
    const counts = await req('buyer1', 'GET', '/mall/v1/merge-reimbursement/page/count');
    expect(Object.values(counts.body.data.mine as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(mine.body.data.total);
    expect((await req('buyer2', 'GET', '/mall/v1/merge-reimbursement/page/all?scope=institute')).body.data.total).toBe(0);
    expect((await req('finance1', 'GET', '/mall/v1/merge-reimbursement/page/all?scope=institute')).body.data.total).toBeGreaterThan(0);
    expect((await req('admin', 'GET', '/mall/v1/merge-reimbursement/page/allByAdmin')).body.data.total).toBe(mine.body.data.total + 1);
    expect((await req('finance1', 'GET', '/mall/v1/merge-reimbursement/page/allByAdmin')).body.code).not.toBe(200);
    expect((await req('buyer1', 'GET', '/mall/v1/merge-reimbursement/page/merged')).body.code).toBe(40300);
  });
});

describe('migration 021', () => {
  it('runs again without harm and gives a database seeded before it the new menus', async () => {
    const menu = () => db().selectFrom('resource').select('id').where('perm_code', '=', 'mall:claim:approve').execute();
    expect(await menu()).toHaveLength(1);
    await migration021.up(db());
    expect(await menu()).toHaveLength(1);
    // an older database: the menu is missing
    const [{ id }] = await menu();
    await db().deleteFrom('authority').where('resource_id', '=', id).execute();
    await db().deleteFrom('resource').where('id', '=', id).execute();
    await migration021.up(db());
    const [again] = await menu();
    const holders = await db()
      .selectFrom('authority')
      .innerJoin('role', 'role.id', 'authority.role_id')
      .select('role.code')
      .where('authority.resource_id', '=', again.id)
      .execute();
    expect(holders.map((h) => h.code).sort()).toEqual(['institute_owner', 'team_leader']);
  });
});

function pdfText(buf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claim-pdf-'));
  const f = path.join(dir, 'c.pdf');
  fs.writeFileSync(f, buf);
  try {
    return execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
