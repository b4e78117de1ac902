import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictCache, VERSION_CHECK_MS } from '../src/modules/shared/dicts/dict-cache.ts';
import { DictsRepository } from '../src/modules/shared/dicts/dicts.repository.ts';
import { MemoryKv } from '../src/platform/kv/memory-kv.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * Dictionaries: the platform's global types and items, each institute's overrides and own items
 * (scope: an institute owner changes only its own), the operation log and version, the client's
 * versioned read, another process seeing a change, and the invoice terms read through them.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
let iccas: number;
let simm: number;
const db = () => t.ctx.database.db;

const typeByCode = async (code: string) => {
  const r = await req('admin', 'GET', `/mall/v1/dict/getDict?keyword=${code}&size=50`);
  return (r.body.data.records as { id: number; code: string; items: { id: number; value: string; label: string; sort: number; status: number }[] }[]).find(
    (x) => x.code === code,
  )!;
};
const config = async (who: string, version?: number) =>
  (await req(who, 'GET', `/uac/v1/dict/queryConfig${version === undefined ? '' : `?version=${version}`}`)).body.data as {
    version: number;
    changed: boolean;
    instituteId: number | null;
    dicts: Record<string, { value: string; label: string }[]>;
  };

beforeAll(async () => {
  t = await createTestApp();
  iccas = await instituteId('ICCAS');
  simm = await instituteId('SIMM');
});
afterAll(() => t?.close());

describe('global dictionaries (字典管理)', () => {
  it('are seeded from the constants the product used to hard-code', async () => {
    const tax = await typeByCode('tax_rate');
    expect(tax.items.map((i) => i.value)).toEqual(['13', '9', '6', '3', '1', '0', '免税']);
    const pay = await typeByCode('pay_time');
    expect(pay.items[0]).toMatchObject({ value: 'claim30', label: '报销完成后 30 日内付款' });
    expect((await typeByCode('qualification_type')).items.map((i) => i.label)).toContain('危险化学品经营许可证');
  });

  it('only the platform manages them; codes and values are unique; built-in ones are not deleted', async () => {
    expect((await req('owner1', 'POST', '/mall/v1/dict/add', { kind: 'type', code: 'lab_grade', name: '实验室等级' })).body.code).toBe(40300);
    expect((await req('buyer1', 'GET', '/mall/v1/dict/getDict')).body.code).toBe(40300);
    const added = await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'type', code: 'lab_grade', name: '实验室等级' });
    expect(added.body.code).toBe(200);
    const typeId = added.body.data.id;
    expect((await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'type', code: 'lab_grade', name: '重复' })).body.code).toBe(40009);
    expect((await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'item', typeId, value: 'P2', label: 'P2 实验室', sort: 2 })).body.code).toBe(200);
    expect((await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'item', typeId, value: 'P2', label: '再来一个' })).body.message).toContain('相同的字典值');
    expect((await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'type', code: 'Bad Code', name: 'x' })).body.code).toBe(40000);
    const tax = await typeByCode('tax_rate');
    expect((await req('admin', 'DELETE', `/mall/v1/dict/delete?kind=type&id=${tax.id}`)).body.message).toContain('内置字典不能删除');
    expect((await req('admin', 'DELETE', `/mall/v1/dict/delete?kind=type&id=${typeId}`)).body.code).toBe(200);
    expect((await req('admin', 'DELETE', `/mall/v1/dict/delete?kind=type&id=${typeId}`)).body.code).toBe(404);
  });

  it('a change bumps the version, writes the log and reaches the client that sends its version', async () => {
    const before = await config('buyer1');
    expect(before.changed).toBe(true);
    expect(before.instituteId).toBe(iccas);
    expect((await config('buyer1', before.version)).changed).toBe(false);
    const flag = await typeByCode('order_flag');
    const item = flag.items.find((i) => i.value === '冷链')!;
    expect((await req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: item.id, label: '冷链运输', sort: item.sort, status: 1 })).body.code).toBe(
      200,
    );
    const after = await config('buyer1', before.version);
    expect(after.changed).toBe(true);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.dicts.order_flag.find((e) => e.value === '冷链')?.label).toBe('冷链运输');
    const log = (await req('admin', 'GET', '/mall/v1/dict_config/getConfigInstituOperateLog?typeCode=order_flag')).body.data.records;
    expect(log[0]).toMatchObject({ action: 'item.update', userName: 'admin', itemValue: '冷链', instituteId: null });
    expect(JSON.parse(log[0].detail).before.label).toBe('冷链');
  });

  it('another process sees a change within the version check interval', async () => {
    const other = new DictCache(new DictsRepository(db()), new MemoryKv(), false);
    let clock = Date.now();
    const slow = new DictCache(new DictsRepository(db()), new MemoryKv(), false, () => clock);
    const v0 = (await slow.snapshot(iccas)).version;
    expect((await other.snapshot(iccas)).version).toBe(v0);
    const flag = await typeByCode('order_flag');
    const item = flag.items.find((i) => i.value === '加急')!;
    await req('admin', 'PUT', '/mall/v1/dict/update', { kind: 'item', id: item.id, label: '特急', sort: item.sort, status: 1 });
    // within the interval the other process still answers from its cache …
    expect((await slow.snapshot(iccas)).dicts.order_flag.find((e) => e.value === '加急')?.label).toBe('加急');
    clock += VERSION_CHECK_MS;
    // … and after it, the new label
    const snap = await slow.snapshot(iccas);
    expect(snap.version).toBeGreaterThan(v0);
    expect(snap.dicts.order_flag.find((e) => e.value === '加急')?.label).toBe('特急');
  });
});

