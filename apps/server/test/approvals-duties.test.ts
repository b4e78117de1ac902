import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTY_CONFLICT_MESSAGE } from '../src/modules/shared/approvals/index.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * Separation of duties through HTTP on a real database: no one decides on an order they placed,
 * that was placed for them, or that they would accept. A team leader's own order goes to the
 * institute instead of to themself; a checker who bought something cannot accept it.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
const key = () => randomBytes(8).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['leader1', 'owner1', 'checker1', 'supplier1', 'admin']) s[u] = await as(u);
});
afterAll(() => t.close());

async function placeAs(who: Session, yuan: number) {
  const db = t.ctx.database.db;
  const addressId = (
    await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
      session: who,
      json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact: '王晓明', phone: '13810230001' },
    })
  ).body.data.id;
  const item = await makeItem(db, { supplier: '国药', name: '乙腈 色谱纯', price: yuan * 100, stock: 100 });
  const res = await call(t.app, 'POST', '/mall/v1/order/create', {
    session: who,
    json: { direct: { itemId: item.id, quantity: 1 }, addressId, idempotencyKey: key() },
  });
  expect(res.body.code).toBe(200);
  return res.body.data as { orderId: number; subOrders: { id: number }[] };
}
const detail = async (who: Session, id: number) => (await call(t.app, 'GET', `/mall/v1/order-detail/${id}`, { session: who })).body.data;

describe('separation of duties', () => {
  it('sends a team leader’s own order to the institute, not to the leader', async () => {
    const o = await placeAs(s.leader1, 200);
    const d = await detail(s.leader1, o.orderId);
    expect(d.status).toBe('pending_institute');
    expect(d.approvalSteps.map((x: { step: string }) => x.step)).toEqual(['institute']);
    // the leader cannot approve it at the team step (it is not there) nor as anyone else
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader1, json: { ids: [o.orderId] } })).body.code).not.toBe(200);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/institute/pass', { session: s.owner1, json: { ids: [o.orderId] } })).body.code).toBe(200);
    expect((await detail(s.leader1, o.orderId)).status).toBe('approved');
  });

  it('refuses an institute owner deciding on their own order, with the reason', async () => {
    // owner1 also buys (a second role): an order of theirs over the threshold needs the institute
    await grantRole('owner1', 'buyer');
    const owner = s.owner1;
    const o = await placeAs(owner, 6000);
    expect((await detail(owner, o.orderId)).status).toBe('pending_institute');
    const res = await call(t.app, 'POST', '/mall/v1/order-caas/institute/pass', { session: owner, json: { ids: [o.orderId] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DUTY_CONFLICT_MESSAGE);
    expect((await detail(owner, o.orderId)).status).toBe('pending_institute');
  });

  it('refuses a checker accepting goods they bought themself', async () => {
    await grantRole('checker1', 'buyer');
    const checker = s.checker1;
    const o = await placeAs(checker, 50); // no team, under the institute threshold: approved at once
    const sub = o.subOrders[0].id;
    expect((await call(t.app, 'POST', '/supplier/v1/order/confirm', { session: s.supplier1, json: { subOrderId: sub } })).body.code).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/supplier/v1/order/deliver', {
          session: s.supplier1,
          json: { subOrderId: sub, expressChannelId: 1, trackingNo: 'SF9876543210' },
        })
      ).body.code,
    ).toBe(200);
    expect((await call(t.app, 'POST', '/mall/v1/order-caas/buyer/arrived', { session: checker, json: { subOrderId: sub } })).body.code).toBe(200);
    const res = await call(t.app, 'POST', '/mall/v1/order-caas/checker/accept', { session: checker, json: { subOrderId: sub } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DUTY_CONFLICT_MESSAGE);
    expect((await detail(checker, o.orderId)).subOrders[0].status).toBe('arrived');
  });
});

/** Gives a demo account a second built-in role, as an institute would, and drops cached permissions. */
async function grantRole(userName: string, code: string) {
  const db = t.ctx.database.db;
  const u = await db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  const r = await db.selectFrom('role').select('id').where('code', '=', code).where('built_in', '=', 1).executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: u.id, role_id: r.id }).execute();
  await t.ctx.callers.invalidate();
}
