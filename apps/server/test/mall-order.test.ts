import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { BEIJING_ADDRESS, makeItem, setDeliveryRule } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let buyer: Session;
let other: Session;
let addressId: number;
const key = () => randomBytes(8).toString('hex');
const shanghai = { province: '上海市', city: '上海市', district: '浦东新区', detail: '海科路100号 上海药物所 3号楼', contact: '林芳', phone: '13916580001' };
const beijing = BEIJING_ADDRESS;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other] = await Promise.all([as('buyer1'), as('buyer2')]);
  addressId = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: beijing })).body.data.id;
});
afterAll(() => t.close());

const add = (s: Session, itemId: number, quantity: number) => call(t.app, 'POST', '/mall/v1/cart/add', { session: s, json: { itemId, quantity } });
const cartIds = async (s: Session) =>
  (await call(t.app, 'GET', '/mall/v1/cart/items', { session: s })).body.data.groups.flatMap((g: { lines: { id: number }[] }) =>
    g.lines.map((l) => l.id),
  ) as number[];

describe('order confirmation and placement', () => {
  it('splits one order into sub-orders per supplier with delivery fees and totals from the server', async () => {
    const db = t.ctx.database.db;
    const a = await makeItem(db, { supplier: '国药', name: '无水乙醇', price: 2850, stock: 100 });
    const b = await makeItem(db, { supplier: '阿拉丁', name: '乙腈 色谱纯', price: 16800, stock: 20 });
    await setDeliveryRule(db, a.supplierId, 20000, 1500); // free from ¥200, else ¥15
    await setDeliveryRule(db, b.supplierId, 10000, 2000);
    await add(buyer, a.id, 2);
    await add(buyer, b.id, 1);
    const ids = await cartIds(buyer);
    await call(t.app, 'POST', '/mall/v1/buyTip/addBuyTip', {
      session: await as('admin'),
      json: { title: '发票说明', content: '订单完成后可申请增值税发票' },
    });

    const conf = (await call(t.app, 'POST', '/mall/v1/order/cartConfirm', { session: buyer, json: { cartIds: ids, addressId } })).body.data;
    expect(conf.groups).toHaveLength(2);
    const ga = conf.groups.find((g: { supplierId: number }) => g.supplierId === a.supplierId);
    const gb = conf.groups.find((g: { supplierId: number }) => g.supplierId === b.supplierId);
    expect([ga.goodsAmount, ga.deliveryFee, ga.totalAmount]).toEqual([5700, 1500, 7200]);
    expect([gb.goodsAmount, gb.deliveryFee, gb.totalAmount]).toEqual([16800, 0, 16800]);
    expect(conf.totalAmount).toBe(24000);
    expect(conf.canSubmit).toBe(true);
    expect(conf.buyTips.map((x: { title: string }) => x.title)).toContain('发票说明');

    const res = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { cartIds: ids, addressId, remarks: { [a.supplierId]: '请工作日送达' }, idempotencyKey: key() },
    });
    expect(res.body.code).toBe(200);
    const order = res.body.data;
    expect(order.totalAmount).toBe(24000);
    expect(order.subOrders).toHaveLength(2);
    expect(order.orderNo).toMatch(/^PO\d{8}\d{10}$/);

    const row = await db.selectFrom('purchase_order').selectAll().where('id', '=', order.orderId).executeTakeFirstOrThrow();
    const me = await db.selectFrom('user_dept').selectAll().where('user_id', '=', buyer.data.user.id).executeTakeFirstOrThrow();
    expect([row.institute_id, row.dept_id, row.team_id]).toEqual([buyer.data.user.instituteId, me.dept_id, me.team_id]);
    const subs = await db.selectFrom('sub_order').selectAll().where('order_id', '=', order.orderId).execute();
    expect(subs.find((s) => s.supplier_id === a.supplierId)?.remark).toBe('请工作日送达');
    const stock = await db.selectFrom('item').select(['id', 'stock', 'sales']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(stock.map((s) => [s.stock, s.sales])).toEqual([
      [98, 2],
      [19, 1],
    ]);
    expect(await cartIds(buyer)).toHaveLength(0);
    const audit = await db.selectFrom('audit_log').select('action').where('target', '=', `order:${order.orderId}`).execute();
    expect(audit.map((x) => x.action)).toEqual(['order.create']);
  });

  it('ignores prices, totals and suppliers sent by the client', async () => {
    const a = await makeItem(t.ctx.database.db, { supplier: '国药', name: '丙酮', price: 3500, stock: 10 });
    for (const extra of [{ price: 1 }, { totalAmount: 1 }, { supplierId: 3 }, { buyerId: 999 }]) {
      const res = await call(t.app, 'POST', '/mall/v1/order/create', {
        session: buyer,
        json: { direct: { itemId: a.id, quantity: 1 }, addressId, idempotencyKey: key(), ...extra },
      });
      expect(res.status).toBe(400);
    }
    const lineWithPrice = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: a.id, quantity: 1, price: 1 }, addressId, idempotencyKey: key() },
    });
    expect(lineWithPrice.status).toBe(400);
    const stock = await t.ctx.database.db.selectFrom('item').select('stock').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
  });

  it("refuses another buyer's address and cart lines", async () => {
    const a = await makeItem(t.ctx.database.db, { supplier: '麦克林', name: '甲醇', price: 2200, stock: 10 });
    const foreignAddress = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: other, json: shanghai })).body.data.id;
    const res = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: a.id, quantity: 1 }, addressId: foreignAddress, idempotencyKey: key() },
    });
    expect(res.status).toBe(404);
    await add(other, a.id, 1);
    const foreignCart = await cartIds(other);
    const res2 = await call(t.app, 'POST', '/mall/v1/order/create', { session: buyer, json: { cartIds: foreignCart, addressId, idempotencyKey: key() } });
    expect(res2.status).toBe(404);
    expect((await call(t.app, 'POST', '/mall/v1/order/cartConfirm', { session: buyer, json: { cartIds: foreignCart } })).status).toBe(404);
    expect(await cartIds(other)).toHaveLength(1);
  });

  it('needs the compliance confirmation for hazardous goods and respects supply areas', async () => {
    const db = t.ctx.database.db;
    const h = await makeItem(db, { supplier: '国药', name: '高锰酸钾', price: 4200, stock: 10, hazard: { hazard_precursor: 1, hazard_explosive: 1 } });
    const conf = (await call(t.app, 'POST', '/mall/v1/order/detailConfirm', { session: buyer, json: { itemId: h.id, quantity: 1, addressId } })).body.data;
    expect(conf.hasHazard).toBe(true);
    expect(conf.groups[0].lines[0].hazards).toEqual(['易制毒', '易制爆']);
    const noConfirm = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: h.id, quantity: 1 }, addressId, idempotencyKey: key() },
    });
    expect(noConfirm.body.message).toMatch(/合规告知/);
    const confirmed = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: h.id, quantity: 1 }, addressId, hazardConfirmed: true, idempotencyKey: key() },
    });
    expect(confirmed.body.code).toBe(200);

    const local = await makeItem(db, { supplier: '阿拉丁', name: '液氮', price: 9900, stock: 10, supplyAreas: '上海,江苏,浙江' });
    const v = (
      await call(t.app, 'POST', '/mall/v1/order/validateSupplyArea', { session: buyer, json: { addressId, items: [{ itemId: local.id, quantity: 1 }] } })
    ).body.data;
    expect(v.ok).toBe(false);
    const out = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: local.id, quantity: 1 }, addressId, idempotencyKey: key() },
    });
    expect(out.body.message).toMatch(/供货区域/);
    const shAddr = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: { ...shanghai, contact: '王晓明', phone: '13810230001' } }))
      .body.data.id;
    const inArea = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: local.id, quantity: 1 }, addressId: shAddr, idempotencyKey: key() },
    });
    expect(inArea.body.code).toBe(200);
  });

  it('50 concurrent orders for an item with stock 5: exactly 5 succeed and stock never goes below 0', async () => {
    const a = await makeItem(t.ctx.database.db, { supplier: '国药', name: '氰化钠', price: 5000, stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', '/mall/v1/order/create', { session: buyer, json: { direct: { itemId: a.id, quantity: 1 }, addressId, idempotencyKey: key() } }),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
    expect(results.every((r) => r.status !== 500)).toBe(true);
    const stock = await t.ctx.database.db.selectFrom('item').select('stock').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const lines = await t.ctx.database.db.selectFrom('order_line').select('id').where('item_id', '=', a.id).execute();
    expect(lines).toHaveLength(5);
  });

  it('20 parallel submissions with one key make one order', async () => {
    const a = await makeItem(t.ctx.database.db, { supplier: '麦克林', name: '二氯甲烷', price: 3300, stock: 100 });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/mall/v1/order/create', { session: buyer, json: { direct: { itemId: a.id, quantity: 2 }, addressId, idempotencyKey: k } }),
      ),
    );
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.orderId)).size).toBe(1);
    expect(results.filter((r) => r.body.data.repeated === false)).toHaveLength(1);
    const stock = await t.ctx.database.db.selectFrom('item').select('stock').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(98);
  });

  it('an assistant orders on behalf of a buyer of the same team; the order names both, and nobody else may', async () => {
    const db = t.ctx.database.db;
    const [assistant, leader] = await Promise.all([as('assistant1'), as('leader1')]);
    const ids = Object.fromEntries(
      (await db.selectFrom('app_user').select(['id', 'user_name']).where('user_name', 'in', ['buyer1', 'buyer2', 'assistant1', 'multi1']).execute()).map(
        (u) => [u.user_name, u.id],
      ),
    );
    // who may be chosen: buyers of assistant1's team only; a buyer gets nobody
    const agents = (await call(t.app, 'GET', '/mall/v1/order/agentBuyers', { session: assistant })).body.data;
    expect(agents.map((u: { userName: string }) => u.userName)).toEqual(['buyer1']);
    expect((await call(t.app, 'GET', '/mall/v1/order/agentBuyers', { session: buyer })).body.data).toEqual([]);

    const a = await makeItem(db, { supplier: '国药', name: '二氯甲烷', price: 3600, stock: 10 });
    const addr = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: assistant, json: beijing })).body.data.id;
    const placed = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: assistant,
      json: { direct: { itemId: a.id, quantity: 1 }, addressId: addr, idempotencyKey: key(), buyerId: ids.buyer1 },
    });
    expect(placed.body.code).toBe(200);
    const row = await db.selectFrom('purchase_order').selectAll().where('id', '=', placed.body.data.orderId).executeTakeFirstOrThrow();
    expect([row.buyer_id, row.placed_by_id]).toEqual([ids.buyer1, ids.assistant1]);
    const listed = async (s: Session, path: string) =>
      (await call(t.app, 'GET', `${path}?tab=all&current=1&size=50`, { session: s })).body.data.records.map((r: { id: number }) => r.id);
    expect(await listed(buyer, '/mall/v1/order-caas/buyer/page')).toContain(row.id);
    expect(await listed(assistant, '/mall/v1/order-caas/buyer/page')).toContain(row.id);
    expect(await listed(leader, '/mall/v1/order-caas/team/page')).toContain(row.id);
    const d = (await call(t.app, 'GET', `/mall/v1/order-detail/${row.id}`, { session: buyer })).body.data;
    expect([d.buyerName, d.placedByName, d.teamName]).toEqual(['王晓明', '周婷', '李明华课题组']);
    expect(d.instituteName).toContain('化学研究所');

    // a buyer of another institute, a buyer of another team, or a buyer naming someone: refused, nothing written
    for (const [s, buyerId] of [
      [assistant, ids.buyer2],
      [assistant, ids.multi1],
      [buyer, ids.assistant1],
    ] as const) {
      const res = await call(t.app, 'POST', '/mall/v1/order/create', {
        session: s,
        json: { direct: { itemId: a.id, quantity: 1 }, addressId: s === buyer ? addressId : addr, idempotencyKey: key(), buyerId },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('只能由助理为本课题组的采购人代下单');
    }
    const stock = await db.selectFrom('item').select('stock').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(9);
  });

  it('lets only the platform admin manage buy tips', async () => {
    const s = await as('supplier1');
    for (const who of [buyer, s]) {
      expect((await call(t.app, 'GET', '/mall/v1/buyTip/getAllBuyTip', { session: who })).body.code).toBe(40300);
      expect((await call(t.app, 'POST', '/mall/v1/buyTip/addBuyTip', { session: who, json: { title: 'x', content: 'y' } })).body.code).toBe(40300);
    }
  });
});

