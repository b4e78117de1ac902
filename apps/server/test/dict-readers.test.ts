import { DICT } from '@kc/contracts/shared/dicts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { upload } from './support/multipart.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * The readers that used hard-coded lists read the dictionaries now: seeded with today's values
 * (nothing changes until the admin changes an item), and a changed item is what the reader sees.
 */
let t: TestApp;
const { as, req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function item(code: string, value: string) {
  return db()
    .selectFrom('dict_item')
    .innerJoin('dict_type', 'dict_type.id', 'dict_item.type_id')
    .select(['dict_item.id', 'dict_item.label', 'dict_item.sort'])
    .where('dict_type.code', '=', code)
    .where('dict_item.value', '=', value)
    .where('dict_item.owner_id', '=', 0)
    .executeTakeFirstOrThrow();
}
async function relabel(code: string, value: string, label: string) {
  const it = await item(code, value);
  const r = await req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: it.id, label, sort: it.sort, status: 1 });
  expect(r.body.code).toBe(200);
  return () => req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: it.id, label: it.label, sort: it.sort, status: 1 });
}

describe('dictionary readers', () => {
  it('seeded with today values: every warning default, the order marks offered, the price review share', async () => {
    for (const [v, n] of [
      ['expiryDays', '30'],
      ['lowStockQty', '1'],
      ['overdueDeliveryDays', '7'],
      ['overdueInvoiceDays', '30'],
      ['qualificationExpiryDays', '30'],
      ['grantCardAvailablePercent', '10'],
      ['duplicatePurchaseDays', '90'],
      ['priceReviewPercent', '30'],
    ])
      expect((await item(DICT.WARNING_THRESHOLD, v)).label, v).toBe(n);
    const flags = (await req('supplier1', 'GET', '/uac/v1/dict/queryConfig')).body.data.dicts[DICT.ORDER_FLAG].map((e: { value: string }) => e.value);
    expect(flags).toEqual(expect.arrayContaining(['加急', '已备货', '缺货待补', '待开票', '已开票', '重点客户', '需冷链']));
    const rules = (await req('owner1', 'GET', '/mall/v1/warning-rule/list')).body.data.rules;
    expect(rules.find((r: { type: string }) => r.type === 'overdue_delivery')).toMatchObject({ threshold: 7, isDefault: true });
  });

  it('a warning rule default follows its dictionary item (the platform, then one institute override)', async () => {
    const restore = await relabel(DICT.WARNING_THRESHOLD, 'overdueDeliveryDays', '12');
    const rule = async (u: string) =>
      (await req(u, 'GET', '/mall/v1/warning-rule/list')).body.data.rules.find((r: { type: string }) => r.type === 'overdue_delivery');
    expect(await rule('owner1')).toMatchObject({ threshold: 12, isDefault: true });
    expect(await rule('owner2')).toMatchObject({ threshold: 12, isDefault: true });
    // an institute renames the item for itself (研究所字典配置): only its default moves
    const it = await item(DICT.WARNING_THRESHOLD, 'overdueDeliveryDays');
    const o = await req('owner1', 'POST', '/mall/v1/dict_config/add', { itemId: it.id, label: '5', sort: it.sort, hidden: false });
    expect(o.body.code).toBe(200);
    expect(await rule('owner1')).toMatchObject({ threshold: 5 });
    expect(await rule('owner2')).toMatchObject({ threshold: 12 });
    // not a number: the built-in default
    await relabel(DICT.WARNING_THRESHOLD, 'lowStockQty', '很多');
    expect((await req('owner2', 'GET', '/mall/v1/warning-rule/list')).body.data.rules.find((r: { type: string }) => r.type === 'low_stock')).toMatchObject({
      threshold: 1,
    });
    await restore();
  });

  it('qualification type names come from the dictionary', async () => {
    const first = (await req('supplier1', 'GET', '/supplier/v1/qualification/plist?current=1&size=50')).body.data.records[0];
    expect(first).toBeDefined();
    const restore = await relabel(DICT.QUALIFICATION_TYPE, first.typeCode, `${first.typeName}（新）`);
    const again = (await req('supplier1', 'GET', '/supplier/v1/qualification/plist?current=1&size=50')).body.data.records.find(
      (r: { id: number }) => r.id === first.id,
    );
    expect(again.typeName).toBe(`${first.typeName}（新）`);
    await restore();
  });

  it('the price import review share follows warning_threshold priceReviewPercent', async () => {
    const supplierId = (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow())
      .supplier_id as number;
    const it = await db()
      .selectFrom('item')
      .innerJoin('brand', 'brand.id', 'item.brand_id')
      .select(['item.catalog_no', 'item.spec', 'item.price', 'brand.name as brand'])
      .where('item.supplier_id', '=', supplierId)
      .where('item.deleted', '=', 0)
      .where('item.catalog_no', 'is not', null)
      .orderBy('item.id')
      .limit(1)
      .offset(20)
      .executeTakeFirstOrThrow();
    const moved = ((Number(it.price) * 1.4) / 100).toFixed(2); // +40%
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('价格表');
    ws.addRow(['货号', '品牌', '规格', '商品名称（仅供参考）', 'CAS号（仅供参考）', '单价（元）', '库存', '货期（天，0为现货）']);
    ws.addRow([it.catalog_no, it.brand, it.spec, '', '', moved, '', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const send = async () => (await upload(t.app, '/supplier/v1/item/excel/uploadPrice', [{ name: '价格表.xlsx', data }], await as('supplier1'))).body.data;
    const first = await send();
    expect(first.flaggedRows).toBe(1); // 40% > 30%
    expect((await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${first.id}`)).body.code).toBe(200);
    const restore = await relabel(DICT.WARNING_THRESHOLD, 'priceReviewPercent', '50');
    const second = await send();
    expect(second.flaggedRows).toBe(0); // 40% ≤ 50%
    expect((await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${second.id}`)).body.code).toBe(200);
    await restore();
  });

  it('a tax rate disabled in the dictionary is no longer accepted for an item (its current rate may stay)', async () => {
    const supplierId = (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow())
      .supplier_id as number;
    const it = await db()
      .selectFrom('item')
      .select(['id', 'name', 'tax_rate'])
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('tax_rate', '!=', '3')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const three = await item(DICT.TAX_RATE, '3');
    expect((await req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: three.id, label: three.label, sort: three.sort, status: 0 })).body.code).toBe(
      200,
    );
    const change = () => req('supplier1', 'POST', '/supplier/v1/itemPre/change', { itemId: it.id, name: `${it.name}（改）`, hazards: [], taxRate: '3' });
    const refused = await change();
    expect(refused.body.code).toBe(40000);
    expect(refused.body.message).toMatch(/税率“3%”已停用/);
    expect((await req('supplier1', 'GET', '/uac/v1/dict/queryConfig')).body.data.dicts[DICT.TAX_RATE].map((e: { value: string }) => e.value)).not.toContain(
      '3',
    );
    // the item's own rate is not refused
    const same = await req('supplier1', 'POST', '/supplier/v1/itemPre/change', { itemId: it.id, name: `${it.name}（改）`, hazards: [], taxRate: it.tax_rate });
    expect(same.body.message ?? '').not.toMatch(/已停用/);
    expect((await req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: three.id, label: three.label, sort: three.sort, status: 1 })).body.code).toBe(
      200,
    );
  });
});
