import { randomBytes } from 'node:crypto';
import { shanghaiDate } from '@kc/contracts/supply/qualifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesService } from '../src/modules/shared/files/index.ts';
import { MessagesService } from '../src/modules/shared/messages/index.ts';
import { MessagesRepository } from '../src/modules/shared/messages/messages.repository.ts';
import { QualificationsRepository } from '../src/modules/supply/qualifications/qualifications.repository.ts';
import { QualificationsService } from '../src/modules/supply/qualifications/qualifications.service.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { BEIJING_ADDRESS, makeItem } from './support/mall-fixtures.ts';
import { PDF_MINI, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const key = () => randomBytes(8).toString('hex');
const day = (n: number) => shanghaiDate(Date.now() + n * 86_400_000);
const beijing = BEIJING_ADDRESS;
let buyer: Session;
let addressId: number;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await as('buyer1');
  addressId = (await call(t.app, 'POST', '/mall/v1/recvAddress/add', { session: buyer, json: beijing })).body.data.id;
});
afterAll(() => t.close());

const supplierIdOf = async (fragment: string) =>
  (await db().selectFrom('supplier').select('id').where('company_name', 'like', `%${fragment}%`).executeTakeFirstOrThrow()).id;

async function uploadAs(user: string) {
  const res = await upload(t.app, '/uac/file/upload?purpose=qualification', [{ name: '许可证.pdf', data: PDF_MINI, type: 'application/pdf' }], await as(user));
  return res.body.data.succeeded[0].id as number;
}

const form = (fileId: number, over: Record<string, unknown> = {}) => ({
  typeCode: 'medical_device_license',
  number: '沪浦食药监械经营许20250123号',
  authority: '上海市浦东新区市场监督管理局',
  validFrom: '2025-01-10',
  validTo: '2030-01-09',
  fileId,
  scope: '第二类、第三类医疗器械（体外诊断试剂）',
  ...over,
});

const list = async (user: string, query = '') => (await req(user, 'GET', `/supplier/v1/qualification/plist?size=100${query}`)).body.data;
const review = async (query = '') => (await req('admin', 'GET', `/supplier/v1/qualification/review/plist?size=100${query}`)).body.data;

describe('demo qualifications', () => {
  it('the demo suppliers hold approved, valid qualifications for what their items need; one expires within 30 days', async () => {
    for (const user of ['supplier1', 'supplier2', 'supplier3']) {
      const rows = (await list(user)).records as { typeCode: string; status: number; validity: string; number: string }[];
      const approved = rows.filter((r) => r.status === 1 && r.validity !== 'expired');
      for (const needed of ['business_license', 'hazardous_license', 'precursor_record', 'explosive_record']) {
        expect(approved.map((r) => r.typeCode)).toContain(needed);
      }
    }
    const expiring = (await review('&validity=expiring&withinDays=30')).records;
    expect(expiring.some((r: { supplierName: string; typeName: string }) => r.supplierName.includes('麦克林') && r.typeName === '危险化学品经营许可证')).toBe(
      true,
    );
    // the renewal waits in the review queue (pending is asked for by name: the client drops 0)
    const pending = (await review('&status=pending')).records;
    expect(pending.some((r: { number: string }) => r.number === '沪（浦）应急管危经许[2026]203104')).toBe(true);
  });
});

