import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, login, type Session } from './support/sessions.ts';
import { addresses, CJK } from './support/uac.ts';

let t: TestApp;
let buyer: Session;
let other: Session;
let supplier: Session;
const ip = addresses('10.91');
beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, supplier] = await Promise.all([
    login(t.app, 'buyer1', undefined, { remoteAddress: ip() }),
    login(t.app, 'buyer2', undefined, { remoteAddress: ip() }),
    login(t.app, 'supplier1', undefined, { remoteAddress: ip() }),
  ]);
});
afterAll(() => t.close());

const page = (s: Session, query = '') => call(t.app, 'GET', `/mall/v1/favorite/page?current=1&size=10${query}`, { session: s });
const status = async (s: Session, itemId: number) =>
  (await call(t.app, 'GET', `/mall/v1/favorite/status?itemId=${itemId}`, { session: s })).body.data.favorited;
const add = (s: Session, itemId: unknown) => call(t.app, 'POST', '/mall/v1/favorite/add', { session: s, json: { itemId } });
const del = (s: Session, itemIds: unknown) => call(t.app, 'POST', '/mall/v1/favorite/delByItemIds', { session: s, json: { itemIds } });
const itemIds = (r: { body: { data: { records: { itemId: number }[] } } }) => r.body.data.records.map((x) => x.itemId);

