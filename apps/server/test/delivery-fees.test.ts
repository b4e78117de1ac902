import { randomBytes } from 'node:crypto';
import { subOrderFee } from '@kc/contracts/supply/delivery-fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem, setFeeRules } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const key = () => randomBytes(8).toString('hex');
let buyer: Session;
const addr: Record<string, number> = {};

const places = {
  beijing: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301' },
  suzhou: { province: '江苏省', city: '苏州市', district: '工业园区', detail: '若水路398号 纳米所' },
  nanjing: { province: '江苏省', city: '南京市', district: '玄武区', detail: '北京东路71号 土壤所' },
  shanghai: { province: '上海市', city: '上海市', district: '浦东新区', detail: '海科路100号 上海药物所 3号楼' },
};

beforeAll(async () => {
  t = await createTestApp();
  buyer = await as('buyer1');
  for (const [k, p] of Object.entries(places)) {
    addr[k] = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: { ...p, contact: '王晓明', phone: '13810230001' } })).body.data.id;
  }
});
afterAll(() => t.close());

const rules = [
  { province: '', city: '', first_fee: 1500, free_above: 20000, hazard_fee: 5000 },
  { province: '北京', city: '', first_fee: 800, free_above: 10000, hazard_fee: 3000 },
  { province: '江苏省', city: '', first_fee: 1000, free_above: null, hazard_fee: 2000 },
  { province: '江苏省', city: '苏州', first_fee: 600, free_above: 30000, hazard_fee: 2000 },
];

describe('subOrderFee (pure)', () => {
  it('the most specific row wins: city > province > default; names with or without 省/市 match', () => {
    expect(subOrderFee(rules, '江苏省', '苏州市', 100, false)).toMatchObject({ deliveryFee: 600, region: '江苏省 苏州' });
    expect(subOrderFee(rules, '江苏', '南京市', 100, false)).toMatchObject({ deliveryFee: 1000, region: '江苏省' });
    expect(subOrderFee(rules, '北京市', '北京市', 100, false)).toMatchObject({ deliveryFee: 800, region: '北京' });
    expect(subOrderFee(rules, '上海市', '上海市', 100, false)).toMatchObject({ deliveryFee: 1500, region: '全国其他地区' });
    expect(subOrderFee([], '上海市', '上海市', 100, true)).toEqual({ deliveryFee: 0, hazardFee: 0, freeAbove: null, region: '' });
  });

  it('free from the threshold (null: never); the hazardous surcharge applies free or not', () => {
    expect(subOrderFee(rules, '北京市', null, 9999, false).deliveryFee).toBe(800);
    expect(subOrderFee(rules, '北京市', null, 10000, false).deliveryFee).toBe(0);
    expect(subOrderFee(rules, '北京市', null, 10000, true)).toMatchObject({ deliveryFee: 3000, hazardFee: 3000 });
    expect(subOrderFee(rules, '江苏省', '南京市', 9_999_999, false).deliveryFee).toBe(1000);
    expect(subOrderFee(rules, '上海市', null, 100, true)).toMatchObject({ deliveryFee: 6500, hazardFee: 5000 });
  });
});

describe('delivery fees at checkout', () => {
  it('computes each sub-order’s fee from the address on the server, stores it on the sub-order and in the total', async () => {
    const plain = await makeItem(db(), { supplier: '国药', name: '无水乙醇 运费测试', price: 2000, stock: 100 });
    const hazardous = await makeItem(db(), { supplier: '国药', name: '丙酮 运费测试', price: 3000, stock: 100, hazard: { hazard_dangerous: 1 } });
    const other = await makeItem(db(), { supplier: '阿拉丁', name: '乙腈 运费测试', price: 16800, stock: 20 });
    await setFeeRules(db(), plain.supplierId, rules);
    await setFeeRules(db(), other.supplierId, []);

    const confirm = async (itemId: number, quantity: number, where: string) =>
      (await req('buyer1', 'POST', '/mall/v1/order/detailConfirm', { itemId, quantity, addressId: addr[where] })).body.data;
    const g = (c: { groups: unknown[] }) =>
      c.groups[0] as { deliveryFee: number; hazardFee: number; feeRegion: string; freeAbove: number | null; totalAmount: number };

    expect(g(await confirm(plain.id, 1, 'suzhou'))).toMatchObject({ deliveryFee: 600, feeRegion: '江苏省 苏州', freeAbove: 30000, totalAmount: 2600 });
    expect(g(await confirm(plain.id, 1, 'nanjing'))).toMatchObject({ deliveryFee: 1000, feeRegion: '江苏省', freeAbove: null });
    expect(g(await confirm(plain.id, 1, 'beijing'))).toMatchObject({ deliveryFee: 800, feeRegion: '北京' });
    expect(g(await confirm(plain.id, 1, 'shanghai'))).toMatchObject({ deliveryFee: 1500, feeRegion: '全国其他地区' });
    // threshold: ¥100 of goods ships free to Beijing
    expect(g(await confirm(plain.id, 5, 'beijing'))).toMatchObject({ deliveryFee: 0, totalAmount: 10000 });
    // surcharge: hazardous goods pay it even when free
    expect(g(await confirm(hazardous.id, 4, 'beijing'))).toMatchObject({ deliveryFee: 3000, hazardFee: 3000, totalAmount: 15000 });
    // no rows: free
    expect(g(await confirm(other.id, 1, 'beijing'))).toMatchObject({ deliveryFee: 0, feeRegion: '' });

    // a cart with both suppliers to Shanghai: one sub-order each, each with its own fee
    for (const [itemId, quantity] of [
      [plain.id, 1],
      [hazardous.id, 1],
      [other.id, 1],
    ]) {
      expect((await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId, quantity })).body.code).toBe(200);
    }
    const cart = (await req('buyer1', 'GET', '/mall/v1/cart/items')).body.data;
    const cartIds = cart.groups.flatMap((x: { lines: { id: number }[] }) => x.lines.map((l) => l.id));
    const res = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { cartIds, addressId: addr.shanghai, hazardConfirmed: true, idempotencyKey: key() },
    });
    expect(res.body.code).toBe(200);
    const orderId = res.body.data.orderId as number;
    const subs = await db().selectFrom('sub_order').selectAll().where('order_id', '=', orderId).orderBy('supplier_id').execute();
    const mine = subs.find((s) => s.supplier_id === plain.supplierId)!;
    const theirs = subs.find((s) => s.supplier_id === other.supplierId)!;
    // goods ¥50 to Shanghai: default row, not free, with the surcharge
    expect([mine.goods_amount, mine.delivery_fee, mine.hazard_fee, mine.delivery_region, mine.total_amount]).toEqual([5000, 6500, 5000, '全国其他地区', 11500]);
    expect([theirs.delivery_fee, theirs.hazard_fee, theirs.delivery_region, theirs.total_amount]).toEqual([0, 0, '', 16800]);
    const order = await db().selectFrom('purchase_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect([order.goods_amount, order.delivery_fee, order.total_amount]).toEqual([21800, 6500, 28300]);
    expect(res.body.data.totalAmount).toBe(28300);
    // the order detail shows it
    const detail = (await req('buyer1', 'GET', `/mall/v1/order-detail/${orderId}`)).body.data;
    const sub = detail.subOrders.find((s: { supplierId: number }) => s.supplierId === plain.supplierId);
    expect([sub.deliveryFee, sub.hazardFee, sub.deliveryRegion]).toEqual([6500, 5000, '全国其他地区']);

    // the client never sends a fee
    const forged = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: plain.id, quantity: 1 }, addressId: addr.shanghai, deliveryFee: 0, idempotencyKey: key() },
    });
    expect([forged.status, forged.body.code]).toEqual([400, 40000]);
  });
});

