import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { addBeijingAddress } from './support/mall-fixtures.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * 招标采购: publishing and its scope, sealed bids (the secrecy walk over every bid route before
 * opening, as buyer, team leader, institute, admin, public and a supplier that has not bid),
 * revisions, voiding by an edit, the opening job (idempotent, ranking, ties, fewer than three valid
 * bids), re-bid and close, the award into an order through the approval chain, and the printout.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
let addressId: number;
let sup: { s1: number; s2: number; s3: number };

const hour = () => new Date(Date.now() + 3600_000).toISOString();
const project = (over: Record<string, unknown> = {}) => ({
  title: '2026年度色谱耗材集中采购',
  lines: [
    { name: '乙腈 色谱纯', spec: '4L', cas: '75-05-8', quantity: 10, unit: '瓶' },
    { name: '甲醇 色谱纯', spec: '4L', cas: '67-56-1', quantity: 6, unit: '瓶' },
  ],
  ceilingAmount: 1_000_000,
  deadline: hour(),
  addressId,
  inviteMode: 'invited',
  supplierIds: [sup.s1, sup.s2, sup.s3],
  remark: '含税含运费，送货上门',
  ...over,
});
async function publish(over: Record<string, unknown> = {}) {
  const r = await req('buyer1', 'POST', '/mall/v1/bid/add', project(over));
  expect(r.body).toMatchObject({ code: 200 });
  return r.body.data.id as number;
}
async function linesOf(id: number) {
  return (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data.lines as { id: number; quantity: number }[];
}
/** A bid whose unit prices are `base` and `base + 1` fen per item, total known to the caller. */
async function bid(user: string, id: number, prices: number[], deliveryDays = 3) {
  const lines = await linesOf(id);
  return req(user, 'POST', '/supplier/v1/bid/submit', { projectId: id, lines: lines.map((l, i) => ({ lineId: l.id, unitPrice: prices[i] })), deliveryDays });
}
const stateOf = async (id: number) => (await db().selectFrom('bid_project').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
/** The deadline passes and the opening job runs (the job the deadline scheduled is later; the runner runs this one now). */
async function openNow(id: number) {
  await db()
    .updateTable('bid_project')
    .set({ deadline: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();
  await t.ctx.jobs.enqueue(db(), 'bids.open', { projectId: id });
  for (let i = 0; i < 200 && (await stateOf(id)) === 'bidding'; i++) await new Promise((r) => setTimeout(r, 100));
  return stateOf(id);
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await db().selectFrom('supplier').select(['id', 'company_name']).orderBy('id').execute();
  const by = (k: string) => ids.find((s) => s.company_name.includes(k))?.id as number;
  sup = { s1: by('国药'), s2: by('阿拉丁'), s3: by('麦克林') };
  addressId = await addBeijingAddress(req);
  await t.ctx.jobs.start();
});
afterAll(async () => {
  await t.ctx.jobs.stop();
  await t.close();
});

describe('publishing and scope', () => {
  it('the buyer publishes; team leader, institute and platform see it; another institute and suppliers of the wrong side do not', async () => {
    const id = await publish();
    const d = (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data;
    expect(d).toMatchObject({ state: 'bidding', stateText: '投标中', round: 1, result: null, ceilingAmount: 1_000_000, inviteMode: 'invited' });
    expect(d.address).toMatchObject({ province: '北京市', contact: '王晓明' });
    expect(d.lines.map((l: { cas: string }) => l.cas)).toEqual(['75-05-8', '67-56-1']);
    for (const u of ['leader1', 'owner1', 'admin']) expect((await req(u, 'GET', `/mall/v1/bid/detail/${id}`)).body.code).toBe(200);
    for (const u of ['buyer2', 'owner2']) expect((await req(u, 'GET', `/mall/v1/bid/detail/${id}`)).status).toBe(404);
    // the supplier side has no buyer pages and the buyer side no supplier ones
    expect((await req('supplier1', 'GET', '/mall/v1/bid/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'GET', '/supplier/v1/bid/all/list')).body.code).toBe(40300);
    // the invited suppliers hear of it
    const inbox = (await req('supplier3', 'GET', '/mall/v1/message/page?size=50')).body.data.records as { title: string }[];
    expect(inbox.some((m) => m.title.includes('新的招标项目'))).toBe(true);
  });

  it('refuses a past deadline, fewer than three invited suppliers, a bad CAS, a foreign address and changes by anyone but the buyer', async () => {
    expect((await req('buyer1', 'POST', '/mall/v1/bid/add', project({ deadline: new Date(Date.now() - 60_000).toISOString() }))).body.message).toBe(
      '截止时间须晚于当前时间',
    );
    expect((await req('buyer1', 'POST', '/mall/v1/bid/add', project({ supplierIds: [sup.s1, sup.s2] }))).body.code).toBe(40000);
    const bad = project();
    (bad.lines as { cas: string }[])[0].cas = '75-05-9';
    expect((await req('buyer1', 'POST', '/mall/v1/bid/add', bad)).body.message).toContain('CAS');
    expect((await req('leader1', 'POST', '/mall/v1/bid/add', project())).status).toBe(404);
    const id = await publish();
    expect((await req('leader1', 'POST', '/mall/v1/bid/close', { id, reason: '不需要了' })).body.code).toBe(40300);
    expect((await req('buyer2', 'POST', '/mall/v1/bid/close', { id, reason: '不需要了' })).status).toBe(404);
    // a malformed body never answers 500
    expect((await req('buyer1', 'POST', '/mall/v1/bid/add', { title: 1 })).body.code).toBe(40000);
  });
});

describe('sealed bids: the secrecy walk', () => {
  it('before opening, nothing anyone but the bidder reads changes when bids arrive — amounts, counts, lists, order, totals, messages, logs', async () => {
    // two projects: bids go to the older one only, so a list sorted by activity would reorder them
    const a = await publish({ title: '密封测试项目 A' });
    const b = await publish({ title: '密封测试项目 B' });
    const walk = async () => {
      const out: Record<string, unknown> = {};
      for (const u of ['buyer1', 'leader1', 'owner1', 'admin']) {
        out[`${u} page`] = (await req(u, 'GET', '/mall/v1/bid/page?size=100')).body;
        out[`${u} page bidding`] = (await req(u, 'GET', '/mall/v1/bid/page?size=100&state=bidding')).body;
        for (const id of [a, b]) {
          out[`${u} detail ${id}`] = (await req(u, 'GET', `/mall/v1/bid/detail/${id}`)).body;
          out[`${u} control ${id}`] = (await req(u, 'GET', `/mall/v1/bid/printPDF/checkControl/${id}`)).body;
          out[`${u} pdf ${id}`] = (await req(u, 'GET', `/mall/v1/bid/printPDF/${id}`)).body;
        }
      }
      out.public = (await call(t.app, 'GET', '/mall/v1/bid/public/list?size=100')).body;
      out['admin outbox'] = (await req('admin', 'GET', '/uac/v1/outbox/page?size=100')).body;
      out['admin audit'] = (await req('admin', 'GET', '/uac/v1/audit/page?size=100')).body;
      out['buyer1 inbox'] = (await req('buyer1', 'GET', '/mall/v1/message/page?size=100')).body;
      // the invited supplier that has not bid
      out['supplier3 open'] = (await req('supplier3', 'GET', '/supplier/v1/bid/all/list?size=100')).body;
      out['supplier3 mine'] = (await req('supplier3', 'GET', '/supplier/v1/bid/all/list?size=100&tab=mine')).body;
      out['supplier3 inbox'] = (await req('supplier3', 'GET', '/mall/v1/message/page?size=100')).body;
      for (const id of [a, b]) {
        out[`supplier3 detail ${id}`] = (await req('supplier3', 'GET', `/supplier/v1/bid/detail/${id}`)).body;
        out[`supplier3 control ${id}`] = (await req('supplier3', 'GET', `/mall/v1/bid/printPDF/checkControl/${id}`)).body;
      }
      return out;
    };
    // the bidders' sessions exist before the walk (logging in is audited; bidding is not)
    for (const u of ['supplier1', 'supplier2']) await req(u, 'GET', '/supplier/v1/bid/all/list');
    const before = await walk();
    expect((before[`buyer1 detail ${a}`] as { data: { result: unknown } }).data.result).toBeNull();
    expect((before[`buyer1 control ${a}`] as { data: unknown }).data).toEqual({ allowed: false, reason: '开标后才能打印招标记录' });

    // amounts no one else could guess: 123,457 and 98,761 fen per line
    expect((await bid('supplier1', a, [12_345, 6_789])).body.code).toBe(200);
    expect((await bid('supplier2', a, [11_111, 7_777])).body.code).toBe(200);
    expect((await bid('supplier2', a, [11_112, 7_778])).body.code).toBe(200); // a revision
    const after = await walk();
    expect(after).toEqual(before);
    const seen = JSON.stringify(after);
    for (const x of ['12345', '6789', '11112', '7778', '123450', '40734', '111120', '46668']) expect(seen).not.toContain(x);

    // each bidder sees its own bid and nothing of the other's
    const own1 = (await req('supplier1', 'GET', `/supplier/v1/bid/detail/${a}`)).body.data;
    expect(own1.myBid).toMatchObject({ totalAmount: 12_345 * 10 + 6_789 * 6, state: 'submitted', stateText: '已投标' });
    expect(own1.result).toBeNull();
    const own2 = JSON.stringify((await req('supplier2', 'GET', '/supplier/v1/bid/all/list?size=100&tab=mine')).body);
    expect(own2).toContain(String(11_112 * 10 + 7_778 * 6));
    expect(own2).not.toContain(String(12_345 * 10 + 6_789 * 6));
    expect((await req('supplier1', 'GET', `/mall/v1/bid/printPDF/checkControl/${a}`)).body.data.allowed).toBe(false);
  });
});

/** A fourth supplier with a contract in force with 化学所 (no accounts: only to be invited instead of 麦克林). */
async function fourthSupplier() {
  const now = new Date().toISOString();
  const { id } = await db()
    .insertInto('supplier')
    .values({
      company_name: '北京伊诺凯科技有限公司',
      company_key: 'beijinginnochem',
      email: null,
      refuse_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      credit_code: '91110108MA01ABCD2X',
      contact_name: '张伟',
      contact_phone: '13800000004',
      status: 1,
      child_account_limit: 10,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = await db().selectFrom('supplier_contract').selectAll().where('supplier_id', '=', sup.s1).orderBy('id').executeTakeFirstOrThrow();
  const { id: _id, ...rest } = c;
  await db()
    .insertInto('supplier_contract')
    .values({ ...rest, supplier_id: id, contract_no: `${c.contract_no}-X` })
    .execute();
  return id;
}

describe('bidding rules', () => {
  it('a price for every item once, the total within the ceiling; revisable until the deadline, then refused', async () => {
    const id = await publish({ ceilingAmount: 100_000 });
    const lines = await linesOf(id);
    const one = await req('supplier1', 'POST', '/supplier/v1/bid/submit', { projectId: id, lines: [{ lineId: lines[0].id, unitPrice: 100 }], deliveryDays: 1 });
    expect(one.body.message).toContain('每一项');
    const twice = await req('supplier1', 'POST', '/supplier/v1/bid/submit', {
      projectId: id,
      lines: [
        { lineId: lines[0].id, unitPrice: 100 },
        { lineId: lines[0].id, unitPrice: 100 },
      ],
      deliveryDays: 1,
    });
    expect(twice.body.code).toBe(40000);
    expect((await bid('supplier1', id, [9_000, 9_000])).body.message).toContain('超过最高限价');
    expect((await bid('supplier1', id, [5_000, 5_000])).body.code).toBe(200);
    expect((await bid('supplier1', id, [4_000, 5_000])).body.data).toMatchObject({ totalAmount: 70_000 });
    // one live bid per supplier and round, whatever the revisions
    expect(await db().selectFrom('bid_offer').select('id').where('project_id', '=', id).where('void', '=', 0).execute()).toHaveLength(1);
    await db()
      .updateTable('bid_project')
      .set({ deadline: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await bid('supplier1', id, [3_000, 3_000])).body.code).not.toBe(200);
  });

  it('only invited suppliers see and bid on an invited project; "all" mode reaches every supplier with a contract in force', async () => {
    const s4 = await fourthSupplier();
    const id = await publish({ supplierIds: [sup.s1, sup.s2, s4] });
    expect((await req('supplier3', 'GET', `/supplier/v1/bid/detail/${id}`)).status).toBe(404);
    expect((await bid('supplier3', id, [100, 100])).status).toBe(404);
    const open3 = (await req('supplier3', 'GET', '/supplier/v1/bid/all/list?size=100')).body.data.records as { id: number }[];
    expect(open3.map((r) => r.id)).not.toContain(id);
    const all = await publish({ inviteMode: 'all', supplierIds: [] });
    const open3b = (await req('supplier3', 'GET', '/supplier/v1/bid/all/list?size=100')).body.data.records as { id: number }[];
    expect(open3b.map((r) => r.id)).toContain(all);
    // a project of 上海药物所: 麦克林 has a contract there too, so it is listed; after termination it is not
    await db().updateTable('supplier_contract').set({ status: 5 }).where('supplier_id', '=', sup.s3).execute();
    expect((await req('supplier3', 'GET', `/supplier/v1/bid/detail/${all}`)).status).toBe(404);
    expect(((await req('supplier3', 'GET', '/supplier/v1/bid/all/list?size=100')).body.data.records as unknown[]).length).toBe(0);
    await db().updateTable('supplier_contract').set({ status: 1 }).where('supplier_id', '=', sup.s3).execute();
    // inviting a supplier without a contract in force: refused
    await db().updateTable('supplier_contract').set({ status: 5 }).where('supplier_id', '=', s4).execute();
    expect((await req('buyer1', 'POST', '/mall/v1/bid/add', project({ supplierIds: [sup.s1, sup.s2, s4] }))).body.message).toContain('无生效供货合同');
  });

  it('an edit after the first bid voids the round and tells every supplier concerned in the same words; the answer is the same as without bids', async () => {
    const quiet = await publish({ title: '无人投标的修改' });
    const busy = await publish({ title: '有人投标的修改' });
    expect((await bid('supplier1', busy, [1_000, 1_000])).body.code).toBe(200);
    // one deadline for both edits: the messages name it, and two calls of hour() may fall in different seconds
    const deadline = hour();
    const e1 = await req('buyer1', 'POST', '/mall/v1/bid/update', {
      id: quiet,
      project: project({ title: '无人投标的修改', ceilingAmount: 900_000, deadline }),
    });
    const e2 = await req('buyer1', 'POST', '/mall/v1/bid/update', {
      id: busy,
      project: project({ title: '有人投标的修改', ceilingAmount: 900_000, deadline }),
    });
    expect(e1.body).toEqual(e2.body);
    expect((await req('supplier1', 'GET', `/supplier/v1/bid/detail/${busy}`)).body.data.myBid).toMatchObject({ state: 'void', stateText: '已作废' });
    const told = async (u: string, title: string) =>
      ((await req(u, 'GET', '/mall/v1/message/page?size=100')).body.data.records as { title: string; content: string }[]).filter(
        (m) => m.title === `招标项目已修改：${title}`,
      );
    for (const u of ['supplier1', 'supplier2', 'supplier3']) {
      expect(await told(u, '有人投标的修改')).toHaveLength(1);
      expect((await told(u, '无人投标的修改'))[0].content).toBe((await told(u, '有人投标的修改'))[0].content);
    }
    // the voided supplier bids again
    expect((await bid('supplier1', busy, [1_000, 1_000])).body.data).toMatchObject({ state: 'submitted', round: 1 });
  });
});

describe('opening, award and printout', () => {
  it('opens at the deadline once, ranks every bid (ties to the earliest), awards the lowest into an order through the approval chain', async () => {
    const id = await publish({ title: '紫外分光光度计比色皿采购' });
    // 国药 and 麦克林 tie at 60,000; 麦克林 bid first; 阿拉丁 is dearer
    expect((await bid('supplier3', id, [3_000, 5_000])).body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await bid('supplier1', id, [3_000, 5_000])).body.code).toBe(200);
    expect((await bid('supplier2', id, [4_000, 5_000])).body.code).toBe(200);
    expect(await openNow(id)).toBe('opened');
    // the job again (a retry, the sweep): nothing changes
    await t.ctx.jobs.enqueue(db(), 'bids.open', { projectId: id });
    await new Promise((r) => setTimeout(r, 1500));
    const logs = await db().selectFrom('bid_log').select('action').where('project_id', '=', id).where('action', '=', 'open').execute();
    expect(logs).toHaveLength(1);

    const d = (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data;
    expect(d.result.map((r: { supplierId: number; rank: number; totalAmount: number }) => [r.supplierId, r.rank, r.totalAmount])).toEqual([
      [sup.s3, 1, 60_000],
      [sup.s1, 2, 60_000],
      [sup.s2, 3, 70_000],
    ]);
    // after opening the bidders see the result; the institute and the admin see it too
    expect((await req('supplier2', 'GET', `/supplier/v1/bid/detail/${id}`)).body.data.result).toHaveLength(3);
    expect((await req('admin', 'GET', `/mall/v1/bid/detail/${id}`)).body.data.result).toHaveLength(3);
    // the printout: parties after opening
    for (const u of ['buyer1', 'owner1', 'supplier1'])
      expect((await req(u, 'GET', `/mall/v1/bid/printPDF/checkControl/${id}`)).body.data).toEqual({ allowed: true, reason: null });
    const pdf = await req('buyer1', 'GET', `/mall/v1/bid/printPDF/${id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toContain('application/pdf');
    expect((await req('buyer2', 'GET', `/mall/v1/bid/printPDF/${id}`)).status).toBe(404);

    // only the buyer awards; the award is an order at the bid's prices, pending approval
    expect((await req('leader1', 'POST', '/mall/v1/bid/award', { id })).body.code).toBe(40300);
    const aw = await req('buyer1', 'POST', '/mall/v1/bid/award', { id });
    expect(aw.body).toMatchObject({ code: 200, data: { totalAmount: 60_000 } });
    const order = await db().selectFrom('purchase_order').selectAll().where('id', '=', aw.body.data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ buyer_id: order.placed_by_id, delivery_fee: 0 });
    expect(Number(order.total_amount)).toBe(60_000);
    expect(order.status).toMatch(/^pending_/);
    const sub = await db().selectFrom('sub_order').selectAll().where('order_id', '=', order.id).execute();
    expect(sub.map((s) => s.supplier_id)).toEqual([sup.s3]);
    const lines = await db().selectFrom('order_line').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    expect(lines.map((l) => [l.name, l.quantity, Number(l.unit_price)])).toEqual([
      ['乙腈 色谱纯', 10, 3_000],
      ['甲醇 色谱纯', 6, 5_000],
    ]);
    // the placeholder items are never catalogue items
    const items = await db()
      .selectFrom('item')
      .select(['deleted', 'on_shelf'])
      .where(
        'id',
        'in',
        lines.map((l) => l.item_id),
      )
      .execute();
    expect(items.every((i) => i.deleted === 2 && i.on_shelf === 0)).toBe(true);
    // the order is the buyer's, visible in 我的订单, and its approver is asked
    const mine = (await req('buyer1', 'GET', `/mall/v1/order-detail/${order.id}`)).body;
    expect(mine.code).toBe(200);
    expect(JSON.stringify(mine.data)).toContain('乙腈 色谱纯');
    const asked = (await req('leader1', 'GET', '/mall/v1/message/page?size=50')).body.data.records as { title: string }[];
    expect(asked.some((m) => m.title === `订单 ${order.order_no} 待您审批`)).toBe(true);
    // awarding again: refused
    expect((await req('buyer1', 'POST', '/mall/v1/bid/award', { id })).body.code).toBe(40009);
    const dd = (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data;
    expect(dd).toMatchObject({ state: 'awarded', winnerBidId: d.result[0].bidId, orderNo: order.order_no });
    expect((await req('supplier3', 'GET', `/supplier/v1/bid/detail/${id}`)).body.data.myBid.state).toBe('won');
    expect((await req('supplier1', 'GET', `/supplier/v1/bid/detail/${id}`)).body.data.myBid.state).toBe('lost');
  });

  it('fewer than three valid bids fail the round; the buyer re-bids (round 2) or closes; an invalid bid is listed with its reason', async () => {
    const id = await publish({ title: '流标测试项目' });
    expect((await bid('supplier1', id, [1_000, 1_000])).body.code).toBe(200);
    expect((await bid('supplier2', id, [1_000, 1_000])).body.code).toBe(200);
    expect((await bid('supplier3', id, [900, 900])).body.code).toBe(200);
    // 麦克林's contract ends before the opening: its bid is listed, invalid
    await db().updateTable('supplier_contract').set({ status: 5 }).where('supplier_id', '=', sup.s3).execute();
    expect(await openNow(id)).toBe('failed');
    await db().updateTable('supplier_contract').set({ status: 1 }).where('supplier_id', '=', sup.s3).execute();
    const d = (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data;
    expect(d.result.map((r: { valid: boolean }) => r.valid)).toEqual([true, true, false]);
    expect(d.result[2].invalidReason).toContain('供货合同');
    expect((await req('buyer1', 'POST', '/mall/v1/bid/award', { id })).body.code).toBe(40009);
    expect((await req('buyer1', 'POST', '/mall/v1/bid/rebid', { id, deadline: hour() })).body.code).toBe(200);
    const r2 = (await req('buyer1', 'GET', `/mall/v1/bid/detail/${id}`)).body.data;
    expect(r2).toMatchObject({ state: 'bidding', round: 2, result: null });
    // the new round starts empty: an old bid is not a bid of round 2
    expect((await req('supplier1', 'GET', `/supplier/v1/bid/detail/${id}`)).body.data.canBid).toBe(true);
    expect((await req('buyer1', 'POST', '/mall/v1/bid/close', { id, reason: '预算调整，取消本次采购' })).body.code).toBe(200);
    expect(await stateOf(id)).toBe('closed');
    expect((await req('buyer1', 'POST', '/mall/v1/bid/close', { id, reason: '再次关闭' })).body.code).toBe(40009);
  });

  it('the deadline itself schedules the opening job', async () => {
    const id = await publish({ title: '定时开标', deadline: new Date(Date.now() + 2500).toISOString() });
    for (let i = 0; i < 150 && (await stateOf(id)) === 'bidding'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stateOf(id)).toBe('failed');
  });

  it('the public /bid list shows projects without amounts or counts', async () => {
    const r = (await call(t.app, 'GET', '/mall/v1/bid/public/list?size=100')).body;
    expect(r.code).toBe(200);
    expect(r.data.total).toBeGreaterThan(0);
    expect(Object.keys(r.data.records[0]).sort()).toEqual(['deadline', 'id', 'instituteName', 'projectNo', 'publishedAt', 'state', 'stateText', 'title']);
    expect(r.data.records.some((x: { state: string }) => x.state === 'closed')).toBe(false);
  });
});