describe('favourites', () => {
  it('adds an item once, reports its status and lists it with the current price and stock', async () => {
    const db = t.ctx.database.db;
    const a = await makeItem(db, { supplier: '国药', name: '收藏测试 无水乙醇', price: 2850, stock: 10, cas: '64-17-5' });
    const b = await makeItem(db, { supplier: '阿拉丁', name: '收藏测试 乙腈', price: 16800, stock: 3, cas: '75-05-8' });
    expect(await status(buyer, a.id)).toBe(false);

    const first = await add(buyer, a.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 200, message: '已收藏', data: { favorited: true } });
    // adding again is not an error and keeps one row
    expect((await add(buyer, a.id)).status).toBe(200);
    expect((await add(buyer, b.id)).status).toBe(200);
    expect(await status(buyer, a.id)).toBe(true);
    expect(await db.selectFrom('favorite').selectAll().where('item_id', '=', a.id).execute()).toHaveLength(1);

    await db.updateTable('item').set({ price: 3000, stock: 7 }).where('id', '=', a.id).execute();
    const list = await page(buyer);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    // newest first
    expect(itemIds(list)).toEqual([b.id, a.id]);
    expect(list.body.data.records[1]).toMatchObject({
      itemId: a.id,
      name: '收藏测试 无水乙醇',
      cas: '64-17-5',
      price: 3000,
      stock: 7,
      unit: '瓶',
      supplierId: a.supplierId,
      state: 'onShelf',
      favoritedAt: expect.any(String),
    });

    const audit = await db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'favorite.add').execute();
    expect(audit.map((r) => r.target)).toEqual([`item:${a.id}`, `item:${b.id}`]);
  });

  it('searches by name or CAS number and pages', async () => {
    const byName = await page(buyer, `&keyword=${encodeURIComponent('乙腈')}`);
    expect(byName.body.data.total).toBe(1);
    expect(byName.body.data.records[0].name).toBe('收藏测试 乙腈');
    const byCas = await page(buyer, '&keyword=64-17-5');
    expect(byCas.body.data.records.map((r: { cas: string }) => r.cas)).toEqual(['64-17-5']);
    const partCas = await page(buyer, '&keyword=75-05');
    expect(partCas.body.data.records.map((r: { cas: string }) => r.cas)).toEqual(['75-05-8']);
    // LIKE wildcards match literally
    expect((await page(buyer, `&keyword=${encodeURIComponent('%')}`)).body.data.total).toBe(0);
    expect((await page(buyer, '&keyword=nothing-like-this')).body.data).toMatchObject({ total: 0, records: [] });

    const p1 = await call(t.app, 'GET', '/mall/v1/favorite/page?current=1&size=1', { session: buyer });
    const p2 = await call(t.app, 'GET', '/mall/v1/favorite/page?current=2&size=1', { session: buyer });
    expect(p1.body.data).toMatchObject({ total: 2, current: 1, size: 1 });
    expect(p2.body.data).toMatchObject({ total: 2, current: 2, size: 1 });
    expect([...itemIds(p1), ...itemIds(p2)]).toEqual(itemIds(await page(buyer)));
  });

  it('keeps off-shelf and deleted items in the list, flagged, and refuses to add a deleted or unknown item', async () => {
    const db = t.ctx.database.db;
    const off = await makeItem(db, { supplier: '麦克林', name: '收藏测试 氯化钠', price: 1200, stock: 50 });
    const gone = await makeItem(db, { supplier: '麦克林', name: '收藏测试 硫酸铜', price: 900, stock: 5 });
    await add(buyer, off.id);
    await add(buyer, gone.id);
    await db.updateTable('item').set({ on_shelf: 0 }).where('id', '=', off.id).execute();
    await db.updateTable('item').set({ deleted: 1 }).where('id', '=', gone.id).execute();
    const records = (await page(buyer)).body.data.records as { itemId: number; state: string }[];
    expect(records.find((r) => r.itemId === off.id)?.state).toBe('offShelf');
    expect(records.find((r) => r.itemId === gone.id)?.state).toBe('deleted');

    const deleted = await add(other, gone.id);
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe('商品不存在或已删除');
    const unknown = await add(buyer, 99_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('商品不存在或已删除');
    // an off-shelf item may still be kept for later
    expect((await add(other, off.id)).status).toBe(200);
    expect((await del(other, [off.id])).status).toBe(200);
  });

  it("keeps each buyer's favourites to themselves", async () => {
    const mine = itemIds(await page(buyer));
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await page(other);
    expect(theirs.body.data).toMatchObject({ total: 0, records: [] });
    expect(await status(other, mine[0])).toBe(false);

    const foreign = await del(other, mine);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('收藏夹中没有这些商品');
    expect(itemIds(await page(buyer))).toEqual(mine);

    // mixing a foreign id with one's own removes only one's own
    const own = await makeItem(t.ctx.database.db, { supplier: '国药', name: '收藏测试 丙酮', price: 2000, stock: 5 });
    await add(other, own.id);
    const mixed = await del(other, [own.id, ...mine]);
    expect(mixed.body.data.count).toBe(1);
    expect(itemIds(await page(buyer))).toEqual(mine);
  });

  it('removes one or several favourites and writes an audit row', async () => {
    const before = itemIds(await page(buyer));
    const one = await del(buyer, [before[0]]);
    expect(one.body).toMatchObject({ code: 200, message: '已取消收藏', data: { count: 1 } });
    expect(await status(buyer, before[0])).toBe(false);
    const rest = before.slice(1);
    const batch = await del(buyer, [...rest, rest[0]]);
    expect(batch.body.data.count).toBe(rest.length);
    expect((await page(buyer)).body.data).toMatchObject({ total: 0, records: [] });
    expect((await del(buyer, [before[0]])).status).toBe(404);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('target').where('action', '=', 'favorite.delete').execute();
    expect(audit.map((r) => r.target)).toContain(`item:${before[0]}`);
  });

  it('moves cart lines into the same favourites', async () => {
    const x = await makeItem(t.ctx.database.db, { supplier: '阿拉丁', name: '收藏测试 甲醇', price: 1500, stock: 9 });
    await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer, json: { itemId: x.id, quantity: 1 } });
    const line = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer })).body.data.groups
      .flatMap((g: { lines: { id: number; itemId: number }[] }) => g.lines)
      .find((l: { itemId: number }) => l.itemId === x.id);
    expect((await call(t.app, 'POST', '/mall/v1/cart/addMyCollection', { session: buyer, json: { ids: [line.id] } })).status).toBe(200);
    expect(await status(buyer, x.id)).toBe(true);
    expect(itemIds(await page(buyer))).toEqual([x.id]);
  });

  it('refuses suppliers', async () => {
    for (const r of [await page(supplier), await add(supplier, 1), await del(supplier, [1])]) {
      expect(r.body.code).toBe(40300);
    }
    expect((await call(t.app, 'GET', '/mall/v1/favorite/status?itemId=1', { session: supplier })).body.code).toBe(40300);
  });

  it('answers malformed input with 400 and a Chinese message, never 500', async () => {
    const cases = [
      await add(buyer, 'abc'),
      await add(buyer, -1),
      await call(t.app, 'POST', '/mall/v1/favorite/add', { session: buyer, json: { itemId: 1, userId: 2 } }),
      await call(t.app, 'POST', '/mall/v1/favorite/add', { session: buyer, raw: { body: '{bad', type: 'application/json' } }),
      await del(buyer, []),
      await del(buyer, 'x'),
      await del(
        buyer,
        Array.from({ length: 201 }, (_, i) => i + 1),
      ),
      await call(t.app, 'POST', '/mall/v1/favorite/delByItemIds', { session: buyer, json: { itemIds: [1], userId: 2 } }),
      await call(t.app, 'GET', '/mall/v1/favorite/status', { session: buyer }),
      await call(t.app, 'GET', '/mall/v1/favorite/status?itemId=abc', { session: buyer }),
      await call(t.app, 'GET', '/mall/v1/favorite/page?current=0', { session: buyer }),
      await call(t.app, 'GET', '/mall/v1/favorite/page?size=101', { session: buyer }),
      await call(t.app, 'GET', `/mall/v1/favorite/page?keyword=${'x'.repeat(51)}`, { session: buyer }),
      await call(t.app, 'GET', '/mall/v1/favorite/page?userId=2', { session: buyer }),
    ];
    for (const r of cases) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(CJK);
    }
  });
});

