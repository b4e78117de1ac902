import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { addBeijingAddress, makeItem } from './support/mall-fixtures.ts';
import { demoSessions } from './support/sessions.ts';

/** 协议价 (issue 10 §4): the most specific rule of the buyer's institute and department prices the cart, the order and the item page. */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
let buyer1Institute: number;
let buyer1Dept: { id: number; path: string };
let parentDept: number | null;

beforeAll(async () => {
  t = await createTestApp();
  const u = await db().selectFrom('app_user').select(['institute_id', 'current_dept_id']).where('user_name', '=', 'buyer1').executeTakeFirstOrThrow();
  buyer1Institute = u.institute_id as number;
  const dept = await db()
    .selectFrom('dept')
    .select(['id', 'path', 'parent_id'])
    .where('id', '=', u.current_dept_id as number)
    .executeTakeFirstOrThrow();
  buyer1Dept = { id: dept.id, path: dept.path };
  parentDept = dept.parent_id;
});
afterAll(() => t.close());

const rule = (o: Record<string, unknown>) => ({ instituteId: buyer1Institute, kind: 'rate', rate: 950, validFrom: today, validTo: nextYear, ...o });
const cartLine = async (user: string, itemId: number) =>
  (await req(user, 'GET', '/mall/v1/cart/items')).body.data.groups
    .flatMap((g: { lines: { itemId: number }[] }) => g.lines)
    .find((l: { itemId: number }) => l.itemId === itemId);