describe('institute dictionary config (研究所字典配置)', () => {
  it('an institute owner hides, renames and reorders for its own institute only', async () => {
    const pay = await typeByCode('pay_time');
    const claim15 = pay.items.find((i) => i.value === 'claim15')!;
    const statement = pay.items.find((i) => i.value === 'statement')!;
    // owner1 is 化学所's; the foreign institute is refused, the missing one too
    expect((await req('owner1', 'POST', '/mall/v1/dict_config/add', { instituteId: simm, itemId: claim15.id, hidden: true })).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/dict_config/add', { itemId: claim15.id, hidden: true })).body.code).toBe(40300);
    expect((await req('owner1', 'POST', '/mall/v1/dict_config/add', { itemId: claim15.id, hidden: true })).body.code).toBe(200);
    expect((await req('owner1', 'POST', '/mall/v1/dict_config/update', { itemId: statement.id, label: '每月对账后 10 日内付款', sort: 1 })).body.code).toBe(
      200,
    );
    const mine = (await config('buyer1')).dicts.pay_time;
    expect(mine.map((e) => e.value)).toEqual(['statement', 'claim30']);
    expect(mine[0].label).toBe('每月对账后 10 日内付款');
    // 上海药物所 is untouched
    expect((await config('buyer2')).dicts.pay_time.map((e) => e.value)).toEqual(['claim30', 'claim15', 'statement']);
    // the config page shows the hidden item, marked
    const page = (await req('owner1', 'GET', `/mall/v1/dict_config/getInstituId/${iccas}`)).body.data as {
      code: string;
      items: { value: string; hidden: boolean }[];
    }[];
    expect(page.find((d) => d.code === 'pay_time')!.items.find((i) => i.value === 'claim15')!.hidden).toBe(true);
    expect((await req('owner1', 'GET', `/mall/v1/dict_config/getInstituId/${simm}`)).body.code).toBe(40300);
    expect((await req('owner2', 'GET', `/mall/v1/dict_config/getConfigByInstiuteId/${iccas}`)).body.code).toBe(40300);
    // back to the default: the override row goes
    expect((await req('owner1', 'POST', '/mall/v1/dict_config/update', { itemId: claim15.id, hidden: false })).body.code).toBe(200);
    expect((await config('buyer1')).dicts.pay_time.map((e) => e.value)).toEqual(['statement', 'claim30', 'claim15']);
  });

  it('own items belong to their institute; the log and the list show only what the caller may see', async () => {
    const flag = await typeByCode('order_flag');
    const own = await req('owner2', 'POST', '/mall/v1/dict_config/addConfigInstitue', { typeId: flag.id, value: '动物实验', label: '动物实验专用', sort: 99 });
    expect(own.body.code).toBe(200);
    expect((await req('owner2', 'POST', '/mall/v1/dict_config/addConfigInstitue', { typeId: flag.id, value: '加急', label: '加急' })).body.code).toBe(40009);
    expect((await config('buyer2')).dicts.order_flag.map((e) => e.value)).toContain('动物实验');
    expect((await config('buyer1')).dicts.order_flag.map((e) => e.value)).not.toContain('动物实验');
    // another institute cannot touch it: it does not exist for them
    expect((await req('owner1', 'POST', '/mall/v1/dict_config/update', { itemId: own.body.data.id, label: '改掉' })).body.code).toBe(404);
    const logs1 = (await req('owner1', 'GET', '/mall/v1/dict_config/getConfigInstituOperateLog?size=100')).body.data.records as { instituteId: number }[];
    expect(logs1.length).toBeGreaterThan(0);
    expect(logs1.every((l) => l.instituteId === iccas)).toBe(true);
    expect((await req('owner1', 'GET', `/mall/v1/dict_config/getConfigInstituOperateLog?instituteId=${simm}`)).body.code).toBe(40300);
    const list = (await req('owner1', 'GET', '/mall/v1/dict_config/getConfigInstitu')).body.data;
    expect(list.records.map((r: { instituteId: number }) => r.instituteId)).toEqual([iccas]);
    const all = (await req('admin', 'GET', '/mall/v1/dict_config/getConfigInstitu?size=50')).body.data.records as { instituteId: number; ownItems: number }[];
    expect(all.find((r) => r.instituteId === simm)!.ownItems).toBe(1);
    // the platform names the institute
    expect((await req('admin', 'POST', '/mall/v1/dict_config/add', { itemId: flag.items[0].id, hidden: true })).body.message).toContain('请指定研究所');
  });
});

describe('readers switched to the dictionaries', () => {
  it('the session invoice terms follow an institute rename without logging in again', async () => {
    const before = (await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data.invoiceTerms;
    expect(before).toEqual({ invoiceType: '数电专票', invoiceTime: '验收后 15 日内开票', payTime: '报销完成后 30 日内付款' });
    const claim30 = (await typeByCode('pay_time')).items.find((i) => i.value === 'claim30')!;
    await req('owner1', 'POST', '/mall/v1/dict_config/update', { itemId: claim30.id, label: '报销审核完成后 20 日内付款' });
    expect((await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data.invoiceTerms.payTime).toBe('报销审核完成后 20 日内付款');
    expect((await req('buyer2', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data.invoiceTerms.payTime).toBe('按月对账后付款');
  });

  it('the invoice settings take a dictionary choice, not free text', async () => {
    const r = await req('finance1', 'GET', '/mall/v1/invoice/setting');
    const limit = { ...r.body.data };
    delete limit.instituteId;
    delete limit.instituteName;
    const bad = await req('finance1', 'POST', '/mall/v1/invoice/setting', { ...limit, payTime: '随便什么时候' });
    expect(bad.body.message).toContain('付款时间须从字典中选择');
    const good = await req('finance1', 'POST', '/mall/v1/invoice/setting', { ...limit, payTime: '每月对账后 10 日内付款' });
    expect(good.body.message).toBe('发票规则已保存');
    expect(good.body.data.payTime).toBe('statement');
  });

  it('malformed input is a 400, never a 500', async () => {
    expect((await req('admin', 'POST', '/mall/v1/dict/add', { kind: 'item', typeId: 'x', value: '', label: '' })).body.code).toBe(40000);
    expect((await req('admin', 'GET', '/mall/v1/dict_config/getInstituId/abc')).body.code).toBe(40000);
    expect((await req('admin', 'GET', '/mall/v1/dict_config/getInstituId/999999')).body.code).toBe(404);
    expect((await req('buyer1', 'GET', '/uac/v1/dict/queryConfig?version=-1')).body.code).toBe(40000);
  });
});