describe('favourites menu', () => {
  it('is granted to the roles that hold 收货地址, and not to others', async () => {
    const info = async (user: string) => {
      const s = await login(t.app, user, undefined, { remoteAddress: ip() });
      return (await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).body.data;
    };
    for (const user of ['buyer1', 'leader1', 'assistant1']) {
      const d = await info(user);
      const purchase = d.menuVOList.find((m: { name: string }) => m.name === '采购管理');
      expect(purchase.child.find((c: { name: string }) => c.name === '我的收藏')).toMatchObject({ path: '/cass/favorites', component: 'mall/favorites' });
      expect(d.limitGroup).toContain('mall:favorite');
    }
    const checker = await info('checker1');
    expect(checker.limitGroup).not.toContain('mall:favorite');
    const s = await login(t.app, 'checker1', undefined, { remoteAddress: ip() });
    expect((await call(t.app, 'GET', '/mall/v1/favorite/page', { session: s })).body.code).toBe(40300);
  });
});

describe('favourites menu on a database seeded before it existed', () => {
  it('migration 006 adds the menu after 收货地址 and grants it to the built-in roles holding 收货地址', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-fav-'));
    const pg = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : null;
    const opts = { dataDir, databaseUrl: pg?.url };
    try {
      // an installation from before: no 我的收藏, migration 006 not yet applied
      const before = await createTestApp(opts);
      const db = before.ctx.database.db;
      const fav = await db.selectFrom('resource').select(['id', 'sort']).where('perm_code', '=', 'mall:favorite').executeTakeFirstOrThrow();
      const seeded = await db.selectFrom('authority').select('role_id').where('resource_id', '=', fav.id).orderBy('role_id').execute();
      await db.deleteFrom('authority').where('resource_id', '=', fav.id).execute();
      await db.deleteFrom('resource').where('id', '=', fav.id).execute();
      await db
        .updateTable('resource')
        .set((eb) => ({ sort: eb('sort', '-', 1) }))
        .where('side', '=', 1)
        .where('sort', '>', fav.sort)
        .execute();
      // 006 and every later migration count as not applied (later ones are idempotent)
      await (db as any).deleteFrom('kysely_migration').where('name', '>=', '006').execute();
      await before.close();

      const after = await createTestApp(opts);
      try {
        const adb = after.ctx.database.db;
        const menus = await adb
          .selectFrom('resource')
          .select(['id', 'name', 'parent_id', 'sort', 'path', 'component'])
          .where('side', '=', 1)
          .orderBy('sort')
          .execute();
        const address = menus.findIndex((m) => m.path === '/cass/address');
        expect(menus[address + 1]).toMatchObject({
          name: '我的收藏',
          path: '/cass/favorites',
          component: 'mall/favorites',
          parent_id: menus[address].parent_id,
        });
        expect(new Set(menus.map((m) => m.sort)).size).toBe(menus.length);
        const granted = await adb
          .selectFrom('authority')
          .select('role_id')
          .where('resource_id', '=', menus[address + 1].id)
          .orderBy('role_id')
          .execute();
        // the same roles the seed grants it to on a fresh database
        expect(granted).toEqual(seeded);
        const s = await login(after.app, 'buyer1', undefined, { remoteAddress: ip() });
        expect((await call(after.app, 'GET', '/mall/v1/favorite/page', { session: s })).status).toBe(200);
      } finally {
        await after.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
    }
  });
});
