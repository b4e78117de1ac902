import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration015 from '../src/db/migrations/015-supplier-contracts.ts';
import { addDays, shanghaiToday } from '../src/modules/supply/agreements/contract-states.ts';
import { contractToken } from '../src/modules/supply/agreements/contract-token.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { PDF_MINI, PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions } from './support/sessions.ts';

/** 合同管理 (issue 10 §3): contracts supplier × institute, renewal, QR verification, exit form, and the contract gate. */
let t: TestApp;
const { req, as } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const today = shanghaiToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const supplierIdOf = async (fragment: string) =>
  (await db().selectFrom('supplier').select('id').where('company_name', 'like', `%${fragment}%`).executeTakeFirstOrThrow()).id;
const instituteIdOf = async (code: 'ICCAS' | 'SIMM') => (await db().selectFrom('institute').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const contractOf = async (fragment: string, code: 'ICCAS' | 'SIMM') =>
  db()
    .selectFrom('supplier_contract')
    .selectAll()
    .where('supplier_id', '=', await supplierIdOf(fragment))
    .where('institute_id', '=', await instituteIdOf(code))
    .where('original_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
const no = () => `HT-${randomBytes(3).toString('hex').toUpperCase()}`;
const pdfOf = async (user: string, url: string) => {
  const s = await as(user);
  return (await call(t.app, 'GET', url, { session: s })).raw;
};

describe('合同与会话', () => {
  it('every demo supplier holds contracts in force with both institutes; 麦克林 × 上海药物所 is expiring', async () => {
    const rows = await db().selectFrom('supplier_contract').selectAll().execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 1 && r.start_date <= today && r.end_date >= today)).toBe(true);
    const info = (await req('supplier3', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data;
    expect(info.supplierContract.activeCount).toBe(2);
    expect(info.supplierContract.expiringCount).toBe(1);
    expect(info.supplierContract.nearest.instituteName).toBe('中国科学院上海药物研究所');
    expect(info.supplierContract.nearest.daysLeft).toBe(20);
    const buyer = (await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data;
    expect(buyer.supplierContract).toBeUndefined();
  });

  it('lists only the supplier’s own contracts; the platform sees all; buyers and foreign ids are refused', async () => {
    const own = (await req('supplier1', 'GET', '/supplier/v1/contract/plist?current=1&size=50')).body.data;
    const me = await supplierIdOf('国药');
    expect(own.total).toBe(2);
    expect(own.records.every((c: { supplierId: number }) => c.supplierId === me)).toBe(true);
    expect((await req('admin', 'GET', '/supplier/v1/contract/plist?current=1&size=50')).body.data.total).toBe(6);
    const simm = await instituteIdOf('SIMM');
    const filtered = (await req('supplier3', 'GET', `/supplier/v1/contract/plist?current=1&size=50&instituteId=${simm}&status=active`)).body.data;
    expect(filtered.records).toHaveLength(1);
    expect(filtered.records[0].phase).toBe('expiring');
    expect(filtered.records[0].phaseName).toBe('即将到期');
    expect((await req('supplier3', 'GET', '/supplier/v1/contract/plist?current=1&size=50&status=draft')).body.data.total).toBe(0);
    expect((await req('supplier1', 'GET', '/supplier/v1/contract/plist?keyword=SIMM')).body.data.total).toBe(1);
    expect((await req('buyer1', 'GET', '/supplier/v1/contract/plist')).body.code).toBe(40300);
    // a supplier's staff account without 合同管理
    expect((await req('supplier1a', 'GET', '/supplier/v1/contract/plist')).body.code).toBe(40300);
    const foreign = await contractOf('阿拉丁', 'ICCAS');
    expect((await req('supplier1', 'GET', `/supplier/v1/contract/detail/${foreign.id}`)).status).toBe(404);
  });
});

describe('新增、提交、签署、退回', () => {
  it('the supplier drafts and submits; only the platform signs or sends back, with a reason', async () => {
    const iccas = await instituteIdOf('ICCAS');
    const body = { instituteId: iccas, contractNo: no(), title: '危险化学品专项供货协议', startDate: today, endDate: addDays(today, 365) };
    const added = await req('supplier1', 'POST', '/supplier/v1/contract/add', body);
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    expect((await req('supplier1', 'POST', '/supplier/v1/contract/add', body)).body.message).toContain('已存在');
    const bad = await req('supplier1', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no(), endDate: addDays(today, -1) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('结束日期');
    expect((await req('supplier1', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no(), instituteId: 99999 })).body.message).toContain('研究所');
    expect((await req('buyer1', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no() })).body.code).toBe(40300);
    expect((await req('admin', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no() })).body.code).toBe(40300);

    const move = (user: string, action: string, reason?: string) => req(user, 'POST', '/supplier/v1/contract/updateStatus', { id, action, reason });
    expect((await move('admin', 'sign')).body.message).toContain('不能签署生效');
    expect((await move('supplier2', 'submit')).status).toBe(404);
    expect((await move('supplier1', 'submit')).body.data.status).toBe(2);
    expect((await move('supplier1', 'sign')).body.code).toBe(40300);
    expect((await move('buyer1', 'sign')).body.code).toBe(40300);
    expect((await move('admin', 'refuse')).status).toBe(400);
    expect((await move('admin', 'refuse', '附件缺少盖章页')).body.data.status).toBe(0);
    const refused = (await req('supplier1', 'GET', `/supplier/v1/contract/detail/${id}`)).body.data;
    expect(refused.refuseReason).toBe('附件缺少盖章页');
    expect((await move('supplier1', 'submit')).body.data.status).toBe(2);
    expect((await move('supplier1', 'withdraw')).body.data.status).toBe(0);
    expect((await move('supplier1', 'submit')).body.data.status).toBe(2);
    expect((await move('admin', 'sign')).body.data.status).toBe(1);
    expect((await move('admin', 'sign')).status).toBe(400);
    const signed = (await req('supplier1', 'GET', `/supplier/v1/contract/detail/${id}`)).body.data;
    expect([signed.status, signed.phase, signed.signedAt !== null]).toEqual([1, 'active', true]);
    // both sides are told
    const told = await db().selectFrom('user_message').select(['user_id', 'title']).where('title', 'in', ['合同已签署生效', '供应商合同生效']).execute();
    const owner1 = (await as('owner1')).data.user.id;
    expect(told.some((m) => m.user_id === owner1 && m.title === '供应商合同生效')).toBe(true);
    expect(told.some((m) => m.title === '合同已签署生效')).toBe(true);
    const audit = await db().selectFrom('audit_log').select('action').where('target', '=', `contract:${id}`).execute();
    expect(audit.map((a) => a.action)).toEqual([
      'contract.add',
      'contract.submit',
      'contract.refuse',
      'contract.submit',
      'contract.withdraw',
      'contract.submit',
      'contract.sign',
    ]);
  });

  it('attaches the signed PDF the supplier uploaded, never another account’s file', async () => {
    const iccas = await instituteIdOf('ICCAS');
    const mine = await upload(t.app, '/uac/file/upload?purpose=contract', [{ name: '供货协议（盖章）.pdf', data: PDF_MINI }], await as('supplier1'));
    const fileId = mine.body.data.succeeded[0].id;
    const png = await upload(t.app, '/uac/file/upload?purpose=contract', [{ name: 'scan.png', data: PNG_1X1 }], await as('supplier1'));
    expect(png.body.data.failed[0].reason).toMatch(/格式不支持/);
    const body = { instituteId: iccas, title: '实验耗材供货协议', startDate: today, endDate: addDays(today, 200), fileId };
    expect((await req('supplier2', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no() })).body.message).toContain('本人上传');
    const added = await req('supplier1', 'POST', '/supplier/v1/contract/add', { ...body, contractNo: no() });
    const detail = (await req('supplier1', 'GET', `/supplier/v1/contract/detail/${added.body.data.id}`)).body.data;
    expect(detail.fileId).toBe(fileId);
    const dl = await t.app.inject({ method: 'GET', url: detail.fileUrl });
    expect(dl.headers['content-type']).toBe('application/pdf');
  });

  it('refuses malformed input with the field, never 500', async () => {
    const r = await req('supplier1', 'POST', '/supplier/v1/contract/add', {
      instituteId: 'x',
      contractNo: '!',
      title: '',
      startDate: '2026-02-30',
      endDate: 'x',
    });
    expect(r.status).toBe(400);
    expect((await req('supplier1', 'POST', '/supplier/v1/contract/updateStatus', { id: 1, action: 'explode' })).status).toBe(400);
    expect((await req('supplier1', 'GET', '/supplier/v1/contract/plist?status=nonsense')).status).toBe(400);
  });
});

