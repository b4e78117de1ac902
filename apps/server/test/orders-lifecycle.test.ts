import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
let addressId: number;
const key = () => randomBytes(8).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  const users = [
    'buyer1',
    'leader1',
    'owner1',
    'checker1',
    'finance1',
    'buyer2',
    'leader2',
    'owner2',
    'checker2',
    'supplier1',
    'supplier1a',
    'supplier2',
    'supplier3',
  ];
  await Promise.all(
    [...users, 'admin'].map(async (u) => {
      s[u] = await as(u);
    }),
  );
  addressId = (
    await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
      session: s.buyer1,
      json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact: '王晓明', phone: '13810230001' },
    })
  ).body.data.id;
});
afterAll(() => t.close());

/** Places an order of two lines from two suppliers; `yuan` is the price of each unit. */
async function place(yuan: number, qty = 1) {
  const db = t.ctx.database.db;
  const a = await makeItem(db, { supplier: '国药', name: '乙腈 色谱纯', price: yuan * 100, stock: 100 });
  const b = await makeItem(db, { supplier: '阿拉丁', name: '甲醇 色谱纯', price: yuan * 100, stock: 100 });
  for (const it of [a, b]) await call(t.app, 'POST', '/mall/v1/cart/add', { session: s.buyer1, json: { itemId: it.id, quantity: qty } });
  const cart = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: s.buyer1 })).body.data;
  const cartIds = cart.groups.flatMap((g: { lines: { id: number }[] }) => g.lines.map((l) => l.id));
  const res = await call(t.app, 'POST', '/mall/v1/order/create', { session: s.buyer1, json: { cartIds, addressId, idempotencyKey: key() } });
  expect(res.body.code).toBe(200);
  return { ...res.body.data, itemA: a.id, itemB: b.id };
}
const detail = async (who: Session, id: number) => call(t.app, 'GET', `/mall/v1/order-detail/${id}`, { session: who });
const ids = (r: { body: { data: { records: { id: number }[] } } }) => r.body.data.records.map((x) => x.id);

