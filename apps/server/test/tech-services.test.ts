import { splitTax } from '@kc/contracts/platform/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { PDF_MINI, upload } from './support/multipart.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * 技术服务: the public list, the supplier's own items, the seller check (frozen supplier, no contract
 * with the buyer's institute), every move of a request by its own party only, the buyer side's
 * scopes (own, led team, institute) and the committed spend the team leader sees.
 */
let t: TestApp;
const { req, as } = demoSessions(() => t);
const { userId, instituteId } = lookups(() => t);
const db = () => t.ctx.database.db;

const SANGER_FORM = [
  { key: 'name', label: '样品名称', type: 'text', required: true },
  { key: 'type', label: '样品类型', type: 'select', required: true, options: ['质粒', 'PCR 产物'] },
  { key: 'concentration', label: '浓度', type: 'number', required: false, unit: 'ng/μL', min: 0 },
];
const item = (over: Record<string, unknown> = {}) => ({
  name: '一代测序（测试）',
  category: '测序',
  description: 'ABI 3730xl，单向读长 800 bp',
  price: 1500,
  unit: '反应',
  turnaroundDays: 2,
  sampleForm: SANGER_FORM,
  ...over,
});
const samples = [
  { name: 'pUC19-1', type: '质粒', concentration: 120 },
  { name: 'pUC19-2', type: '质粒' },
];
let serviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  const made = await req('supplier2', 'POST', '/supplier/v1/ts/item/add', item());
  expect(made.body.code).toBe(200);
  serviceId = made.body.data.id;
});
afterAll(() => t.close());