describe('协议价', () => {
  it('the demo: 麦克林 gives 上海药物所 its discount, the chemistry institute pays list prices', async () => {
    const supplier = await db().selectFrom('supplier').select('id').where('company_name', 'like', '%麦克林%').executeTakeFirstOrThrow();
    const item = await db()
      .selectFrom('item')
      .select(['id', 'price'])
      .where('supplier_id', '=', supplier.id)
      .where('on_shelf', '=', 1)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const theirs = (await req('buyer2', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data;
    expect(['9.2折', '9.5折']).toContain(theirs.priceNote);
    expect(theirs.price).toBeLessThan(Number(item.price));
    expect((await req('buyer1', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data).toMatchObject({ price: Number(item.price), priceNote: null });
  });

  it('search results and shop listings show each buyer their own price beside the list price', async () => {
    const supplier = await db().selectFrom('supplier').select('id').where('company_name', 'like', '%麦克林%').executeTakeFirstOrThrow();
    const item = await db()
      .selectFrom('item')
      .select(['id', 'price', 'catalog_no'])
      .where('supplier_id', '=', supplier.id)
      .where('on_shelf', '=', 1)
      .where('deleted', '=', 0)
      .where('catalog_no', 'is not', null)
      .executeTakeFirstOrThrow();
    const found = async (user: string) =>
      (await req(user, 'GET', `/mall/v1/item/search?q=${encodeURIComponent(item.catalog_no as string)}&current=1&size=20`)).body.data.records.find(
        (r: { id: number }) => r.id === item.id,
      );
    const theirs = await found('buyer2');
    expect(theirs.listPrice).toBe(Number(item.price));
    expect(theirs.price).toBeLessThan(Number(item.price));
    expect(['9.2折', '9.5折']).toContain(theirs.priceNote);
    // the same figure as the item page
    expect(theirs.price).toBe((await req('buyer2', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data.price);
    expect(await found('buyer1')).toMatchObject({ price: Number(item.price), listPrice: Number(item.price), priceNote: null });

    // the shop's listing: every item of the page discounted for buyer2, none for buyer1
    const shop = async (user: string) => (await req(user, 'GET', `/mall/v1/shop/items?supplierId=${supplier.id}&current=1&size=20`)).body.data.records;
    const discounted = await shop('buyer2');
    expect(discounted.length).toBeGreaterThan(1);
    for (const r of discounted) expect(r.price).toBeLessThan(r.listPrice);
    for (const r of await shop('buyer1')) expect([r.price, r.priceNote]).toEqual([r.listPrice, null]);
  });

  it('a sale (促销) shows in the search results at its price for any buyer', async () => {
    const item = await db()
      .selectFrom('item')
      .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
      .select(['item.id', 'item.price', 'item.catalog_no', 'item.supplier_id'])
      .where('supplier.company_name', 'like', '%国药%')
      .where('item.on_shelf', '=', 1)
      .where('item.deleted', '=', 0)
      .where('item.catalog_no', 'is not', null)
      .where('item.price', '>', 1000)
      .executeTakeFirstOrThrow();
    const pre = await db()
      .insertInto('item_pre')
      .values({ supplier_id: item.supplier_id, item_id: item.id, payload: '{}', status: 1, submitted_by: 1, submitted_at: today })
      .returning('id')
      .executeTakeFirstOrThrow();
    const salePrice = Number(item.price) - 500;
    await db()
      .insertInto('item_sale')
      .values({
        supplier_id: item.supplier_id,
        item_id: item.id,
        pre_id: pre.id,
        title: '测试促销',
        sale_price: salePrice,
        starts_at: today,
        ends_at: nextYear,
        ended_at: null,
        created_at: today,
      })
      .execute();
    for (const user of ['buyer1', 'buyer2']) {
      const rows = (await req(user, 'GET', `/mall/v1/item/search?q=${encodeURIComponent(item.catalog_no as string)}&current=1&size=20`)).body.data.records;
      expect(rows.find((r: { id: number }) => r.id === item.id)).toMatchObject({ price: salePrice, listPrice: Number(item.price), priceNote: '促销价' });
    }
  });

  it('the most specific rule prices the cart and the item page; a buyer of another institute pays the list price', async () => {
    const item = await makeItem(db(), { supplier: '国药', name: '乙酸乙酯 分析纯', price: 10_000, stock: 50 });
    const inst = await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({}));
    expect(inst.body.message).toBe('已保存');
    await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: item.id, quantity: 1 });
    expect(await cartLine('buyer1', item.id)).toMatchObject({ price: 9500, listPrice: 10_000, priceNote: '9.5折', priceAtAdd: 9500 });

    // the buyer's department (or a parent of it) beats the institute, even with a smaller discount
    const dept = await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ deptId: parentDept ?? buyer1Dept.id, rate: 980 }));
    expect((await cartLine('buyer1', item.id)).price).toBe(9800);
    // one item's negotiated price beats all items at the same reach
    await req(
      'supplier1',
      'POST',
      '/supplier/v1/deptDiscount/add',
      rule({ deptId: parentDept ?? buyer1Dept.id, kind: 'price', rate: undefined, price: 8800, itemId: item.id }),
    );
    const detail = (await req('buyer1', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data;
    expect([detail.price, detail.listPrice, detail.priceNote]).toEqual([8800, 10_000, '协议价']);

    // another institute's buyer: list price
    await req('buyer2', 'POST', '/mall/v1/cart/add', { itemId: item.id, quantity: 1 });
    expect(await cartLine('buyer2', item.id)).toMatchObject({ price: 10_000, priceNote: null });

    // disabled: the next rule in line
    await req('supplier1', 'POST', `/supplier/v1/deptDiscount/disable/${dept.body.data.id}`);
    expect((await cartLine('buyer1', item.id)).price).toBe(8800);
    const list = (await req('supplier1', 'GET', '/supplier/v1/deptDiscount/plist?current=1&size=10')).body.data;
    expect(list.records.map((r: { kind: string; inForce: boolean }) => [r.kind, r.inForce])).toEqual([
      ['price', true],
      ['rate', false],
      ['rate', true],
    ]);
  });

  it('the order line keeps the list price and the rule beside the price charged', async () => {
    const item = await makeItem(db(), { supplier: '国药', name: '二氯甲烷 分析纯', price: 5000, stock: 50 });
    await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ itemId: item.id, kind: 'price', rate: undefined, price: 4200 }));
    const addressId = await addBeijingAddress(req);
    const order = await req('buyer1', 'POST', '/mall/v1/order/create', {
      direct: { itemId: item.id, quantity: 2 },
      addressId,
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    expect(order.body.code).toBe(200);
    const line = await db().selectFrom('order_line').selectAll().where('order_id', '=', order.body.data.orderId).executeTakeFirstOrThrow();
    expect([Number(line.unit_price), Number(line.amount), Number(line.list_price), line.price_note]).toEqual([4200, 8400, 5000, '协议价']);
    const detail = (await req('buyer1', 'GET', `/mall/v1/order-detail/${order.body.data.orderId}`)).body.data;
    const lines = detail.subOrders.flatMap((s: { lines: unknown[] }) => s.lines);
    expect(lines[0]).toMatchObject({ unitPrice: 4200, listPrice: 5000, priceNote: '协议价' });
  });

  it('refuses rules out of scope or out of shape, and another supplier’s rules are not found', async () => {
    const otherInstitute = (await db().selectFrom('app_user').select('institute_id').where('user_name', '=', 'buyer2').executeTakeFirstOrThrow()).institute_id;
    const foreignDept = await db()
      .selectFrom('dept')
      .select('id')
      .where('institute_id', '=', otherInstitute as number)
      .executeTakeFirstOrThrow();
    const bad = await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ deptId: foreignDept.id }));
    expect(bad.body.message).toBe('所选部门不属于该研究所');
    const theirs = await makeItem(db(), { supplier: '阿拉丁', name: '甲苯', price: 3000, stock: 5 });
    expect((await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ itemId: theirs.id }))).body.message).toBe('商品不存在');
    const mine = await makeItem(db(), { supplier: '国药', name: '正己烷', price: 3000, stock: 5 });
    expect(
      (await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ itemId: mine.id, kind: 'price', rate: undefined, price: 3000 }))).body.message,
    ).toBe('协议价须低于商品的目录价');
    const shape = await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ kind: 'price', rate: undefined, price: 100 }));
    expect(shape.status).toBe(400);
    expect(shape.body.message).toMatch(/协议价须指定商品/);
    const dates = await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ validFrom: nextYear, validTo: today }));
    expect(dates.body.message).toMatch(/结束日期不能早于开始日期/);

    const own = (await req('supplier1', 'POST', '/supplier/v1/deptDiscount/add', rule({ rate: 900 }))).body.data.id;
    for (const path of [`/supplier/v1/deptDiscount/disable/${own}`, `/supplier/v1/deptDiscount/delete/${own}`]) {
      expect((await req('supplier2', 'POST', path)).body.code).toBe(404);
    }
    expect((await req('supplier2', 'POST', '/supplier/v1/deptDiscount/update', { id: own, rule: rule({}) })).body.code).toBe(404);
    const seen = (await req('supplier2', 'GET', '/supplier/v1/deptDiscount/plist?current=1&size=50')).body.data.records;
    expect(seen.some((r: { id: number }) => r.id === own)).toBe(false);
    for (const user of ['buyer1', 'admin']) expect((await req(user, 'GET', '/supplier/v1/deptDiscount/plist?current=1&size=10')).body.code).not.toBe(200);
    expect((await req('supplier1', 'POST', `/supplier/v1/deptDiscount/delete/${own}`)).body.message).toBe('已删除');
  });
});
