import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let buyer: Session;
let other: Session;
let supplier: Session;
beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, supplier] = await Promise.all([as('buyer1'), as('buyer2'), as('supplier1')]);
});
afterAll(() => t.close());

describe('cart', () => {
  it('groups lines by supplier, bounds quantities by stock and keeps the header count', async () => {
    const a = await makeItem(t.ctx.database.db, { supplier: '国药', name: '无水乙醇', price: 2850, stock: 10 });
    const b = await makeItem(t.ctx.database.db, { supplier: '阿拉丁', name: '乙腈 色谱纯', price: 16800, stock: 3 });
    expect((await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: a.id, quantity: 2 } })).body.data.count).toBe(1);
    expect((await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: a.id, quantity: 3 } })).body.data.count).toBe(1);
    await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: b.id, quantity: 1 } });
    const over = await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: b.id, quantity: 3 } });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/库存不足，当前库存 3/);

    const cart = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer })).body.data;
    expect(cart.count).toBe(2);
    expect(cart.groups).toHaveLength(2);
    const line = cart.groups.flatMap((g: { lines: unknown[] }) => g.lines).find((l: { itemId: number }) => l.itemId === a.id);
    expect(line.quantity).toBe(5);
    expect(cart.goodsAmount).toBe(5 * 2850 + 16800);
    expect((await call(t.app, 'GET', '/mall/v1/cart/num', { session: buyer })).body.data.count).toBe(2);

    const tooMany = await call(t.app, 'POST', '/mall/v1/cart/modifyItemNum', { session: buyer, json: { id: line.id, quantity: 11 } });
    expect(tooMany.status).toBe(400);
    const fine = await call(t.app, 'POST', '/mall/v1/cart/modifyItemNum', { session: buyer, json: { id: line.id, quantity: 4 } });
    expect(fine.body.data.amount).toBe(4 * 2850 + 16800);
  });

  it('flags a changed price and an item taken off the shelf', async () => {
    const x = await makeItem(t.ctx.database.db, { supplier: '麦克林', name: '氯化钠', price: 1200, stock: 50 });
    await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: x.id, quantity: 1 } });
    await t.ctx.database.db.updateTable('item').set({ price: 1500 }).where('id', '=', x.id).execute();
    let l = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer })).body.data.groups
      .flatMap((g: { lines: unknown[] }) => g.lines)
      .find((i: { itemId: number }) => i.itemId === x.id);
    expect(l).toMatchObject({ price: 1500, priceAtAdd: 1200, priceChanged: true, available: true });
    await t.ctx.database.db.updateTable('item').set({ on_shelf: 0 }).where('id', '=', x.id).execute();
    l = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer })).body.data.groups
      .flatMap((g: { lines: unknown[] }) => g.lines)
      .find((i: { itemId: number }) => i.itemId === x.id);
    expect(l.available).toBe(false);
    expect((await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: x.id, quantity: 1 } })).status).toBe(404);
  });

  it("never touches another buyer's lines and refuses suppliers", async () => {
    const lines = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer })).body.data.groups.flatMap((g: { lines: { id: number }[] }) => g.lines);
    const id = lines[0].id;
    expect((await call(t.app, 'DELETE', `/mall/v1/cart/delItem/${id}`, { session: other })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/cart/modifyItemNum', { session: other, json: { id, quantity: 1 } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/cart/addMyCollection', { session: other, json: { ids: [id] } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/mall/v1/cart/items', { session: other })).body.data.count).toBe(0);
    expect((await call(t.app, 'GET', '/mall/v1/cart/items', { session: supplier })).body.code).toBe(40300);
    const moved = await call(t.app, 'POST', '/mall/v1/cart/addMyCollection', { session: buyer, json: { ids: [id] } });
    expect(moved.body.data.count).toBe(lines.length - 1);
    const fav = await t.ctx.database.db.selectFrom('favorite').selectAll().execute();
    expect(fav).toHaveLength(1);
  });
});

describe('addresses', () => {
  it('keeps one default and scopes every address to its owner', async () => {
    const body = { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact: '王晓明', phone: '13810230001' };
    const first = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: body })).body.data.id;
    const second = (
      await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: { ...body, detail: '中关村北一街2号 化学所2号楼105', isDefault: true } })
    ).body.data.id;
    const page = (await call(t.app, 'GET', '/mall/v1/recvAddress/getPageUserRecAddress?current=1&size=10', { session: buyer })).body.data;
    expect(page.records.map((r: { id: number; isDefault: boolean }) => [r.id, r.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect((await call(t.app, 'PUT', '/mall/v1/recvAddress/modify', { session: other, json: { ...body, id: first } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/mall/v1/recvAddress/del/${first}`, { session: other })).status).toBe(404);
    const bad = await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: { ...body, phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/手机号/);
  });
});

describe('delivery area in the cart', () => {
  it('marks a line its supplier does not deliver to the default address, and leaves it out of the amount; without an address nothing is marked', async () => {
    const db = t.ctx.database.db;
    const local = await makeItem(db, { supplier: '阿拉丁', name: '液氮（杜瓦罐自提）', price: 9900, stock: 10, supplyAreas: '上海,江苏,浙江' });
    const everywhere = await makeItem(db, { supplier: '国药', name: '氯化钠 分析纯', price: 1250, stock: 50 });
    const s = await as('assistant1');
    await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
      session: s,
      json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号化学所', contact: '周婷', phone: '13810230007', isDefault: true },
    });
    for (const it of [local, everywhere]) await call(t.app, 'POST', '/mall/v1/cart/add', { session: s, json: { itemId: it.id, quantity: 1 } });
    const cart = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: s })).body.data;
    expect(cart.deliverProvince).toBe('北京市');
    const lines = cart.groups.flatMap((g: { lines: { itemId: number; outOfArea: boolean }[] }) => g.lines);
    expect(lines.find((l: { itemId: number }) => l.itemId === local.id).outOfArea).toBe(true);
    expect(lines.find((l: { itemId: number }) => l.itemId === everywhere.id).outOfArea).toBe(false);
    expect(cart.goodsAmount).toBe(1250);

    // a buyer without any address: checkout will ask for one, the cart marks nothing
    await call(t.app, 'POST', '/mall/v1/cart/add', { session: other, json: { itemId: local.id, quantity: 1 } });
    const none = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: other })).body.data;
    expect(none.deliverProvince).toBeNull();
    expect(none.groups.flatMap((g: { lines: { outOfArea: boolean }[] }) => g.lines).every((l: { outOfArea: boolean }) => !l.outOfArea)).toBe(true);
  });
});