async function newRequest(user = 'buyer1') {
  const r = await req(user, 'POST', '/mall/v1/techService/request/add', { serviceId, samples, contactPhone: '13810230001', remark: '请尽快' });
  expect(r.body.code).toBe(200);
  return r.body.data.id as number;
}
const status = async (id: number) => (await db().selectFrom('tech_request').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const messagesOf = async (user: string, title: string) =>
  db()
    .selectFrom('user_message')
    .select('content')
    .where('user_id', '=', await userId(user))
    .where('title', '=', title)
    .execute();

describe('service items', () => {
  it('lists the demo services publicly, by category and keyword, without inactive ones', async () => {
    const all = await call(t.app, 'GET', '/mall/v1/techService/noauth/page?size=100');
    expect(all.body.code).toBe(200);
    const names = all.body.data.records.map((r: { name: string }) => r.name);
    expect(names).toContain('一代测序（Sanger 测序）');
    expect(names).not.toContain('有机元素分析（CHN）');
    const seq = await call(t.app, 'GET', `/mall/v1/techService/noauth/page?category=${encodeURIComponent('测序')}&size=100`);
    expect(seq.body.data.records.every((r: { category: string }) => r.category === '测序')).toBe(true);
    const kw = await call(t.app, 'GET', `/mall/v1/techService/noauth/page?keyword=${encodeURIComponent('质谱')}`);
    expect(kw.body.data.records.map((r: { name: string }) => r.name)).toEqual(['高分辨质谱（HRMS）检测']);
    const sanger = all.body.data.records.find((r: { name: string }) => r.name === '一代测序（Sanger 测序）');
    expect(sanger).toMatchObject({ price: 1500, unit: '反应', taxRate: '6' });
    const page2 = await call(t.app, 'GET', '/mall/v1/techService/noauth/page?size=2&current=2');
    expect(page2.body.data.records).toHaveLength(2);
    expect(page2.body.data.total).toBe(all.body.data.total);
  });

  it('keeps each supplier to its own items; staff without the function and buyers are refused', async () => {
    const own = await req('supplier2', 'GET', '/supplier/v1/ts/item/page?size=100');
    expect(own.body.data.records.map((r: { id: number }) => r.id)).toContain(serviceId);
    const other = await req('supplier1', 'GET', '/supplier/v1/ts/item/page?size=100');
    expect(other.body.data.records.map((r: { id: number }) => r.id)).not.toContain(serviceId);
    expect((await req('supplier1', 'GET', `/supplier/v1/ts/item/detail/${serviceId}`)).body.code).toBe(404);
    expect((await req('supplier1', 'POST', '/supplier/v1/ts/item/update', { id: serviceId, item: item({ price: 1 }) })).body.code).toBe(404);
    expect((await req('supplier1', 'POST', '/supplier/v1/ts/item/updateStatus', { id: serviceId, active: false })).body.code).toBe(404);
    expect((await req('supplier1', 'POST', `/supplier/v1/ts/item/delete/${serviceId}`)).body.code).toBe(404);
    expect((await req('supplier1a', 'GET', '/supplier/v1/ts/item/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/supplier/v1/ts/item/add', item())).body.code).toBe(40300);
    expect((await req('supplier1', 'POST', '/mall/v1/techService/request/add', { serviceId, samples, contactPhone: '13810230001' })).body.code).toBe(40300);
  });

  it('checks the sample form definition', async () => {
    const bad = (form: unknown) => req('supplier2', 'POST', '/supplier/v1/ts/item/add', item({ sampleForm: form }));
    expect((await bad([{ key: 'type', label: '类型', type: 'select' }])).body).toMatchObject({ code: 40000 });
    expect(
      (
        await bad([
          { key: 'a', label: 'A', type: 'text' },
          { key: 'a', label: 'B', type: 'text' },
        ])
      ).body.message,
    ).toContain('重复');
    expect((await bad([{ key: 'a', label: 'A', type: 'file' }])).body.code).toBe(40000);
    expect((await bad([])).body.code).toBe(40000);
    // 询价 items have no price
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/item/add', item({ name: '基因合成（测试）', price: null }))).body.code).toBe(200);
  });

  it('hides an item its supplier takes off the shelf, and shows it again', async () => {
    const id = (await req('supplier2', 'POST', '/supplier/v1/ts/item/add', item({ name: '下架测试' }))).body.data.id;
    expect((await call(t.app, 'GET', `/mall/v1/techService/noauth/detail/${id}`)).body.code).toBe(200);
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/item/updateStatus', { id, active: false })).body.code).toBe(200);
    expect((await call(t.app, 'GET', `/mall/v1/techService/noauth/detail/${id}`)).body.code).toBe(404);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/add', { serviceId: id, samples, contactPhone: '13810230001' })).body.code).toBe(404);
    expect((await req('supplier2', 'POST', `/supplier/v1/ts/item/delete/${id}`)).body.code).toBe(200);
    expect((await req('supplier2', 'GET', `/supplier/v1/ts/item/detail/${id}`)).body.code).toBe(404);
  });
});

describe('checkSellerStatus', () => {
  it('passes an active contracted supplier and refuses a frozen one or one without a contract with the institute', async () => {
    const url = `/mall/v1/techService/checkSellerStatus?serviceId=${serviceId}`;
    expect((await req('buyer1', 'GET', url)).body).toMatchObject({ code: 200, data: { active: true } });
    const supplierId = (await db().selectFrom('tech_service').select('supplier_id').where('id', '=', serviceId).executeTakeFirstOrThrow()).supplier_id;

    await db().updateTable('supplier').set({ status: 3 }).where('id', '=', supplierId).execute();
    try {
      const frozen = await req('buyer1', 'GET', url);
      expect(frozen.body.code).toBe(40300);
      expect(frozen.body.message).toContain('已停用');
      expect((await req('buyer1', 'POST', '/mall/v1/techService/request/add', { serviceId, samples, contactPhone: '13810230001' })).body.code).toBe(40300);
    } finally {
      await db().updateTable('supplier').set({ status: 1 }).where('id', '=', supplierId).execute();
    }

    const iccas = await instituteId('ICCAS');
    await db().updateTable('supplier_contract').set({ status: 5 }).where('supplier_id', '=', supplierId).where('institute_id', '=', iccas).execute();
    try {
      const none = await req('buyer1', 'GET', url);
      expect(none.body.code).toBe(40300);
      expect(none.body.message).toContain('供货合同未生效');
      // another institute's buyer still may
      expect((await req('buyer2', 'GET', url)).body.code).toBe(200);
      // and the buyer's browsing list drops the supplier
      const listed = await req('buyer1', 'GET', '/mall/v1/techService/page?size=100');
      expect(listed.body.data.records.map((r: { id: number }) => r.id)).not.toContain(serviceId);
    } finally {
      await db().updateTable('supplier_contract').set({ status: 1 }).where('supplier_id', '=', supplierId).where('institute_id', '=', iccas).execute();
    }
    expect((await req('buyer1', 'GET', '/mall/v1/techService/checkSellerStatus')).body.code).toBe(40000);
    expect((await req('checker1', 'GET', url)).body.code).toBe(40300);
  });
});

describe('a request from quote to report', () => {
  it('moves through every step by its own party, with the tax computed and the other party told', async () => {
    // the samples must fit the form
    const bad = await req('buyer1', 'POST', '/mall/v1/techService/request/add', {
      serviceId,
      samples: [{ name: 'x', type: '菌液' }],
      contactPhone: '13810230001',
    });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.message).toContain('第 1 个样品');
    const missing = await req('buyer1', 'POST', '/mall/v1/techService/request/add', {
      serviceId,
      samples: [...samples, { type: '质粒' }],
      contactPhone: '13810230001',
    });
    expect(missing.body).toMatchObject({ code: 40000, message: '第 3 个样品：请填写样品名称' });
    const extra = await req('buyer1', 'POST', '/mall/v1/techService/request/add', {
      serviceId,
      samples: [{ name: 'x', type: '质粒', foo: 1 }],
      contactPhone: '13810230001',
    });
    expect(extra.body.message).toContain('foo');

    const id = await newRequest();
    expect(await status(id)).toBe('requested');
    expect((await messagesOf('supplier2', '新的技术服务委托')).length).toBeGreaterThan(0);

    // nobody else's: another supplier, another institute's buyer
    expect((await req('supplier1', 'GET', `/supplier/v1/ts/request/detail/${id}`)).body.code).toBe(404);
    expect((await req('supplier1', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 1, quantity: 1 })).body.code).toBe(404);
    expect((await req('buyer2', 'GET', `/mall/v1/techService/request/detail/${id}`)).body.code).toBe(404);
    expect((await req('owner2', 'GET', `/mall/v1/techService/request/detail/${id}`)).body.code).toBe(404);
    // the buyer cannot accept before a quote, the supplier cannot accept at all
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/accept', { id })).body.code).toBe(40009);

    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 1500, quantity: 2, note: '含测序引物' })).body.code).toBe(200);
    const { excl, tax } = splitTax(3000, '6');
    const quoted = (await req('buyer1', 'GET', `/mall/v1/techService/request/detail/${id}`)).body.data;
    expect(quoted).toMatchObject({ status: 'quoted', unitPrice: 1500, quantity: 2, amount: 3000, amountExTax: excl, taxAmount: tax, taxRate: '6' });
    expect(excl + tax).toBe(3000);
    expect(quoted.actions.sort()).toEqual(['accept', 'cancel']);
    expect(quoted.samples).toEqual(samples);
    expect((await messagesOf('buyer1', '技术服务已报价')).some((m) => m.content.includes('¥30.00'))).toBe(true);

    // a re-quote before acceptance replaces the price
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 1400, quantity: 2 })).body.code).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/accept', { id })).body.code).toBe(200);
    expect(await status(id)).toBe('accepted');
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 1, quantity: 1 })).body.code).toBe(40009);
    expect((await messagesOf('leader1', '课题组技术服务支出')).some((m) => m.content.includes('¥28.00'))).toBe(true);

    // out of order and wrong party
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/start', { id })).body.code).toBe(40009);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/complete', { id })).body.code).toBe(40009);
    expect(
      (await req('assistant1', 'POST', '/mall/v1/techService/request/sendSamples', { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).body.code,
    ).toBe(404);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/sendSamples', { id, carrier: '顺丰速运', trackingNo: 'SF 12' })).body.code).toBe(40000);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/sendSamples', { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).body.code).toBe(
      200,
    );
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/cancel', { id, reason: '不做了' })).body.code).toBe(40009);
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/start', { id })).body.code).toBe(200);
    expect(await status(id)).toBe('in_progress');

    // the report: files the supplier uploaded itself, for this purpose
    const up = await upload(
      t.app,
      '/uac/file/upload?purpose=techReport',
      [{ name: '测序报告.pdf', data: PDF_MINI, type: 'application/pdf' }],
      await as('supplier2'),
    );
    const fileId = up.body.data.succeeded[0].id;
    const foreign = await upload(
      t.app,
      '/uac/file/upload?purpose=techReport',
      [{ name: '别家.pdf', data: PDF_MINI, type: 'application/pdf' }],
      await as('supplier1'),
    );
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/deliver', { id, fileIds: [foreign.body.data.succeeded[0].id] })).body.code).toBe(40000);
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/deliver', { id, fileIds: [fileId], note: '峰图与序列见附件' })).body.code).toBe(200);
    const delivered = (await req('buyer1', 'GET', `/mall/v1/techService/request/detail/${id}`)).body.data;
    expect(delivered.status).toBe('report_delivered');
    expect(delivered.reports).toEqual([expect.objectContaining({ fileId, name: '测序报告.pdf' })]);
    expect(delivered.reports[0].url).toContain('/uac/file/noauth/download');
    expect(delivered.trackingNo).toBe('SF1234567890');

    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/refuse', { id, reason: '太晚了' })).body.code).toBe(40009);
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/complete', { id })).body.code).toBe(200);
    const done = (await req('supplier2', 'GET', `/supplier/v1/ts/request/detail/${id}`)).body.data;
    expect(done.status).toBe('completed');
    expect(done.actions).toEqual([]);
    expect(done.logs.map((l: { action: string }) => l.action)).toEqual(['request', 'quote', 'quote', 'accept', 'sendSamples', 'start', 'deliver', 'complete']);
    expect((await messagesOf('supplier2', '技术服务已完成')).length).toBeGreaterThan(0);
  });

  it('refuses, cancels, and lets one of two concurrent moves win', async () => {
    const a = await newRequest();
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/refuse', { id: a, reason: '样品类型不支持' })).body.code).toBe(200);
    expect(await status(a)).toBe('refused');
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/cancel', { id: a, reason: '重复' })).body.code).toBe(40009);

    const b = await newRequest();
    expect((await req('buyer1', 'POST', '/mall/v1/techService/request/cancel', { id: b, reason: '改送他处' })).body.code).toBe(200);
    expect((await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id: b, unitPrice: 1500, quantity: 2 })).body.code).toBe(40009);
    expect((await messagesOf('supplier2', '技术服务委托已取消')).length).toBeGreaterThan(0);

    const c = await newRequest();
    await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id: c, unitPrice: 1500, quantity: 2 });
    const [accept, refuse] = await Promise.all([
      req('buyer1', 'POST', '/mall/v1/techService/request/accept', { id: c }),
      req('supplier2', 'POST', '/supplier/v1/ts/request/refuse', { id: c, reason: '仪器故障' }),
    ]);
    expect([accept.body.code, refuse.body.code].sort()).toEqual([200, 40009]);
    const logs = await db().selectFrom('tech_request_log').select('action').where('request_id', '=', c).execute();
    expect(logs).toHaveLength(3);
  });
});