describe('approval chain and fulfilment', () => {
  it('walks team → institute → supplier → delivery → arrival → acceptance → completed, each actor seeing it in turn', async () => {
    const o = await place(3000); // ¥6,000 > the default institute threshold of ¥5,000
    let d = (await detail(s.buyer1, o.orderId)).body.data;
    expect(d.status).toBe('pending_team');
    expect(d.approvalSteps.map((x: { step: string }) => x.step)).toEqual(['team', 'institute']);

    const pending = await call(t.app, 'GET', '/mall/v1/order-caas/team/page?tab=pending', { session: s.leader1 });
    expect(ids(pending)).toContain(o.orderId);
    // the approver decides from the row: what was bought, by whom, for which team
    const row = pending.body.data.records.find((r: { id: number }) => r.id === o.orderId);
    expect(row).toMatchObject({ buyerName: '王晓明', lineCount: 2 });
    expect(['乙腈 色谱纯', '甲醇 色谱纯']).toContain(row.firstItem);
    expect(row.teamName).toMatch(/课题组/);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/team/page?tab=pending', { session: s.leader2 }))).not.toContain(o.orderId);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader2, json: { ids: [o.orderId] } })).status).toBe(404);
    // the institute may not skip the team step
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/institute/pass', { session: s.owner1, json: { ids: [o.orderId] } })).body.code).toBe(40009);
    // suppliers see nothing while the order is under approval
    expect((await call(t.app, 'GET', '/supplier/v1/order/page', { session: s.supplier1 })).body.data.records).toHaveLength(0);

    expect((await call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader1, json: { ids: [o.orderId] } })).body.code).toBe(200);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/institute/page?tab=pending', { session: s.owner1 }))).toContain(o.orderId);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/institute/page?tab=pending', { session: s.owner2 }))).not.toContain(o.orderId);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/institute/pass', { session: s.owner1, json: { ids: [o.orderId] } })).body.code).toBe(200);
    d = (await detail(s.buyer1, o.orderId)).body.data;
    expect(d.status).toBe('approved');
    expect(d.subOrders.map((x: { status: string }) => x.status)).toEqual(['to_confirm', 'to_confirm']);

    const mine = (await call(t.app, 'GET', '/supplier/v1/order/page', { session: s.supplier1 })).body.data.records;
    expect(mine).toHaveLength(1);
    const sub = mine[0];
    expect((await call(t.app, 'POST', '/supplier/v1/order/confirm', { session: s.supplier2, json: { subOrderId: sub.id } })).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/supplier/v1/order/deliver', {
          session: s.supplier1,
          json: { subOrderId: sub.id, expressChannelId: 1, trackingNo: 'SF1234567890' },
        })
      ).body.code,
    ).toBe(40009);
    expect((await call(t.app, 'POST', '/supplier/v1/order/confirm', { session: s.supplier1a, json: { subOrderId: sub.id } })).body.code).toBe(200);

    // deliver in two parts: the first ships 0 of 1? quantity is 1, so ship the other supplier in full and this one in one go
    const line = sub.lines[0];
    expect(
      (
        await call(t.app, 'POST', '/supplier/v1/order/deliver', {
          session: s.supplier1,
          json: { subOrderId: sub.id, expressChannelId: 1, trackingNo: 'SF1234567890', lines: [{ lineId: line.id, quantity: 2 }] },
        })
      ).body.message,
    ).toMatch(/超过/);
    expect(
      (
        await call(t.app, 'POST', '/supplier/v1/order/deliver', {
          session: s.supplier1,
          json: { subOrderId: sub.id, expressChannelId: 1, trackingNo: 'SF1234567890' },
        })
      ).body.code,
    ).toBe(200);

    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/arrived', { session: s.buyer2, json: { subOrderId: sub.id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/arrived', { session: s.buyer1, json: { subOrderId: sub.id } })).body.code).toBe(200);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/checker/page?tab=pending', { session: s.checker1 }))).toContain(o.orderId);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/checker/accept', { session: s.checker2, json: { subOrderId: sub.id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/checker/accept', { session: s.checker1, json: { subOrderId: sub.id } })).body.code).toBe(200);

    // the other supplier refuses: the order then has no open sub-order and completes
    const other = d.subOrders.find((x: { supplierId: number; id: number }) => x.id !== sub.id);
    expect(
      (await call(t.app, 'POST', '/supplier/v1/order/refuse', { session: s.supplier2, json: { subOrderId: other.id, reason: '该批号暂时缺货' } })).body.code,
    ).toBe(200);
    d = (await detail(s.buyer1, o.orderId)).body.data;
    expect(d.status).toBe('completed');
    const delivered = d.subOrders.find((x: { id: number }) => x.id === sub.id);
    expect(delivered.deliveries[0].trackingNo).toBe('SF1234567890');
    // the parcel lists what it carried: every line of the sub-order, in full
    expect(delivered.deliveries[0].lines).toEqual(delivered.lines.map((l: { id: number; quantity: number }) => ({ lineId: l.id, quantity: l.quantity })));
    expect(d.placedByName).toBeNull();
    expect(d.logs.map((l: { action: string }) => l.action)).toEqual([
      'submit',
      'pass',
      'pass',
      'confirm',
      'deliver',
      'arrived',
      'accept',
      'refuse',
      'complete',
    ]);
    const stockB = await t.ctx.database.db.selectFrom('item').select('stock').where('id', '=', o.itemB).executeTakeFirstOrThrow();
    expect(stockB.stock).toBe(100);

    const msgs = async (who: Session) =>
      (await call(t.app, 'GET', '/mall/v1/message/page?size=50', { session: who })).body.data.records.map((m: { title: string }) => m.title);
    expect((await msgs(s.leader1)).some((x: string) => x.includes('待您审批'))).toBe(true);
    expect((await msgs(s.owner1)).some((x: string) => x.includes('待您审批'))).toBe(true);
    expect((await msgs(s.supplier1)).some((x: string) => x.includes('待确认'))).toBe(true);
    expect((await msgs(s.checker1)).some((x: string) => x.includes('待验收'))).toBe(true);
    expect(await msgs(s.buyer2)).toHaveLength(0);
  });

  it('a refusal closes the order, puts the stock back and tells the buyer why', async () => {
    const o = await place(100, 2);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/team/refuse', { session: s.leader1, json: { ids: [o.orderId] } })).status).toBe(400);
    expect(
      (await call(t.app, 'POST', '/mall/v1/order-caas/team/refuse', { session: s.leader1, json: { ids: [o.orderId], reason: '请合并到下周统一采购' } })).body
        .code,
    ).toBe(200);
    const d = (await detail(s.buyer1, o.orderId)).body.data;
    expect([d.status, d.closeReason]).toEqual(['refused', '请合并到下周统一采购']);
    const stock = await t.ctx.database.db.selectFrom('item').select('stock').where('id', 'in', [o.itemA, o.itemB]).execute();
    expect(stock.map((x) => x.stock)).toEqual([100, 100]);
  });

  it("the first approver's message and SMS commit with the order, and a failed placement leaves none", async () => {
    const db = t.ctx.database.db;
    const leader = await db.selectFrom('app_user').select(['id', 'phone_num']).where('user_name', '=', 'leader1').executeTakeFirstOrThrow();
    const counts = async () => ({
      messages: Number(
        (
          await db
            .selectFrom('user_message')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', leader.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      sms: Number(
        (
          await db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('recipient', '=', leader.phone_num as string)
            .where('channel', '=', 'sms')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await counts();
    const o = await place(10);
    expect(await counts()).toEqual({ messages: before.messages + 1, sms: before.sms + 1 });
    const sms = await db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', leader.phone_num as string)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.body).toContain(o.orderNo);

    const scarce = await makeItem(db, { supplier: '国药', name: '氘代氯仿', price: 9800, stock: 1 });
    const res = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: s.buyer1,
      json: { direct: { itemId: scarce.id, quantity: 2 }, addressId, idempotencyKey: key() },
    });
    expect(res.body.code).not.toBe(200);
    expect(await counts()).toEqual({ messages: before.messages + 1, sms: before.sms + 1 });
  });

  it('the order-number filter matches literally and ignores case', async () => {
    const o = await place(20);
    const page = async (q: string) =>
      (
        await call(t.app, 'GET', `/mall/v1/order-caas/buyer/page?tab=all&size=50&orderNo=${encodeURIComponent(q)}`, { session: s.buyer1 })
      ).body.data.records.map((r: { id: number }) => r.id);
    expect(await page(o.orderNo.slice(-8))).toEqual([o.orderId]);
    expect(await page(o.orderNo.toLowerCase())).toEqual([o.orderId]);
    expect(await page('%')).toEqual([]);
    expect(await page('PO_')).toEqual([]);
  });

  it('concurrent pass and refuse on one order: one decision, one log row', async () => {
    const o = await place(100);
    const [a, b] = await Promise.all([
      call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader1, json: { ids: [o.orderId] } }),
      call(t.app, 'POST', '/mall/v1/order-caas/team/refuse', { session: s.leader1, json: { ids: [o.orderId], reason: '重复下单' } }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 40009]);
    const logs = await t.ctx.database.db
      .selectFrom('order_log')
      .select('action')
      .where('order_id', '=', o.orderId)
      .where('action', 'in', ['pass', 'refuse'])
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('lets the buyer cancel while under approval only, and the admin stop with a reason', async () => {
    const o = await place(100);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/cancel', { session: s.buyer2, json: { id: o.orderId } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/cancel', { session: s.buyer1, json: { id: o.orderId } })).body.code).toBe(200);
    const o2 = await place(100);
    await call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader1, json: { ids: [o2.orderId] } });
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/cancel', { session: s.buyer1, json: { id: o2.orderId } })).body.message).toMatch(/不能取消/);
    expect(
      (await call(t.app, 'POST', '/mall/v1/order-supplier/admin/stopOrder', { session: s.owner1, json: { id: o2.orderId, reason: '违规采购' } })).body.code,
    ).toBe(40300);
    expect(
      (await call(t.app, 'POST', '/mall/v1/order-supplier/admin/stopOrder', { session: s.admin, json: { id: o2.orderId, reason: '供应商资质过期' } })).body
        .code,
    ).toBe(200);
    const d = (await detail(s.admin, o2.orderId)).body.data;
    expect([d.status, d.subOrders.every((x: { status: string }) => x.status === 'stopped')]).toEqual(['stopped', true]);
  });

  it('keeps every role inside its scope', async () => {
    const o = await place(100);
    expect((await detail(s.buyer2, o.orderId)).status).toBe(404);
    expect((await detail(s.owner2, o.orderId)).status).toBe(404);
    expect((await detail(s.supplier3, o.orderId)).status).toBe(404);
    expect((await detail(s.finance1, o.orderId)).status).toBe(200);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/finance/page?size=100', { session: s.finance1 }))).toContain(o.orderId);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-caas/buyer/page?size=100', { session: s.buyer2 }))).not.toContain(o.orderId);
    expect((await call(t.app, 'GET', '/mall/v1/order-caas/finance/page', { session: s.buyer1 })).body.code).toBe(40300);
    expect((await call(t.app, 'GET', '/mall/v1/order-supplier/admin/all', { session: s.owner1 })).body.code).toBe(40300);
    expect(ids(await call(t.app, 'GET', '/mall/v1/order-supplier/admin/all?size=100', { session: s.admin }))).toContain(o.orderId);
    const actors = (await call(t.app, 'GET', `/uac/v1/caas-user/queryUserByRoleAndDept?role=team&teamId=${await teamOf('buyer1')}`, { session: s.owner1 })).body
      .data;
    expect(actors.map((u: { userName: string }) => u.userName)).toEqual(['leader1']);
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/queryUserByRoleAndDept?role=institute&instituteId=2', { session: s.owner1 })).body.code).toBe(40300);
  });

  it('follows the institute flow the admin configures', async () => {
    const instituteId = s.buyer1.data.user.instituteId;
    const flow = {
      instituteId,
      teamEnabled: 0,
      teamThreshold: 0,
      instituteEnabled: 1,
      instituteThreshold: 1_000_000,
      checkerEnabled: 0,
      hazardRequiresInstitute: 1,
    };
    expect((await call(t.app, 'PUT', '/mall/v1/approval/flow', { session: s.owner1, json: flow })).body.code).toBe(40300);
    expect((await call(t.app, 'PUT', '/mall/v1/approval/flow', { session: s.admin, json: flow })).body.code).toBe(200);
    const o = await place(100);
    const d = (await detail(s.buyer1, o.orderId)).body.data;
    expect(d.status).toBe('approved');
    expect(d.subOrders.every((x: { status: string }) => x.status === 'to_confirm')).toBe(true);
  });
});

async function teamOf(userName: string) {
  const r = await t.ctx.database.db
    .selectFrom('user_dept')
    .innerJoin('app_user', 'app_user.id', 'user_dept.user_id')
    .select('user_dept.team_id')
    .where('app_user.user_name', '=', userName)
    .executeTakeFirstOrThrow();
  return r.team_id as number;
}