describe('续签提醒', () => {
  it('reminds both sides once a day per contract, by the call and by the daily job', async () => {
    const c = await contractOf('麦克林', 'SIMM');
    const list = (await req('supplier3', 'GET', '/supplier/v1/contract/renewContractRemind')).body.data;
    expect(list.map((x: { contractId: number }) => x.contractId)).toEqual([c.id]);
    expect(list[0].daysLeft).toBe(20);
    expect((await req('supplier1', 'GET', '/supplier/v1/contract/renewContractRemind')).body.data).toEqual([]);
    expect((await req('supplier1', 'POST', '/supplier/v1/contract/renewContractRemind', { id: c.id })).status).toBe(404);
    const first = await req('admin', 'POST', '/supplier/v1/contract/renewContractRemind', { id: c.id });
    expect(first.body.data.sent).toBe(true);
    const again = await req('supplier3', 'POST', '/supplier/v1/contract/renewContractRemind', { id: c.id });
    expect(again.body.data.sent).toBe(false);
    expect(again.body.message).toContain('今天已提醒');
    const other = await contractOf('国药', 'ICCAS');
    expect((await req('supplier1', 'POST', '/supplier/v1/contract/renewContractRemind', { id: other.id })).body.message).toContain('30 天内到期');
    const owner2 = (await as('owner2')).data.user.id;
    const toOwner = await db().selectFrom('user_message').select('id').where('user_id', '=', owner2).where('title', '=', '供应商合同即将到期').execute();
    expect(toOwner).toHaveLength(1);

    // the daily job, twice for the same day: tomorrow's reminder goes out once, and today's is not repeated
    const tomorrow = addDays(today, 1);
    await t.ctx.jobs.enqueue(db(), 'contracts.daily', { today: tomorrow });
    await t.ctx.jobs.enqueue(db(), 'contracts.daily', { today: tomorrow });
    await t.ctx.jobs.start();
    try {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await openDailyJobs()) > 0) await new Promise((r) => setTimeout(r, 150));
    } finally {
      await t.ctx.jobs.stop();
    }
    expect(await openDailyJobs()).toBe(0);
    const rows = await db()
      .selectFrom('contract_reminder')
      .select(['contract_id', 'remind_date'])
      .where('contract_id', '=', c.id)
      .orderBy('remind_date')
      .execute();
    expect(rows.map((r) => r.remind_date)).toEqual([today, tomorrow]);
    expect(await db().selectFrom('user_message').select('id').where('user_id', '=', owner2).where('title', '=', '供应商合同即将到期').execute()).toHaveLength(
      2,
    );
    const after = (await req('supplier3', 'GET', `/supplier/v1/contract/detail/${c.id}`)).body.data;
    expect(after.renewStatus).toBe(1);
  });
});