describe('运费设置', () => {
  it('a supplier keeps its own rows: add, change, delete, one per region; never another supplier’s', async () => {
    await setFeeRules(db(), (await db().selectFrom('supplier').select('id').where('company_name', 'like', '%麦克林%').executeTakeFirstOrThrow()).id, []);
    const save = (user: string, body: unknown) => req(user, 'POST', '/supplier/v1/deliveryFee/save', body);
    const d = await save('supplier3', { province: '', city: '', firstFee: 1200, freeAbove: 9900, hazardFee: 2000 });
    expect(d.body.code).toBe(200);
    const zj = await save('supplier3', { province: '浙江省', city: '杭州市', firstFee: 800, freeAbove: null, hazardFee: 1500 });
    expect(zj.body.code).toBe(200);
    expect((await save('supplier3', { province: '浙江省', city: '杭州市', firstFee: 1, freeAbove: null, hazardFee: 0 })).body.code).toBe(40010);
    expect(
      (await save('supplier3', { id: zj.body.data.id, province: '浙江省', city: '杭州市', firstFee: 900, freeAbove: 19900, hazardFee: 1500 })).body.code,
    ).toBe(200);
    const list = (await req('supplier3', 'GET', '/supplier/v1/deliveryFee/list')).body.data as {
      id: number;
      region: string;
      firstFee: number;
      freeAbove: number | null;
    }[];
    expect(list.map((r) => [r.region, r.firstFee, r.freeAbove])).toEqual([
      ['全国其他地区', 1200, 9900],
      ['浙江省 杭州市', 900, 19900],
    ]);

    // another supplier: not listed, cannot change or delete
    expect(((await req('supplier1', 'GET', '/supplier/v1/deliveryFee/list')).body.data as { id: number }[]).map((r) => r.id)).not.toContain(zj.body.data.id);
    const foreign = await save('supplier1', { id: zj.body.data.id, province: '浙江省', city: '杭州市', firstFee: 1, freeAbove: null, hazardFee: 0 });
    expect(foreign.status).toBe(404);
    expect((await req('supplier1', 'POST', '/supplier/v1/deliveryFee/delete', { id: zj.body.data.id })).status).toBe(404);
    const row = await db().selectFrom('delivery_fee_rule').select('first_fee').where('id', '=', zj.body.data.id).executeTakeFirstOrThrow();
    expect(row.first_fee).toBe(900);
    // wrong roles
    for (const user of ['buyer1', 'admin']) {
      expect((await req(user, 'GET', '/supplier/v1/deliveryFee/list')).body.code).toBe(40300);
      expect((await save(user, { province: '', city: '', firstFee: 1, freeAbove: null, hazardFee: 0 })).body.code).toBe(40300);
    }
    // malformed: negative, fractional, a city on the default row, a supplier id
    for (const body of [
      { province: '', city: '', firstFee: -1, freeAbove: null, hazardFee: 0 },
      { province: '', city: '', firstFee: 1.5, freeAbove: null, hazardFee: 0 },
      { province: '', city: '杭州市', firstFee: 1, freeAbove: null, hazardFee: 0 },
      { province: '浙江省', city: '', firstFee: 1, freeAbove: null, hazardFee: 0, supplierId: 1 },
    ]) {
      const res = await save('supplier3', body);
      expect([res.status, res.body.code]).toEqual([400, 40000]);
    }
    expect((await req('supplier3', 'POST', '/supplier/v1/deliveryFee/delete', { id: zj.body.data.id })).body.code).toBe(200);
    expect((await req('supplier3', 'GET', '/supplier/v1/deliveryFee/list')).body.data).toHaveLength(1);
  });
});