describe('资质管理 and 资质审核', () => {
  it('a supplier adds one (pending), the platform approves it, a change sends it back to review, withdraw ends it', async () => {
    const fileId = await uploadAs('supplier1');
    const add = await req('supplier1', 'POST', '/supplier/v1/qualification/add', form(fileId));
    expect(add.body.code).toBe(200);
    const id = add.body.data.id as number;
    let row = (await list('supplier1')).records.find((r: { id: number }) => r.id === id);
    expect([row.status, row.typeName, row.validity, row.fileName]).toEqual([0, '医疗器械经营许可证', 'valid', '许可证.pdf']);
    expect(row.fileUrl).toMatch(/download/);

    // the platform is told, and sees it in its queue
    const admin = await db().selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const told = await db().selectFrom('user_message').select('content').where('user_id', '=', admin.id).where('title', '=', '资质待审核').execute();
    expect(told.some((m) => m.content.includes('沪浦食药监械经营许20250123号'))).toBe(true);
    expect((await review('&status=pending')).records.map((r: { id: number }) => r.id)).toContain(id);

    expect((await req('admin', 'POST', '/supplier/v1/qualification/review/approve', { id })).body.code).toBe(200);
    row = (await list('supplier1')).records.find((r: { id: number }) => r.id === id);
    expect([row.status, row.reviewedAt !== null]).toEqual([1, true]);
    // approving twice is refused: the table allows approve from pending only
    expect((await req('admin', 'POST', '/supplier/v1/qualification/review/approve', { id })).body.code).toBe(40009);

    // a change goes back to review
    const upd = await req('supplier1', 'POST', '/supplier/v1/qualification/update', { id, ...form(fileId, { validTo: '2031-01-09' }) });
    expect(upd.body.code).toBe(200);
    row = (await list('supplier1')).records.find((r: { id: number }) => r.id === id);
    expect([row.status, row.validTo]).toEqual([0, '2031-01-09']);

    // refusing needs a reason, and the supplier reads it
    expect((await req('admin', 'POST', '/supplier/v1/qualification/review/refuse', { id, reason: '' })).status).toBe(400);
    expect((await req('admin', 'POST', '/supplier/v1/qualification/review/refuse', { id, reason: '扫描件不清晰，请重新上传' })).body.code).toBe(200);
    row = (await list('supplier1', '&status=refused')).records.find((r: { id: number }) => r.id === id);
    expect(row.refuseReason).toBe('扫描件不清晰，请重新上传');
    const s1 = await db().selectFrom('app_user').select('id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow();
    const msgs = await db().selectFrom('user_message').select('content').where('user_id', '=', s1.id).where('title', '=', '资质审核未通过').execute();
    expect(msgs.some((m) => m.content.includes('扫描件不清晰'))).toBe(true);

    expect((await req('supplier1', 'POST', '/supplier/v1/qualification/withdraw', { id })).body.code).toBe(200);
    expect((await req('supplier1', 'POST', '/supplier/v1/qualification/withdraw', { id })).body.code).toBe(40009);
    expect((await req('supplier1', 'POST', '/supplier/v1/qualification/update', { id, ...form(fileId) })).body.code).toBe(40009);
  });

  it('refuses malformed input with the field, and a file that is not the caller’s own upload', async () => {
    const fileId = await uploadAs('supplier1');
    const bad = [
      form(fileId, { validTo: '2020-01-01' }),
      form(fileId, { validFrom: '2025-02-30' }),
      form(fileId, { typeCode: '营业执照' }),
      form(fileId, { number: '' }),
      { ...form(fileId), supplierId: 1 },
    ];
    for (const body of bad) {
      const res = await req('supplier1', 'POST', '/supplier/v1/qualification/add', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
    }
    // supplier2 cannot attach supplier1's upload
    const res = await req('supplier2', 'POST', '/supplier/v1/qualification/add', form(fileId));
    expect([res.status, res.body.message]).toEqual([400, '只能使用本人上传的附件']);
    // long-term: no end date
    const ok = await req('supplier1', 'POST', '/supplier/v1/qualification/add', form(fileId, { typeCode: 'business_license', validTo: null }));
    expect(ok.body.code).toBe(200);
    const row = (await list('supplier1')).records.find((r: { id: number }) => r.id === ok.body.data.id);
    expect([row.validity, row.daysLeft]).toEqual(['longTerm', null]);
    // one file, one record
    expect((await req('supplier1', 'POST', '/supplier/v1/qualification/add', form(fileId))).body.message).toBe('该文件已用于其他资质，请重新上传');
  });

  it('keeps every supplier to its own rows and every role to its own side', async () => {
    const fileId = await uploadAs('supplier1');
    const { id } = (await req('supplier1', 'POST', '/supplier/v1/qualification/add', form(fileId, { number: 'ISO-S1-0001', typeCode: 'iso_certificate' }))).body
      .data;
    // another supplier: never listed, changes read as absent
    expect((await list('supplier2')).records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await req('supplier2', 'POST', '/supplier/v1/qualification/update', { id, ...form(await uploadAs('supplier2')) })).status).toBe(404);
    expect((await req('supplier2', 'POST', '/supplier/v1/qualification/withdraw', { id })).status).toBe(404);
    // a buyer, and a supplier on the platform's review
    for (const [user, method, url, body] of [
      ['buyer1', 'GET', '/supplier/v1/qualification/plist', undefined],
      ['buyer1', 'POST', '/supplier/v1/qualification/add', form(fileId)],
      ['supplier1', 'GET', '/supplier/v1/qualification/review/plist', undefined],
      ['supplier1', 'POST', '/supplier/v1/qualification/review/approve', { id }],
      ['admin', 'POST', '/supplier/v1/qualification/add', form(fileId)],
    ] as const) {
      const res = await req(user, method, url, body);
      expect([res.status, res.body.code]).toEqual([400, 40300]);
    }
    // the platform's filters: one supplier by name, expired ones
    const byName = (await review(`&supplierName=${encodeURIComponent('国药')}`)).records as { supplierName: string }[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.supplierName.includes('国药'))).toBe(true);
  });
});