/** Daily-job runs given a `today` still waiting or running (SQLite's queue table, or graphile-worker's jobs). */
async function openDailyJobs(): Promise<number> {
  if (t.ctx.database.engine === 'postgres') {
    const r = await sql<{ n: string }>`select count(*) as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
      where k.identifier = 'contracts.daily' and j.payload::jsonb ? 'today'`.execute(db());
    return Number(r.rows[0].n);
  }
  const r = await db()
    .selectFrom('job_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('name', '=', 'contracts.daily')
    .where('payload', 'like', '%"today"%')
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('续签', () => {
  it('a renewal is a new version linked to the original; signing it marks the relation renewed', async () => {
    const original = await contractOf('麦克林', 'SIMM');
    const simm = await instituteIdOf('SIMM');
    const originals = (await req('supplier3', 'GET', `/supplier/v1/contract/selectOriginalContract?instituteId=${simm}`)).body.data;
    expect(originals.map((o: { id: number }) => o.id)).toEqual([original.id]);
    expect((await req('admin', 'GET', '/supplier/v1/contract/selectOriginalContract')).body.code).toBe(40300);
    const foreign = await contractOf('国药', 'SIMM');
    const renewal = {
      instituteId: simm,
      contractNo: no(),
      title: `${Number(today.slice(0, 4)) + 1}年度试剂耗材供货框架协议（续签）`,
      startDate: addDays(original.end_date, 1),
      endDate: addDays(original.end_date, 365),
      submit: true,
    };
    expect((await req('supplier3', 'POST', '/supplier/v1/contract/add', { ...renewal, originalId: foreign.id })).status).toBe(404);
    const added = await req('supplier3', 'POST', '/supplier/v1/contract/add', { ...renewal, originalId: original.id });
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    const row = await db().selectFrom('supplier_contract').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.original_id, row.version, row.status]).toEqual([original.id, 2, 2]);
    const orig = (await req('supplier3', 'GET', `/supplier/v1/contract/detail/${original.id}`)).body.data;
    expect([orig.renewStatus, orig.phase]).toEqual([2, 'renewalPending']);
    expect((await req('supplier3', 'POST', '/supplier/v1/contract/add', { ...renewal, contractNo: no(), originalId: original.id })).body.message).toContain(
      '不能续签',
    );

    const pdf = await pdfOf('supplier3', `/supplier/v1/contract/downloadRenewContract?id=${id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfOf('supplier1', `/supplier/v1/contract/downloadRenewContract?id=${id}`)).statusCode).toBe(404);

    expect((await req('admin', 'POST', '/supplier/v1/contract/updateStatus', { id, action: 'sign' })).body.data.status).toBe(1);
    const done = (await req('admin', 'GET', `/supplier/v1/contract/detail/${original.id}`)).body.data;
    expect(done.renewStatus).toBe(3);
    // the original still runs to its own end; the daily job then marks it renewed, not expired
    await db()
      .updateTable('supplier_contract')
      .set({ end_date: addDays(today, -1) })
      .where('id', '=', original.id)
      .execute();
    expect((await req('admin', 'GET', `/supplier/v1/contract/detail/${original.id}`)).body.data.phase).toBe('renewed');
    expect((await req('supplier3', 'GET', '/supplier/v1/contract/selectOriginalContract')).body.data.map((o: { id: number }) => o.id)).not.toContain(
      original.id,
    );
    // the renewal starts after today, so restore the original's dates for the tests after this one
    await db().updateTable('supplier_contract').set({ end_date: original.end_date }).where('id', '=', original.id).execute();
  });
});

describe('合同二维码', () => {
  const secret = async () => (await db().selectFrom('setting').select('value').where('name', '=', 'contract_qr_secret').executeTakeFirstOrThrow()).value;
  const scan = (token: string) => t.app.inject({ method: 'GET', url: `/supplier/v1/contract/queryByqrcode?token=${encodeURIComponent(token)}` });

  it('answers the public facts for a valid token without a signature, and refuses tampered and expired ones', async () => {
    const c = await contractOf('阿拉丁', 'SIMM');
    const s = await secret();
    const good = contractToken(s, c.id, new Date(Date.now() + 86_400_000));
    const r = await scan(good);
    expect(r.statusCode).toBe(200);
    const facts = r.json().data;
    expect(facts).toMatchObject({
      contractNo: c.contract_no,
      supplierName: '上海阿拉丁生化科技股份有限公司',
      instituteName: '中国科学院上海药物研究所',
      valid: true,
    });
    expect(Object.keys(facts)).not.toContain('id');

    const [, , exp, mac] = good.split('.');
    const other = await contractOf('国药', 'SIMM');
    const tampered = await scan(`v1.${other.id}.${exp}.${mac}`);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toContain('篡改');
    const stretched = await scan(`v1.${c.id}.${Number(exp) + 86_400}.${mac}`);
    expect(stretched.json().message).toContain('篡改');
    const expired = await scan(contractToken(s, c.id, new Date(Date.now() - 1000)));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('过期');
    expect((await scan('https://example.com/not-ours')).json().message).toContain('无效');
    expect((await scan(contractToken('another-secret', c.id, new Date(Date.now() + 86_400_000)))).json().message).toContain('篡改');
  });
});

describe('合同门槛', () => {
  it('an expired contract hides the supplier from that institute and refuses cart and order; placed orders continue', async () => {
    const buyer1 = await as('buyer1');
    const buyer2 = await as('buyer2');
    const alading = await supplierIdOf('阿拉丁');
    const item = await makeItem(db(), { supplier: '阿拉丁', name: '乙腈 色谱纯 合同测试', price: 16800, stock: 50 });
    const address = (
      await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
        session: buyer1,
        json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact: '王晓明', phone: '13810230001' },
      })
    ).body.data.id;
    // an order placed while the contract is in force
    expect((await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer1, json: { itemId: item.id, quantity: 1 } })).body.code).toBe(200);
    const direct = { itemId: item.id, quantity: 1 };
    const placed = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer1,
      json: { direct, addressId: address, remarks: {}, idempotencyKey: randomBytes(8).toString('hex') },
    });
    expect(placed.body.code).toBe(200);
    const searchCount = async (s: typeof buyer1) =>
      (await call(t.app, 'GET', `/mall/v1/item/search?supplierId=${alading}&current=1&size=5`, { session: s })).body.data.total as number;
    expect(await searchCount(buyer1)).toBeGreaterThan(0);

    // the contract with 化学所 ends yesterday (the daily job has not run: the gate reads the dates)
    const c = await contractOf('阿拉丁', 'ICCAS');
    await db()
      .updateTable('supplier_contract')
      .set({ end_date: addDays(today, -1) })
      .where('id', '=', c.id)
      .execute();
    expect(await searchCount(buyer1)).toBe(0);
    expect(await searchCount(buyer2)).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', `/mall/v1/item/detail/${item.id}`, { session: buyer1 })).status).toBe(404);
    expect((await call(t.app, 'GET', `/mall/v1/item/detail/${item.id}`, { session: buyer2 })).status).toBe(200);
    expect((await call(t.app, 'GET', `/mall/v1/shop/detail/${alading}`, { session: buyer1 })).status).toBe(404);
    const refused = await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer1, json: { itemId: item.id, quantity: 1 } });
    expect(refused.body.code).toBe(40000);
    expect(refused.body.message).toContain('供货合同');
    const cart = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: buyer1 })).body.data;
    const line = cart.groups
      .flatMap((g: { lines: { itemId: number; available: boolean; id: number }[] }) => g.lines)
      .find((l: { itemId: number }) => l.itemId === item.id);
    expect(line.available).toBe(false);
    const conf = (await call(t.app, 'POST', '/mall/v1/order/cartConfirm', { session: buyer1, json: { cartIds: [line.id], addressId: address } })).body.data;
    expect(conf.canSubmit).toBe(false);
    const order = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer1,
      json: { cartIds: [line.id], addressId: address, remarks: {}, idempotencyKey: randomBytes(8).toString('hex') },
    });
    expect(order.body.code).toBe(40000);
    expect(order.body.message).toContain('供货合同');
    // the order placed before moves on
    expect((await req('leader1', 'POST', '/mall/v1/order-caas/team/pass', { ids: [placed.body.data.orderId] })).body.code).toBe(200);

    // the supplier learns why; the daily job tidies the status to expired
    const v = (await req('supplier2', 'GET', `/supplier/v1/warehouse/validateInstitute?instituteId=${c.institute_id}`)).body.data;
    expect(v.ok).toBe(false);
    expect(v.contractActive).toBe(false);
    expect(v.reasons.join()).toContain('没有生效中的供货合同');
    expect((await req('admin', 'GET', `/supplier/v1/contract/detail/${c.id}`)).body.data.phase).toBe('expired');
  });

  it('a terminated contract has an exit form with its open orders; others have none', async () => {
    const c = await contractOf('国药', 'SIMM');
    const buyer2 = await as('buyer2');
    const item = await makeItem(db(), { supplier: '国药', name: '无水乙醇 退出表测试', price: 2850, stock: 50 });
    const address = (
      await call(t.app, 'POST', '/mall/v1/recvAddress/add', {
        session: buyer2,
        json: { province: '上海市', city: '上海市', district: '浦东新区', detail: '海科路100号 上海药物所 3号楼', contact: '林芳', phone: '13916580001' },
      })
    ).body.data.id;
    const placed = await call(t.app, 'POST', '/mall/v1/order/create', {
      session: buyer2,
      json: { direct: { itemId: item.id, quantity: 2 }, addressId: address, remarks: {}, idempotencyKey: randomBytes(8).toString('hex') },
    });
    expect(placed.body.code).toBe(200);
    expect((await pdfOf('supplier1', `/supplier/v1/contract/getExitForm/${c.id}`)).json().message).toContain('已终止');
    expect((await req('admin', 'POST', '/supplier/v1/contract/updateStatus', { id: c.id, action: 'terminate' })).status).toBe(400);
    const term = await req('admin', 'POST', '/supplier/v1/contract/updateStatus', { id: c.id, action: 'terminate', reason: '供应商申请退出上海药物所' });
    expect(term.body.data.status).toBe(5);
    const form = await pdfOf('supplier1', `/supplier/v1/contract/getExitForm/${c.id}`);
    expect(form.headers['content-type']).toBe('application/pdf');
    expect(form.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfOf('admin', `/supplier/v1/contract/getExitForm/${c.id}`)).statusCode).toBe(200);
    expect((await pdfOf('supplier2', `/supplier/v1/contract/getExitForm/${c.id}`)).statusCode).toBe(404);
    expect((await pdfOf('buyer2', `/supplier/v1/contract/getExitForm/${c.id}`)).json().code).toBe(40300);
    // terminated: 国药 no longer sells to 上海药物所
    expect((await call(t.app, 'POST', '/mall/v1/cart/add', { session: buyer2, json: { itemId: item.id, quantity: 1 } })).body.message).toContain('供货合同');
    expect((await req('admin', 'POST', '/supplier/v1/contract/updateStatus', { id: c.id, action: 'terminate', reason: '再次终止' })).status).toBe(400);
  });
});

describe('供应商合同台账与供货校验', () => {
  it('supplierBase lists one row per supplier × institute; the renewal state is the platform’s to set', async () => {
    const page = (await req('admin', 'GET', '/supplier/v1/supplierBase/plist?current=1&size=50')).body.data;
    expect(page.total).toBe(6);
    const row = page.records.find(
      (r: { supplierName: string; instituteName: string }) => r.supplierName.includes('阿拉丁') && r.instituteName.includes('化学'),
    );
    expect(row.active).toBe(false);
    const ok = page.records.find((r: { supplierName: string; instituteName: string }) => r.supplierName.includes('麦克林') && r.instituteName.includes('化学'));
    expect(ok.active).toBe(true);
    expect((await req('supplier1', 'GET', '/supplier/v1/supplierBase/plist')).body.code).toBe(40300);
    const set = await req('admin', 'POST', '/supplier/v1/supplierBase/modifyRenewContractStatus', { contractId: ok.contractId, renewStatus: 4 });
    expect(set.body.data.renewStatusName).toBe('不再续签');
    expect((await req('admin', 'GET', '/supplier/v1/supplierBase/plist?renewStatus=stop')).body.data.total).toBe(1);
    expect(
      (await req('supplier3', 'POST', '/supplier/v1/supplierBase/modifyRenewContractStatus', { contractId: ok.contractId, renewStatus: 1 })).body.code,
    ).toBe(40300);
    expect((await req('admin', 'POST', '/supplier/v1/supplierBase/modifyRenewContractStatus', { contractId: ok.contractId, renewStatus: 9 })).status).toBe(400);
  });

  it('validateInstitute: a contract in force and the province within the supply areas', async () => {
    const iccas = await instituteIdOf('ICCAS');
    const yesRes = await req('supplier1', 'GET', `/supplier/v1/warehouse/validateInstitute?instituteId=${iccas}&province=${encodeURIComponent('北京市')}`);
    const yes = yesRes.body.data;
    expect(yes).toMatchObject({ ok: true, contractActive: true, inSupplyArea: true, province: '北京市' });
    expect((await req('buyer1', 'GET', `/supplier/v1/warehouse/validateInstitute?instituteId=${iccas}`)).body.code).toBe(40300);
    expect((await req('supplier1', 'GET', '/supplier/v1/warehouse/validateInstitute?instituteId=99999')).status).toBe(404);
  });
});

describe('升级到合同管理', () => {
  it('an existing installation keeps selling: migration 015 gives every working supplier a 180-day transition agreement per institute', async () => {
    await db().deleteFrom('contract_reminder').execute();
    await db().deleteFrom('supplier_contract').execute();
    const buyer1 = await as('buyer1');
    const empty = (await call(t.app, 'GET', '/mall/v1/item/search?current=1&size=5', { session: buyer1 })).body.data.total;
    expect(empty).toBe(0);
    await migration015.up(db() as never);
    const rows = await db().selectFrom('supplier_contract').selectAll().execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 1 && r.start_date === today && r.end_date === addDays(today, 180) && r.contract_no.startsWith('MIG-'))).toBe(true);
    expect((await call(t.app, 'GET', '/mall/v1/item/search?current=1&size=5', { session: buyer1 })).body.data.total).toBeGreaterThan(0);
  });
});
