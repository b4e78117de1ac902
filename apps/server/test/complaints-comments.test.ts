import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { PDF_MINI, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * 投诉 and 评价: the complaint's table (受理 → 处理中 → 已解决 / 驳回), the supplier's answer while it
 * is open, attachments; comments only on accepted lines, one per line (also under a race), the
 * supplier's reply, hiding by the platform and the item page without hidden ones; who sees what.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer1', 'leader1', 'buyer2', 'leader2', 'supplier1', 'supplier1a', 'supplier2', 'admin', 'checker1']) s[u] = await as(u);
});
afterAll(() => t.close());

const post = (who: string, url: string, json: unknown = undefined) => call(t.app, 'POST', url, { session: s[who], json });
const get = (who: string, url: string) => call(t.app, 'GET', url, { session: s[who] });
const sub = (status = 'completed') =>
  makeAcceptedSubOrder(t.ctx.database.db, {
    supplier: '国药',
    buyer: 'buyer1',
    team: '李明华课题组',
    lines: [
      { amount: 12_000, rate: '13' },
      { amount: 3_550, rate: '13' },
    ],
    status,
  });
const ids = (r: { body: { data: { records: { id: number }[] } } }) => r.body.data.records.map((x) => x.id);

describe('complaints', () => {
  it('the buyer files one on its sub-order with attachments; the platform accepts, the supplier answers, the platform resolves', async () => {
    const so = await sub();
    const file = await upload(t.app, '/uac/file/upload?purpose=complaint', [{ name: '质检报告.pdf', data: PDF_MINI, type: 'application/pdf' }], s.buyer1);
    const made = await post('buyer1', '/mall/v1/complain/add', {
      subOrderId: so.subId,
      category: 'quality',
      content: '到货的无水乙醇含水量明显超标',
      fileIds: [file.body.data.succeeded[0].id],
    });
    expect(made.body.code).toBe(200);
    const id = made.body.data.id;
    expect(made.body.data.complaintNo).toMatch(/^TS\d{14}$/);
    const d = (await get('supplier1', `/supplier/v1/complain/detail/${id}`)).body.data;
    expect(d).toMatchObject({ status: 'submitted', category: 'quality', subOrderId: so.subId });
    expect(d.files).toHaveLength(1);
    // resolve needs 受理 first; an empty reply is refused
    expect((await post('admin', '/mall/v1/complain/admin/resolve', { id, content: '已协调' })).body.code).toBe(40009);
    expect((await post('admin', '/mall/v1/complain/admin/accept', { id })).body.data.status).toBe('processing');
    expect((await post('supplier1', '/supplier/v1/complain/reply', { id, content: '已安排检测并换货' })).body.code).toBe(200);
    expect((await post('admin', '/mall/v1/complain/admin/resolve', { id, content: '' })).body.code).toBe(40000);
    expect((await post('admin', '/mall/v1/complain/admin/resolve', { id, content: '供应商已换货，采购人确认' })).body.data.status).toBe('resolved');
    // closed: no more answers, no more moves
    expect((await post('supplier1', '/supplier/v1/complain/reply', { id, content: '补充说明' })).body.code).toBe(40009);
    expect((await post('admin', '/mall/v1/complain/admin/reject', { id, content: 'x' })).body.code).toBe(40009);
    const mine = (await get('buyer1', `/mall/v1/complain/detail/${id}`)).body.data;
    expect(mine).toMatchObject({ status: 'resolved', supplierReply: '已安排检测并换货', adminReply: '供应商已换货，采购人确认' });
  });

  it('scope: the team leader sees the team’s, another institute and another supplier get 404; wrong roles refused', async () => {
    const so = await sub();
    const id = (await post('buyer1', '/mall/v1/complain/add', { subOrderId: so.subId, category: 'delivery', content: '承诺三天到货，实际十天' })).body.data.id;
    expect(ids(await get('leader1', '/mall/v1/complain/page?size=100'))).toContain(id);
    expect(ids(await get('leader2', '/mall/v1/complain/page?size=100'))).not.toContain(id);
    expect((await get('buyer2', `/mall/v1/complain/detail/${id}`)).body.code).toBe(404);
    expect((await get('supplier2', `/supplier/v1/complain/detail/${id}`)).body.code).toBe(404);
    expect((await post('supplier2', '/supplier/v1/complain/reply', { id, content: '不是我们' })).body.code).toBe(404);
    expect(ids(await get('admin', '/mall/v1/complain/admin/page?size=100'))).toContain(id);
    // someone else's sub-order, a sub-order and a supplier at once, wrong roles
    expect((await post('buyer2', '/mall/v1/complain/add', { subOrderId: so.subId, category: 'price', content: '价格高于市场价很多' })).body.code).toBe(404);
    expect(
      (await post('buyer1', '/mall/v1/complain/add', { subOrderId: so.subId, supplierId: so.supplierId, category: 'price', content: '价格高于市场价' })).body
        .code,
    ).toBe(40000);
    expect((await post('buyer1', '/mall/v1/complain/admin/accept', { id })).body.code).toBe(40300);
    expect((await get('supplier1a', '/supplier/v1/complain/page')).body.code).toBe(40300);
    expect((await get('checker1', '/mall/v1/complain/page')).body.code).toBe(40300);
    // about a supplier without an order; rejected straight away by the platform
    const general = await post('buyer1', '/mall/v1/complain/add', { supplierId: so.supplierId, category: 'service', content: '客服电话长期无人接听' });
    expect((await post('admin', '/mall/v1/complain/admin/reject', { id: general.body.data.id, content: '未提供具体订单，无法核实' })).body.data.status).toBe(
      'rejected',
    );
  });
});