describe('the qualification gate', () => {
  it('an expired licence takes the supplier’s hazardous items out of search, cart and ordering at once; other items and placed orders go on', async () => {
    const s1 = await supplierIdOf('国药');
    const hazardous = await makeItem(db(), {
      supplier: '国药',
      name: '丙酮 分析纯 门禁测试',
      price: 3600,
      stock: 50,
      cas: '67-64-1',
      hazard: { hazard_dangerous: 1 },
    });
    const plain = await makeItem(db(), { supplier: '国药', name: '氯化钠 门禁测试', price: 1200, stock: 50 });
    const searchIds = async () =>
      ((await call(t.app, 'GET', `/mall/v1/item/search?q=67-64-1&supplierId=${s1}&size=100`, { session: buyer })).body.data.records as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await searchIds()).toContain(hazardous.id);

    // an order placed while the licence is valid
    const before = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer,
      json: { direct: { itemId: hazardous.id, quantity: 1 }, addressId, hazardConfirmed: true, idempotencyKey: key() },
    });
    expect(before.body.code).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: hazardous.id, quantity: 1 })).body.code).toBe(200);

    // the clock passes the end of the licence: no job has run, the dates are compared at read time
    const licence = await db()
      .selectFrom('qualification')
      .select(['id', 'valid_to'])
      .where('supplier_id', '=', s1)
      .where('type_code', '=', 'hazardous_license')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('qualification')
      .set({ valid_to: day(-1) })
      .where('id', '=', licence.id)
      .execute();
    try {
      const message = '供应商的危险化学品经营许可证已过期，该商品暂不能购买';
      expect(await searchIds()).not.toContain(hazardous.id);
      const add = await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: hazardous.id, quantity: 1 });
      expect([add.status, add.body.message]).toEqual([400, message]);
      const cart = (await req('buyer1', 'GET', '/mall/v1/cart/items')).body.data;
      const line = cart.groups.flatMap((g: { lines: unknown[] }) => g.lines).find((l: { itemId: number }) => l.itemId === hazardous.id);
      expect([line.available, line.qualificationProblem]).toEqual([false, message]);

      const countOrders = async () =>
        Number(
          (
            await db()
              .selectFrom('order_line')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('item_id', '=', hazardous.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const placedBefore = await countOrders();
      const confirm = (await req('buyer1', 'POST', '/mall/v1/order/detailConfirm', { itemId: hazardous.id, quantity: 1, addressId })).body.data;
      expect([confirm.canSubmit, confirm.groups[0].lines[0].problem]).toEqual([false, message]);
      for (let i = 0; i < 3; i++) {
        const res = await call(t.app, 'POST', '/mall/v1/order/create', {
          session: buyer,
          json: { direct: { itemId: hazardous.id, quantity: 1 }, addressId, hazardConfirmed: true, idempotencyKey: key() },
        });
        expect([res.status, res.body.message]).toEqual([400, `丙酮 分析纯 门禁测试：${message}`]);
      }
      expect(await countOrders()).toBe(placedBefore);

      // the same supplier's unregulated items sell on
      const plainOrder = await call(t.app, 'POST', '/mall/v1/order/create', {
        session: buyer,
        json: { direct: { itemId: plain.id, quantity: 1 }, addressId, idempotencyKey: key() },
      });
      expect(plainOrder.body.code).toBe(200);
      // the order placed before goes on: approved by the team and the institute, confirmed by the supplier
      const orderId = before.body.data.orderId as number;
      expect((await req('leader1', 'POST', '/mall/v1/order-caas/team/pass', { ids: [orderId] })).body.code).toBe(200);
      expect((await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [orderId] })).body.code).toBe(200);
      const subOrderId = before.body.data.subOrders[0].id as number;
      expect((await req('supplier1', 'POST', '/supplier/v1/order/confirm', { subOrderId })).body.code).toBe(200);
    } finally {
      await db().updateTable('qualification').set({ valid_to: licence.valid_to }).where('id', '=', licence.id).execute();
    }
    expect(await searchIds()).toContain(hazardous.id);
  });

  it('a 易制毒 item needs the 备案: without an approved one it cannot be bought', async () => {
    const s2 = await supplierIdOf('阿拉丁');
    const precursor = await makeItem(db(), { supplier: '阿拉丁', name: '甲苯 门禁测试', price: 2600, stock: 10, hazard: { hazard_precursor: 1 } });
    const record = await db()
      .selectFrom('qualification')
      .select('id')
      .where('supplier_id', '=', s2)
      .where('type_code', '=', 'precursor_record')
      .executeTakeFirstOrThrow();
    // withdrawn by the supplier: no approved 备案 is left
    expect((await req('supplier2', 'POST', '/supplier/v1/qualification/withdraw', { id: record.id })).body.code).toBe(200);
    try {
      const add = await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: precursor.id, quantity: 1 });
      expect(add.body.message).toBe('供应商尚无经审核的非药品类易制毒化学品经营备案，该商品暂不能购买');
    } finally {
      await db().updateTable('qualification').set({ status: 1 }).where('id', '=', record.id).execute();
    }
    expect((await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: precursor.id, quantity: 1 })).body.code).toBe(200);
  });
});

