import { randomBytes } from 'node:crypto';
import { MAX_ORDER_AMOUNT_FEN } from '@kc/contracts/buying/mall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * Money is 64-bit on both engines (migration 009): a ¥30,000,000 instrument order is placed and
 * read back to the fen on SQLite and PostgreSQL alike; above the documented maximum the order is
 * refused with a Chinese message, never a 500.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
let buyer: Session;
let addressId: number;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await as('buyer1');
  addressId = (
    await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
      session: buyer,
      json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所大型仪器平台', contact: '王晓明', phone: '13810230001' },
    })
  ).body.data.id;
});
afterAll(() => t.close());

const place = (itemId: number, quantity: number) =>
  call(t.app, 'POST', '/mall/v1/order/create', {
    session: buyer,
    json: { direct: { itemId, quantity }, addressId, idempotencyKey: randomBytes(8).toString('hex') },
  });

describe('money bounds', () => {
  it('places and reads back a ¥30,000,000 order to the fen', async () => {
    // 布鲁克 600 MHz 核磁共振波谱仪：¥30,000,000.00
    const nmr = await makeItem(t.ctx.database.db, { supplier: '国药', name: '核磁共振波谱仪 AVANCE NEO 600', price: 3_000_000_000, stock: 2 });
    const res = await place(nmr.id, 1);
    expect(res.body.code).toBe(200);
    expect(res.body.data.totalAmount).toBe(3_000_000_000);
    const d = (await call(t.app, 'GET', `/mall/v1/order-detail/${res.body.data.orderId}`, { session: buyer })).body.data;
    expect(d.totalAmount).toBe(3_000_000_000);
    expect(d.subOrders[0].lines[0].unitPrice).toBe(3_000_000_000);
  });

  it('refuses an order above the documented maximum with a Chinese message', async () => {
    const big = await makeItem(t.ctx.database.db, { supplier: '国药', name: '同步辐射光束线站（整套）', price: 6_000_000_000, stock: 5 });
    const res = await place(big.id, 2);
    expect(2 * 6_000_000_000).toBeGreaterThan(MAX_ORDER_AMOUNT_FEN);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^单笔订单金额不能超过 ¥100,000,000\.00/);
  });
});
