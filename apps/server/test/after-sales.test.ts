import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * 售后: quantities bounded by delivered − already requested (cancelled and refused requests free
 * theirs), refunds priced by the server, the transition table over HTTP, cancel only before the
 * supplier acts, del only of cancelled or closed own requests (and the units stay counted), photos
 * reaped in one call, and who sees what: the buyer's own, its team leader's team, the supplier its
 * own, everyone else 404; wrong roles refused.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
const B = '/mall/v1/order-supplier/buyer';
const S = '/supplier/v1/afterSale';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer1', 'leader1', 'buyer2', 'leader2', 'assistant1', 'supplier1', 'supplier1a', 'supplier2', 'admin', 'checker1']) s[u] = await as(u);
});
afterAll(() => t.close());

const post = (who: string, url: string, json: unknown = undefined) => call(t.app, 'POST', url, { session: s[who], json });
const get = (who: string, url: string) => call(t.app, 'GET', url, { session: s[who] });

/** An accepted sub-order of 国药 for buyer1 with two lines: 5 × ¥120.00 and 2 × ¥35.50, all delivered. */
async function subOrder(status = 'completed') {
  const db = t.ctx.database.db;
  const sub = await makeAcceptedSubOrder(db, {
    supplier: '国药',
    buyer: 'buyer1',
    team: '李明华课题组',
    lines: [
      { amount: 12_000, rate: '13' },
      { amount: 3_550, rate: '13' },
    ],
    status,
  });
  await db.updateTable('order_line').set({ quantity: 5, delivered_qty: 5 }).where('id', '=', sub.lineIds[0]).execute();
  await db.updateTable('order_line').set({ quantity: 2, delivered_qty: 2 }).where('id', '=', sub.lineIds[1]).execute();
  return sub;
}
const apply = (who: string, subOrderId: number, lines: { lineId: number; quantity: number }[], type = 'return', extra: object = {}) =>
  post(who, `${B}/apply`, { subOrderId, type, reason: '瓶身破裂，试剂泄漏', lines, ...extra });

describe('applying', () => {
  it('bounds each line by delivered minus what live requests hold; the refund is priced by the server', async () => {
    const sub = await subOrder();
    const [a, b] = sub.lineIds;
    const first = await apply('buyer1', sub.subId, [
      { lineId: a, quantity: 3 },
      { lineId: b, quantity: 1 },
    ]);
    expect(first.body).toMatchObject({ code: 200, data: { refundAmount: 3 * 12_000 + 3_550 } });
    expect(first.body.data.requestNo).toMatch(/^SH\d{8}\d{6}$/);
    // 2 left on line a
    const over = await apply('buyer1', sub.subId, [{ lineId: a, quantity: 3 }]);
    expect(over.body).toMatchObject({ code: 40000 });
    expect(over.body.message).toContain('最多还可申请 2');
    const app1 = (await get('buyer1', `${B}/applicable/${sub.subId}`)).body.data;
    expect(app1.lines.map((l: { available: number }) => l.available)).toEqual([2, 1]);
    // an exchange prices nothing back; the client cannot send a price at all
    const ex = await apply('buyer1', sub.subId, [{ lineId: a, quantity: 2 }], 'exchange');
    expect(ex.body.data.refundAmount).toBe(0);
    expect((await apply('buyer1', sub.subId, [{ lineId: a, quantity: 1 }], 'refund', { refundAmount: 1 })).body.code).toBe(40000);
    expect((await apply('buyer1', sub.subId, [{ lineId: a, quantity: 1 }])).body.message).toContain('没有可申请售后的数量');
    // cancelling frees the units again
    expect((await post('buyer1', `${B}/cancel`, { id: ex.body.data.id })).body.data.status).toBe('cancelled');
    expect((await apply('buyer1', sub.subId, [{ lineId: a, quantity: 2 }], 'reship')).body.code).toBe(200);
  });

  it('refuses foreign lines, duplicated lines, zero quantities, undelivered sub-orders; the whole refund before acceptance goes to 申请退款', async () => {
    const sub = await subOrder();
    const other = await subOrder();
    expect((await apply('buyer1', sub.subId, [{ lineId: other.lineIds[0], quantity: 1 }])).body.message).toContain('不属于该子订单');
    const dup = [
      { lineId: sub.lineIds[0], quantity: 1 },
      { lineId: sub.lineIds[0], quantity: 1 },
    ];
    expect((await apply('buyer1', sub.subId, dup)).body.code).toBe(40000);
    expect((await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 0 }])).body.code).toBe(40000);
    const waiting = await subOrder('to_deliver');
    expect((await apply('buyer1', waiting.subId, [{ lineId: waiting.lineIds[0], quantity: 1 }])).body.code).toBe(40009);
    const arrived = await subOrder('arrived');
    const all = [
      { lineId: arrived.lineIds[0], quantity: 5 },
      { lineId: arrived.lineIds[1], quantity: 2 },
    ];
    const whole = await apply('buyer1', arrived.subId, all, 'refund');
    expect(whole.body).toMatchObject({ code: 40009 });
    expect(whole.body.message).toContain('申请退款');
    // part of it, or a return of all of it, is an after-sales request
    expect((await apply('buyer1', arrived.subId, all, 'return')).body.code).toBe(200);
  });

  it('twenty parallel requests for the last unit: exactly one gets it', async () => {
    const sub = await subOrder();
    await t.ctx.database.db.updateTable('order_line').set({ delivered_qty: 1 }).where('id', '=', sub.lineIds[0]).execute();
    const tries = await Promise.all(Array.from({ length: 20 }, () => apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }])));
    expect(tries.filter((r) => r.body.code === 200)).toHaveLength(1);
  });
});