describe('who sees which requests', () => {
  it('the buyer their own, the team leader the team, the institute its own, the supplier its own', async () => {
    const id = await newRequest();
    await req('supplier2', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 5000, quantity: 1 });
    await req('buyer1', 'POST', '/mall/v1/techService/request/accept', { id });
    const ids = async (user: string, q: string) => {
      const r = await req(user, 'GET', `/mall/v1/techService/request/page?size=200${q}`);
      return r.body.code === 200 ? r.body.data.records.map((x: { id: number }) => x.id) : r.body.code;
    };
    expect(await ids('buyer1', '&scope=mine')).toContain(id);
    expect(await ids('buyer2', '&scope=mine')).not.toContain(id);
    expect(await ids('leader1', '&scope=team')).toContain(id);
    expect(await ids('leader2', '&scope=team')).not.toContain(id);
    expect(await ids('buyer1', '&scope=team')).toBe(40300);
    expect(await ids('owner1', '&scope=institute')).toContain(id);
    expect(await ids('finance1', '&scope=institute')).toContain(id);
    expect(await ids('owner2', '&scope=institute')).not.toContain(id);
    expect(await ids('buyer1', '&scope=institute')).toBe(40300);
    expect(await ids('checker1', '&scope=mine')).toBe(40300);
    expect(await ids('admin', '')).toContain(id);

    // the leader reads the request, may not act on it
    const seen = (await req('leader1', 'GET', `/mall/v1/techService/request/detail/${id}`)).body.data;
    expect(seen).toMatchObject({ amount: 5000, actions: [] });
    expect((await req('leader1', 'POST', '/mall/v1/techService/request/sendSamples', { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).body.code).toBe(
      404,
    );

    // accepted requests count as the team's spend
    const team = (await req('leader1', 'GET', '/mall/v1/techService/request/summary?scope=team')).body.data;
    const rows = await db()
      .selectFrom('tech_request')
      .select(['amount', 'status'])
      .where('team_id', '=', (await db().selectFrom('tech_request').select('team_id').where('id', '=', id).executeTakeFirstOrThrow()).team_id)
      .execute();
    const committed = rows.filter((r) => ['accepted', 'samples_sent', 'in_progress', 'report_delivered', 'completed'].includes(r.status));
    expect(team.committedAmount).toBe(committed.reduce((s, r) => s + Number(r.amount), 0));
    expect(team.committedCount).toBe(committed.length);
    // another institute's leader: their own team's spend, without this request
    const other = (await req('leader2', 'GET', '/mall/v1/techService/request/summary?scope=team')).body.data;
    const leader2Team = await db()
      .selectFrom('team')
      .select('id')
      .where('leader_user_id', '=', await userId('leader2'))
      .executeTakeFirstOrThrow();
    const theirs = await db().selectFrom('tech_request').select(['amount', 'status']).where('team_id', '=', leader2Team.id).execute();
    expect(other.committedAmount).toBe(
      theirs
        .filter((r) => ['accepted', 'samples_sent', 'in_progress', 'report_delivered', 'completed'].includes(r.status))
        .reduce((s, r) => s + Number(r.amount), 0),
    );

    const sup = async (user: string) =>
      (await req(user, 'GET', '/supplier/v1/ts/request/page?size=200')).body.data.records.map((x: { supplierName: string; id: number }) => x);
    expect((await sup('supplier2')).map((x: { id: number }) => x.id)).toContain(id);
    expect((await sup('supplier1')).map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await req('supplier1a', 'GET', '/supplier/v1/ts/request/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'GET', '/supplier/v1/ts/request/page')).body.code).toBe(40300);
  });

  it('a child account given the 技术服务 job handles its own supplier’s requests only', async () => {
    const role = await db().selectFrom('role').select('id').where('code', '=', 'supplier_ts').executeTakeFirstOrThrow();
    const staff = await userId('supplier2a');
    const before = await db().selectFrom('user_role').select('role_id').where('user_id', '=', staff).execute();
    await db().insertInto('user_role').values({ user_id: staff, role_id: role.id }).execute();
    await t.ctx.callers.invalidate();
    try {
      const id = await newRequest();
      const listed = await req('supplier2a', 'GET', '/supplier/v1/ts/request/page?size=200');
      expect(listed.body.data.records.map((x: { id: number }) => x.id)).toContain(id);
      expect((await req('supplier2a', 'POST', '/supplier/v1/ts/request/quote', { id, unitPrice: 1500, quantity: 2 })).body.code).toBe(200);
      expect((await req('supplier2a', 'GET', '/supplier/v1/ts/item/page')).body.code).toBe(200);
    } finally {
      await db().deleteFrom('user_role').where('user_id', '=', staff).where('role_id', '=', role.id).execute();
      await t.ctx.callers.invalidate();
    }
    expect(before.map((r) => r.role_id)).not.toContain(role.id);
  });
});