describe('expiry reminders', () => {
  it('reminds at 60, 30 and 7 days, once per threshold however often the job runs', async () => {
    const s1 = await supplierIdOf('国药');
    const owner = await db().selectFrom('app_user').select('id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow();
    const fileId = await uploadAs('supplier1');
    const { id } = (
      await req('supplier1', 'POST', '/supplier/v1/qualification/add', form(fileId, { number: 'REMIND-0001', validFrom: day(-300), validTo: day(60) }))
    ).body.data;
    await req('admin', 'POST', '/supplier/v1/qualification/review/approve', { id });
    expect(s1).toBeGreaterThan(0);

    let clock = Date.now();
    const messages = new MessagesService(new MessagesRepository(db()), t.ctx.notifier);
    const files = { signedUrl: () => '' } as unknown as FilesService;
    const svc = new QualificationsService(new QualificationsRepository(db()), files, messages, () => clock);
    const reminders = async () =>
      (await db().selectFrom('user_message').select('content').where('user_id', '=', owner.id).where('title', '=', '资质即将到期').execute()).filter((m) =>
        m.content.includes('REMIND-0001'),
      );

    await svc.remind();
    expect(await reminders()).toHaveLength(1);
    await svc.remind();
    expect(await reminders()).toHaveLength(1);
    clock += 30 * 86_400_000;
    await svc.remind();
    await svc.remind();
    expect(await reminders()).toHaveLength(2);
    // a missed day is caught up: at 5 days left the 7-day reminder still goes out, once
    clock += 25 * 86_400_000;
    await Promise.all([svc.remind(), svc.remind()]);
    const all = await reminders();
    expect(all).toHaveLength(3);
    expect(all[2].content).toMatch(/将于 5 天后/);
    const rows = await db().selectFrom('qualification_reminder').select('days').where('qualification_id', '=', id).orderBy('days').execute();
    expect(rows.map((r) => r.days)).toEqual([7, 30, 60]);
  });

  it('does not remind of a qualification whose approved renewal runs on past its end', async () => {
    const owner = await db().selectFrom('app_user').select('id').where('user_name', '=', 'supplier1').executeTakeFirstOrThrow();
    const addApproved = async (number: string, validTo: string) => {
      const fileId = await uploadAs('supplier1');
      const { id } = (
        await req(
          'supplier1',
          'POST',
          '/supplier/v1/qualification/add',
          form(fileId, { typeCode: 'brand_authorization', number, validFrom: day(-300), validTo }),
        )
      ).body.data;
      expect((await req('admin', 'POST', '/supplier/v1/qualification/review/approve', { id })).body.code).toBe(200);
    };
    await addApproved('RENEW-OLD-0001', day(30));
    await addApproved('RENEW-NEW-0001', day(400));
    const messages = new MessagesService(new MessagesRepository(db()), t.ctx.notifier);
    const svc = new QualificationsService(new QualificationsRepository(db()), { signedUrl: () => '' } as unknown as FilesService, messages);
    await svc.remind();
    const told = await db().selectFrom('user_message').select('content').where('user_id', '=', owner.id).where('title', '=', '资质即将到期').execute();
    expect(told.some((m) => m.content.includes('RENEW-OLD-0001'))).toBe(false);
  });
});
