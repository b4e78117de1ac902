import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { demoSessions } from './support/sessions.ts';

/** 促销 (issue 10 §4): a sale waits for the platform, then prices the item for every buyer within its days. */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sales = async (user: string) => (await req(user, 'GET', '/supplier/v1/sale/plist?current=1&size=20')).body.data.records;
const priceFor = async (user: string, itemId: number) => (await req(user, 'GET', `/mall/v1/item/detail/${itemId}`)).body.data;

describe('促销', () => {
  it('is reviewed by the platform, then prices the item for every buyer during its days, and can end early', async () => {
    const item = await makeItem(db(), { supplier: '国药', name: '丙酮 分析纯', price: 6000, stock: 40 });
    const asked = await req('supplier1', 'POST', '/supplier/v1/sale/add', {
      itemId: item.id,
      title: '开学季特惠',
      salePrice: 4800,
      startsAt: day(0),
      endsAt: day(10),
    });
    expect(asked.body.message).toBe('已提交，平台审核通过后按期生效');
    expect((await sales('supplier1'))[0]).toMatchObject({ itemId: item.id, state: 'pending', salePrice: 4800, listPrice: 6000 });
    // not before the platform approves
    expect((await priceFor('buyer1', item.id)).price).toBe(6000);
    const again = await req('supplier1', 'POST', '/supplier/v1/sale/add', {
      itemId: item.id,
      title: '再来一次',
      salePrice: 4000,
      startsAt: day(0),
      endsAt: day(3),
    });
    expect(again.body.message).toBe('该商品已有申请在审核中，请等待审核结果');

    const queue = (await req('admin', 'GET', '/supplier/v1/itemPre/review/page?status=pending&current=1&size=50')).body.data.records;
    const request = queue.find((r: { itemId: number; kind: string }) => r.itemId === item.id && r.kind === 'sale');
    expect(request.changes).toBe(`促销“开学季特惠”：¥60.00 → ¥48.00（降 20%），${day(0)} 至 ${day(10)}`);
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${request.id}`, { pass: true })).body.code).toBe(200);

    for (const buyer of ['buyer1', 'buyer2']) expect(await priceFor(buyer, item.id)).toMatchObject({ price: 4800, listPrice: 6000, priceNote: '促销价' });
    await req('buyer2', 'POST', '/mall/v1/cart/add', { itemId: item.id, quantity: 2 });
    const [sale] = await sales('supplier1');
    expect(sale).toMatchObject({ state: 'running' });
    expect((await req('supplier2', 'POST', `/supplier/v1/sale/end/${sale.saleId}`)).body.code).toBe(404);
    expect((await req('supplier1', 'POST', `/supplier/v1/sale/end/${sale.saleId}`)).body.message).toBe('促销已结束');
    expect((await priceFor('buyer1', item.id)).price).toBe(6000);
    expect((await sales('supplier1'))[0].state).toBe('ended');
  });

  it('refuses a sale above the price, too long, already over, or on another supplier’s item; a scheduled sale does not price yet', async () => {
    const item = await makeItem(db(), { supplier: '国药', name: '甲醇 色谱纯', price: 9000, stock: 40 });
    const ask = (o: Record<string, unknown>, user = 'supplier1') =>
      req(user, 'POST', '/supplier/v1/sale/add', { itemId: item.id, title: '年末清仓', salePrice: 8000, startsAt: day(1), endsAt: day(5), ...o });
    expect((await ask({ salePrice: 9000 })).body.message).toBe('促销价须低于商品现价');
    expect((await ask({ endsAt: day(120) })).body.message).toBe('促销最长 90 天');
    expect((await ask({ startsAt: day(-5), endsAt: day(-1) })).body.message).toBe('结束日期不能早于今天');
    expect((await ask({}, 'supplier2')).body.code).toBe(404);
    expect((await ask({ endsAt: day(0) })).status).toBe(400);
    await ask({});
    const pre = (await sales('supplier1')).find((s: { itemId: number }) => s.itemId === item.id);
    await req('admin', 'POST', `/supplier/v1/assertItemById/${pre.id}`, { pass: true });
    expect((await sales('supplier1')).find((s: { itemId: number }) => s.itemId === item.id).state).toBe('scheduled');
    expect((await priceFor('buyer1', item.id)).price).toBe(9000);
    for (const user of ['buyer1', 'admin']) expect((await req(user, 'GET', '/supplier/v1/sale/plist?current=1&size=5')).body.code).not.toBe(200);
  });
});