describe('moving through the table', () => {
  it('return: agree → goods sent back → received → refunded → closed; then del hides it and the units stay counted', async () => {
    const sub = await subOrder();
    const id = (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 5 }])).body.data.id;
    // the supplier cannot receive before the goods come back; the buyer cannot agree for it
    expect((await post('supplier1', `${S}/receive`, { id })).body.code).toBe(40009);
    expect((await post('supplier1', `${S}/agree`, { id, note: '请寄回上海仓' })).body.data.status).toBe('to_return');
    // too late to cancel once the supplier acted
    expect((await post('buyer1', `${B}/cancel`, { id })).body.code).toBe(40009);
    expect((await post('buyer1', `${B}/returnGoods`, { id, expressCompany: '顺丰速运', trackingNo: 'SF1234567890' })).body.data.status).toBe('returned');
    expect((await post('supplier1', `${S}/receive`, { id })).body.data.status).toBe('received');
    expect((await post('supplier1', `${S}/finish`, { id })).body.data.status).toBe('refunded');
    // del only of cancelled or closed
    expect((await post('buyer1', `${B}/del/${id}`)).body.code).toBe(40009);
    expect((await post('buyer1', `${B}/close`, { id })).body.data.status).toBe('closed');
    const d = (await get('buyer1', `${B}/get/${id}`)).body.data;
    expect(d.logs.map((l: { action: string }) => l.action)).toEqual(['apply', 'agree', 'return', 'receive', 'finish', 'close']);
    expect(d).toMatchObject({ refundAmount: 60_000, expressCompany: '顺丰速运', trackingNo: 'SF1234567890' });
    expect((await post('buyer1', `${B}/del/${id}`)).body.code).toBe(200);
    expect((await get('buyer1', `${B}/get/${id}`)).body.code).toBe(404);
    expect((await get('supplier1', `${S}/get/${id}`)).body.code).toBe(200);
    // deleting did not give the five units back
    expect((await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }])).body.code).toBe(40000);
  });

  it('refund-only and reship are finished straight after agreeing; refusal needs a reason and frees the units', async () => {
    const sub = await subOrder();
    const r1 = (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[1], quantity: 1 }], 'refund')).body.data.id;
    expect((await post('supplier1', `${S}/agree`, { id: r1 })).body.data.status).toBe('agreed');
    expect((await post('buyer1', `${B}/returnGoods`, { id: r1, expressCompany: '顺丰', trackingNo: '1' })).body.code).toBe(40009);
    expect((await post('supplier1', `${S}/finish`, { id: r1 })).body.data.status).toBe('refunded');
    const r2 = (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 5 }], 'reship')).body.data.id;
    expect((await post('supplier1', `${S}/refuse`, { id: r2 })).body.code).toBe(40000);
    expect((await post('supplier1', `${S}/refuse`, { id: r2, reason: '照片显示外包装完好，非运输破损' })).body.data.status).toBe('refused');
    expect((await get('buyer1', `${B}/get/${r2}`)).body.data.refuseReason).toBe('照片显示外包装完好，非运输破损');
    expect((await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 5 }], 'exchange')).body.code).toBe(200);
  });
});