describe('comments', () => {
  const body = (lineId: number, over: object = {}) => ({ lineId, quality: 5, delivery: 4, service: 3, content: '纯度符合标示，包装严实', ...over });

  it('only after acceptance, once per line (also when sent twice at once), scores 1–5', async () => {
    const early = await sub('arrived');
    expect((await post('buyer1', '/mall/v1/comment/add', body(early.lineIds[0]))).body).toMatchObject({ code: 40009, message: '验收通过后才能评价' });
    const so = await sub();
    expect((await post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0], { quality: 6 }))).body.code).toBe(40000);
    expect((await post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0], { quality: 0 }))).body.code).toBe(40000);
    const both = await Promise.all([post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0])), post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0]))]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 40009]);
    expect((await post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0]))).body.message).toContain('只能评价一次');
    const state = (await get('buyer1', `/mall/v1/comment/order/${so.orderId}`)).body.data;
    expect(state).toEqual([
      expect.objectContaining({ lineId: so.lineIds[0], commentable: false }),
      expect.objectContaining({ lineId: so.lineIds[1], commentable: true, commentId: null }),
    ]);
    // someone else's line or order
    expect((await post('buyer2', '/mall/v1/comment/add', body(so.lineIds[1]))).body.code).toBe(404);
    expect((await get('buyer2', `/mall/v1/comment/order/${so.orderId}`)).body.code).toBe(404);
    expect((await post('supplier1', '/mall/v1/comment/add', body(so.lineIds[1]))).body.code).toBe(40300);
  });

  it('the supplier replies to its own; the platform hides with a reason; the item page shows averages without hidden ones', async () => {
    const db = t.ctx.database.db;
    const so = await sub();
    // a fresh item so the page holds only this test's comments
    const line = await db.selectFrom('order_line').select('item_id').where('id', '=', so.lineIds[0]).executeTakeFirstOrThrow();
    const a = (await post('buyer1', '/mall/v1/comment/add', body(so.lineIds[0], { quality: 5, delivery: 5, service: 4 }))).body.data.id;
    const b = (await post('buyer1', '/mall/v1/comment/add', body(so.lineIds[1], { quality: 1, delivery: 2, service: 1, content: '广告' }))).body.data.id;
    expect((await post('supplier2', '/supplier/v1/comment/reply', { id: a, content: '感谢' })).body.code).toBe(404);
    expect((await post('supplier1', '/supplier/v1/comment/reply', { id: a, content: '感谢您的认可' })).body.code).toBe(200);
    expect(ids(await get('supplier1', '/supplier/v1/comment/page?size=100&state=unreplied'))).toContain(b);
    expect((await post('admin', '/mall/v1/comment/admin/hide', { id: b, reason: '' })).body.code).toBe(40000);
    expect((await post('supplier1', '/mall/v1/comment/admin/hide', { id: b, reason: '广告' })).body.code).toBe(40300);
    expect((await post('admin', '/mall/v1/comment/admin/hide', { id: b, reason: '内容与商品无关' })).body.code).toBe(200);
    expect((await post('admin', '/mall/v1/comment/admin/hide', { id: b, reason: '再次' })).body.code).toBe(40009);
    const res = await get('buyer2', `/mall/v1/comment/item/${line.item_id}?size=50`);
    expect(res.body).toMatchObject({ code: 200 });
    const page = res.body.data;
    const shown = page.page.records.map((r: { id: number }) => r.id);
    expect(shown).toContain(a);
    expect(shown).not.toContain(b);
    const mine = page.page.records.find((r: { id: number }) => r.id === a);
    expect(mine).toMatchObject({ buyerName: '王**', reply: '感谢您的认可' });
    expect(page.count).toBe(page.page.total);
    expect(ids(await get('admin', '/mall/v1/comment/admin/page?size=100&state=hidden'))).toContain(b);
    expect((await get('buyer1', '/mall/v1/comment/page?size=100')).body.data.records.find((r: { id: number }) => r.id === b)).toMatchObject({
      hidden: true,
      hideReason: '内容与商品无关',
    });
    expect(ids(await get('leader2', '/mall/v1/comment/page?size=100'))).not.toContain(a);
    expect(ids(await get('supplier2', '/supplier/v1/comment/page?size=100'))).not.toContain(a);
    // shown again
    expect((await post('admin', '/mall/v1/comment/admin/show', { id: b })).body.code).toBe(200);
    const again = (await get('buyer2', `/mall/v1/comment/item/${line.item_id}?size=50`)).body.data.page.records.map((r: { id: number }) => r.id);
    expect(again).toContain(b);
  });
});