describe('checkout tells who will approve, and why', () => {
  const confirm = async (itemId: number, quantity: number) =>
    (await call(t.app, 'POST', '/mall/v1/order/detailConfirm', { session: buyer, json: { itemId, quantity, addressId } })).body.data;
  const steps = (c: { approval: { step: string }[] }) => c.approval.map((a) => a.step);

  it('below the institute threshold: the team leader; above it: team and institute; hazardous: the institute too — as placement then does', async () => {
    const db = t.ctx.database.db;
    const cheap = await makeItem(db, { supplier: '国药', name: '氯化钠 分析纯', price: 1250, stock: 100 });
    const dear = await makeItem(db, { supplier: '阿拉丁', name: '胰蛋白酶', price: 260_000, stock: 10 });
    const hazard = await makeItem(db, { supplier: '国药', name: '浓硫酸', price: 3500, stock: 10, hazard: { hazard_dangerous: 1 } });

    const low = await confirm(cheap.id, 2);
    expect(steps(low)).toEqual(['team']);
    expect(low.approval[0]).toMatchObject({ name: '课题组长审批' });
    const high = await confirm(dear.id, 2); // ¥5,200 ≥ ¥5,000
    expect(steps(high)).toEqual(['team', 'institute']);
    expect(high.approval[1].why).toContain('¥5,000.00');
    const haz = await confirm(hazard.id, 1);
    expect(steps(haz)).toEqual(['team', 'institute']);
    expect(haz.approval[1].why).toContain('含危险化学品');

    // the placed order takes exactly the announced chain
    const placed = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: dear.id, quantity: 2 }, addressId, idempotencyKey: key() },
    });
    const d = (await call(t.app, 'GET', `/mall/v1/order-detail/${placed.body.data.orderId}`, { session: buyer })).body.data;
    expect(d.approvalSteps.map((s: { step: string }) => s.step)).toEqual(steps(high));
  });
});