describe('photos', () => {
  it('attaches the buyer’s own afterSale uploads and reaps them in one call', async () => {
    const sub = await subOrder();
    const up = await upload(
      t.app,
      '/uac/file/upload?purpose=afterSale',
      [
        { name: '破损1.png', data: PNG_1X1, type: 'image/png' },
        { name: '破损2.png', data: PNG_1X1, type: 'image/png' },
      ],
      s.buyer1,
    );
    const ids = up.body.data.succeeded.map((f: { id: number }) => f.id);
    expect(ids).toHaveLength(2);
    // someone else's upload cannot be attached
    const theirs = await upload(t.app, '/uac/file/upload?purpose=afterSale', [{ name: 'x.png', data: PNG_1X1, type: 'image/png' }], s.buyer2);
    expect(
      (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }], 'return', { pictureIds: [theirs.body.data.succeeded[0].id] })).body.code,
    ).toBe(40000);
    const id = (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }], 'return', { pictureIds: ids })).body.data.id;
    const pics = (await get('buyer1', `${B}/batchReapPictures/${id}`)).body.data;
    expect(pics.map((p: { name: string }) => p.name)).toEqual(['破损1.png', '破损2.png']);
    expect(pics[0].url).toContain('sig=');
    expect((await get('supplier1', `${S}/pictures/${id}`)).body.data).toHaveLength(2);
    expect((await get('supplier2', `${S}/pictures/${id}`)).body.code).toBe(404);
    expect((await get('buyer2', `${B}/batchReapPictures/${id}`)).body.code).toBe(404);
  });
});

describe('who sees and moves what', () => {
  it('the buyer and its team leader see it; another institute, another supplier get 404; wrong roles are refused', async () => {
    const sub = await subOrder();
    const id = (await apply('buyer1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }])).body.data.id;
    expect((await get('leader1', `${B}/get/${id}`)).body.code).toBe(200);
    expect((await get('leader1', `${B}/page?size=100`)).body.data.records.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get('buyer2', `${B}/get/${id}`)).body.code).toBe(404);
    expect((await get('leader2', `${B}/page?size=100`)).body.data.records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await get('supplier2', `${S}/get/${id}`)).body.code).toBe(404);
    expect((await get('supplier2', `${S}/page?size=100`)).body.data.records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await get('supplier1', `${S}/page?size=100`)).body.data.records.map((r: { id: number }) => r.id)).toContain(id);
    // another supplier cannot act on it, nor can the team leader act for the buyer
    expect((await post('supplier2', `${S}/agree`, { id })).body.code).toBe(404);
    expect((await post('leader1', `${B}/cancel`, { id })).body.code).toBe(404);
    // someone else's sub-order: 404, not a hint that it exists
    expect((await apply('buyer2', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }])).body.code).toBe(404);
    expect((await get('buyer2', `${B}/applicable/${sub.subId}`)).body.code).toBe(404);
    // wrong roles: the checker has no 售后 page; a supplier cannot call the buyer's side nor a buyer the supplier's
    expect((await get('checker1', `${B}/page`)).body.code).toBe(40300);
    expect((await apply('supplier1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }])).body.code).toBe(40300);
    expect((await post('buyer1', `${S}/agree`, { id })).body.code).toBe(40300);
    // the platform reads everything through the buyer-side list
    expect((await get('admin', `${B}/get/${id}`)).body.code).toBe(200);
  });

  it('the assistant who placed the order acts for it', async () => {
    const sub = await subOrder();
    const assistant = await t.ctx.database.db.selectFrom('app_user').select('id').where('user_name', '=', 'assistant1').executeTakeFirstOrThrow();
    await t.ctx.database.db.updateTable('purchase_order').set({ placed_by_id: assistant.id }).where('id', '=', sub.orderId).execute();
    const r = await apply('assistant1', sub.subId, [{ lineId: sub.lineIds[0], quantity: 1 }]);
    expect(r.body.code).toBe(200);
    expect((await get('buyer1', `${B}/get/${r.body.data.id}`)).body.code).toBe(200);
  });
});
