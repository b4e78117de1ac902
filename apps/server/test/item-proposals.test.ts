import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { demoSessions } from './support/sessions.ts';

/** 新增商品 through platform review (issue 10 §2): proposal, approval into the catalog, refusal with a reason. */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const brandId = async (name: string) => (await db().selectFrom('brand').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const categoryId = async (name: string) => (await db().selectFrom('category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const proposal = async (over: Record<string, unknown> = {}) => ({
  name: '4-溴苯硼酸',
  nameEn: '4-Bromophenylboronic acid',
  cas: '5467-74-3',
  brandId: await brandId('国药(沪试)'),
  catalogNo: 'XW5467743',
  spec: '25g',
  grade: '98%',
  unit: '瓶',
  categoryId: await categoryId('有机试剂'),
  price: 36_800,
  stock: 40,
  hazards: [],
  ...over,
});

describe('新增商品审核', () => {
  it('a proposal waits for review and is not sold; approved, it is in search with its structure picture', async () => {
    const sent = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal());
    expect(sent.body.message).toBe('已提交，平台审核通过后上架');
    const mine = (await req('supplier1', 'GET', '/supplier/v1/itemPre/page?current=1&size=10')).body.data.records;
    expect(mine[0]).toMatchObject({ name: '4-溴苯硼酸', status: 0, brand: '国药(沪试)', category: '有机试剂', price: 36_800 });
    const before = await req('buyer1', 'GET', `/mall/v1/item/search?q=${encodeURIComponent('4-溴苯硼酸')}&current=1&size=10`);
    expect(before.body.data.records).toHaveLength(0);
    // another supplier neither sees it nor may decide it
    expect((await req('supplier2', 'GET', '/supplier/v1/itemPre/page?current=1&size=10')).body.data.records.map((r: { id: number }) => r.id)).not.toContain(
      sent.body.data.id,
    );
    expect((await req('supplier2', 'POST', `/supplier/v1/assertItemById/${sent.body.data.id}`, { pass: true })).body.code).toBe(40300);

    const queue = (await req('admin', 'GET', '/supplier/v1/itemPre/review/page?status=0&current=1&size=10')).body.data.records;
    expect(queue.map((r: { id: number }) => r.id)).toContain(sent.body.data.id);
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${sent.body.data.id}`, { pass: true })).body.message).toBe('已通过');
    const after = await req('buyer1', 'GET', `/mall/v1/item/search?q=${encodeURIComponent('4-溴苯硼酸')}&current=1&size=10`);
    expect(after.body.data.records).toHaveLength(1);
    // a CAS the catalog has no structure for, and no SMILES given: its category's drawing
    expect(after.body.data.records[0]).toMatchObject({ price: 36_800, image: '/mall/v1/noauth/picture/cat-reagent-bottle.svg' });
    // found by 货号 too; a second decision on it is a conflict
    expect((await req('buyer1', 'GET', '/mall/v1/item/search?q=XW5467743&current=1&size=10')).body.data.records).toHaveLength(1);
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${sent.body.data.id}`, { pass: false, reason: '重复' })).body.code).toBe(40009);
  });

  it('draws the supplier’s SMILES into the item’s own picture, and refuses one that cannot be drawn', async () => {
    const bad = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'XW-S0', smiles: 'C1CC(' }));
    expect(bad.body.message).toBe('结构式（SMILES）无法解析，请核对或留空');
    const sent = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'XW-S1', smiles: 'OB(O)c1ccc(Br)cc1' }));
    await req('admin', 'POST', `/supplier/v1/assertItemById/${sent.body.data.id}`, { pass: true });
    const row = await db().selectFrom('item_pre').select('item_id').where('id', '=', sent.body.data.id).executeTakeFirstOrThrow();
    const detail = (await req('buyer1', 'GET', `/mall/v1/item/detail/${row.item_id}`)).body.data;
    expect(detail.images).toEqual([`/mall/v1/noauth/picture/itm-${row.item_id}.svg`]);
    const svg = await t.app.inject({ method: 'GET', url: detail.images[0] });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('>Br<');
  });

  it('refuses a wrong CAS check digit, a non-leaf category, and a brand and 货号 already sold or pending', async () => {
    const wrongCas = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ cas: '5467-74-4', catalogNo: 'XW1' }));
    expect(wrongCas.body.message).toBe('CAS 号校验位不正确，请核对');
    const top = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ categoryId: await categoryId('化学试剂'), catalogNo: 'XW2' }));
    expect(top.body.message).toBe('请选择最末一级的商品分类');
    const sold = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal());
    expect(sold.body.message).toBe('已有相同品牌与货号的商品，请在商品管理中修改它');
    await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'XW3' }));
    const twice = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'XW3' }));
    expect(twice.body.message).toBe('相同品牌与货号的商品已在审核中');
    const fen = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'XW4', price: 12.3 }));
    expect(fen.status).toBe(400);
  });

  it('a refusal needs a reason, which the supplier reads; a batch is all or nothing', async () => {
    const a = (await req('supplier3', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'MK-A1', brandId: await brandId('麦克林') }))).body.data
      .id;
    const b = (await req('supplier3', 'POST', '/supplier/v1/itemPre/add', await proposal({ catalogNo: 'MK-B1', brandId: await brandId('麦克林') }))).body.data
      .id;
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${a}`, { pass: false })).status).toBe(400);
    expect(
      (await req('admin', 'POST', '/supplier/v1/assertItemBatch', { ids: [a, b, 999_999], pass: false, reason: '缺少危险化学品经营许可证' })).body.code,
    ).toBe(404);
    const untouched = await db().selectFrom('item_pre').select('status').where('id', 'in', [a, b]).execute();
    expect(untouched.every((r) => r.status === 0)).toBe(true);
    expect((await req('admin', 'POST', '/supplier/v1/assertItemBatch', { ids: [a, b], pass: false, reason: '缺少危险化学品经营许可证' })).body.message).toBe(
      '已驳回',
    );
    const mine = (await req('supplier3', 'GET', '/supplier/v1/itemPre/page?status=2&current=1&size=10')).body.data.records;
    expect(mine.map((r: { refuseReason: string }) => r.refuseReason)).toEqual(['缺少危险化学品经营许可证', '缺少危险化学品经营许可证']);
  });

  it('a change to name, CAS or flags waits for review while the item sells unchanged, then applies with its search words', async () => {
    const item = await db()
      .selectFrom('item')
      .select(['id', 'name', 'cas', 'hazard_dangerous'])
      .where(
        'supplier_id',
        '=',
        (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow()).supplier_id as number,
      )
      .where('deleted', '=', 0)
      .where('on_shelf', '=', 1)
      .where('cas', 'is not', null)
      .where('hazard_dangerous', '=', 1)
      .where('hazard_precursor', '=', 0)
      .where('hazard_explosive', '=', 0)
      .where('hazard_toxic', '=', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const newName = `${item.name}（药用级）`;
    const body = { itemId: item.id, name: newName, cas: item.cas as string, hazards: ['dangerous', 'precursor'], taxRate: '6' };
    const sent = await req('supplier1', 'POST', '/supplier/v1/itemPre/change', body);
    expect(sent.body.message).toBe('已提交，平台审核通过后生效');
    expect((await req('supplier1', 'POST', '/supplier/v1/itemPre/change', body)).body.message).toBe('该商品已有修改在审核中，请等待审核结果');
    expect((await req('buyer1', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data.name).toBe(item.name);
    const queue = (await req('admin', 'GET', '/supplier/v1/itemPre/review/page?status=pending&current=1&size=50')).body.data.records;
    const row = queue.find((r: { id: number }) => r.id === sent.body.data.id);
    expect(row).toMatchObject({ kind: 'change', name: newName });
    expect(row.changes).toContain(`名称：${item.name} → ${newName}`);
    expect(row.changes).toContain('管制类别：危险化学品 → 危险化学品、易制毒');
    expect(row.changes).toContain('税率：13% → 6%');
    await req('admin', 'POST', `/supplier/v1/assertItemById/${sent.body.data.id}`, { pass: true });
    const detail = (await req('buyer1', 'GET', `/mall/v1/item/detail/${item.id}`)).body.data;
    expect(detail.name).toBe(newName);
    expect(detail.hazards).toEqual(['dangerous', 'precursor']);
    expect((await db().selectFrom('item').select('tax_rate').where('id', '=', item.id).executeTakeFirstOrThrow()).tax_rate).toBe('6');
    expect(
      (await req('buyer1', 'GET', `/mall/v1/item/search?q=${encodeURIComponent('药用级')}&current=1&size=10`)).body.data.records.map(
        (r: { id: number }) => r.id,
      ),
    ).toContain(item.id);
  });

  it('refuses a change that changes nothing, another supplier’s item, and a wrong CAS', async () => {
    const mine = await db()
      .selectFrom('item')
      .select(['id', 'name', 'cas'])
      .where(
        'supplier_id',
        '=',
        (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow()).supplier_id as number,
      )
      .where('deleted', '=', 0)
      .where('hazard_dangerous', '=', 0)
      .where('hazard_precursor', '=', 0)
      .where('hazard_explosive', '=', 0)
      .where('hazard_toxic', '=', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const same = await req('supplier1', 'POST', '/supplier/v1/itemPre/change', { itemId: mine.id, name: mine.name, cas: mine.cas ?? undefined, hazards: [] });
    expect(same.body.message).toBe('名称、CAS 号、管制类别与税率都没有变化，无需审核');
    const sameRate = { itemId: mine.id, name: mine.name, cas: mine.cas ?? undefined, hazards: [], taxRate: '13' };
    expect((await req('supplier1', 'POST', '/supplier/v1/itemPre/change', sameRate)).body.message).toContain('都没有变化');
    expect((await req('supplier2', 'POST', '/supplier/v1/itemPre/change', { itemId: mine.id, name: '改名', hazards: [] })).body.code).toBe(404);
    expect(
      (await req('supplier1', 'POST', '/supplier/v1/itemPre/change', { itemId: mine.id, name: mine.name, cas: '64-17-6', hazards: [] })).body.message,
    ).toBe('CAS 号校验位不正确，请核对');
  });
});
