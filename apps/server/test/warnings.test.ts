import { shanghaiDate } from '@kc/contracts/platform/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarningsRepository } from '../src/modules/oversight/warnings/warnings.repository.ts';
import { WarningsService } from '../src/modules/oversight/warnings/warnings.service.ts';
import { ApprovalsService } from '../src/modules/shared/approvals/approvals.service.ts';
import { ApproversRepository } from '../src/modules/shared/approvals/approvers.repository.ts';
import { MessagesRepository } from '../src/modules/shared/messages/messages.repository.ts';
import { MessagesService } from '../src/modules/shared/messages/messages.service.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * 预警: each scanned rule fires once per subject however often the scan runs, and resolves itself
 * when its condition is gone; the state table refuses illegal moves; people see only their scope
 * (another institute's warnings and rules are unseen and unchangeable, a wrong role is refused);
 * the daily digest goes to each person once a day; the checkout's duplicate hint.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, instituteId } = lookups(() => t);
const db = () => t.ctx.database.db;
const DAY = 86_400_000;
const today = shanghaiDate();
const dayPlus = (n: number) => shanghaiDate(Date.now() + n * DAY);

type W = { id: number; type: string; state: string; title: string; actions: string[] };
const list = async (user: string, q = '') => (await req(user, 'GET', `/mall/v1/warning/page?size=100${q}`)).body.data.records as W[];
const warningOf = async (type: string, subjectKey: string) =>
  db().selectFrom('warning').selectAll().where('rule_type', '=', type).where('subject_key', '=', subjectKey).execute();
const scan = async (user = 'owner1') => (await req(user, 'POST', '/mall/v1/warning/scan', {})).body;
const overdue = (daysAgo: number, status = 'to_deliver') =>
  makeAcceptedSubOrder(db(), { supplier: '国药', buyer: 'buyer1', team: '李明华课题组', lines: [{ amount: 12_000, rate: '13' }], status, daysAgo });

let shipLate: { subId: number; orderId: number };
let unbilled: { subId: number };
let cardId: number;
let qualificationId: number;

beforeAll(async () => {
  t = await createTestApp();
  shipLate = await overdue(10);
  unbilled = await overdue(40, 'completed');
  // a card of leader1 with 95% spent
  const made = await req('finance1', 'POST', '/mall/v1/grantCard/add', {
    cardNo: 'WARN-0001',
    title: '国家自然科学基金青年项目：有机半导体材料',
    piId: await userId('leader1'),
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    total: 1_000_000,
    policy: 'stop',
    lines: [],
    memberIds: [],
  });
  cardId = made.body.data.id;
  await db().updateTable('grant_card').set({ drawn: 950_000 }).where('id', '=', cardId).execute();
  // 国药's medical-device licence ends in ten days (it has a contract with both demo institutes)
  const guoyao = await db().selectFrom('supplier').select('id').where('company_name', 'like', '%国药%').executeTakeFirstOrThrow();
  const file = await db().selectFrom('qualification').select('file_id').where('supplier_id', '=', guoyao.id).executeTakeFirstOrThrow();
  await db().deleteFrom('qualification').where('supplier_id', '=', guoyao.id).where('type_code', '=', 'medical_device_license').execute();
  qualificationId = (
    await db()
      .insertInto('qualification')
      .values({
        supplier_id: guoyao.id,
        type_code: 'medical_device_license',
        number: '京海食药监械经营许20150123号',
        authority: '北京市海淀区市场监督管理局',
        valid_from: '2021-01-01',
        valid_to: dayPlus(10),
        file_id: file.file_id,
        scope: '二类、三类医疗器械',
        status: 1,
        refuse_reason: null,
        submitted_by: 1,
        submitted_at: new Date().toISOString(),
        reviewed_by: 1,
        reviewed_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('the scan', () => {
  it('each rule fires once per subject, however often the scan runs', async () => {
    const first = await scan();
    expect(first.code).toBe(200);
    expect(first.data.created).toBeGreaterThanOrEqual(4);
    const keys = [
      ['overdue_delivery', `sub_order:${shipLate.subId}`],
      ['overdue_invoice', `sub_order:${unbilled.subId}`],
      ['grant_card', `grant_card:${cardId}`],
      ['qualification_expiry', `qualification:${qualificationId}`],
    ] as const;
    for (const [type, key] of keys) expect(await warningOf(type, key), `${type} ${key}`).toHaveLength(1);
    // the daily job runs too (twice for the same day): nothing new about the same subjects
    expect((await scan()).data.created).toBe(0);
    for (const [type, key] of keys) expect(await warningOf(type, key)).toHaveLength(1);
    const [w] = await warningOf('overdue_delivery', `sub_order:${shipLate.subId}`);
    expect(w).toMatchObject({ user_id: await userId('buyer1'), state: 'new' });
    expect(w.detail).toContain('10 天仍未发货');
  });

  it('a sub-order younger than the threshold, or fully shipped, does not fire; a shipped one resolves its warning', async () => {
    const young = await overdue(3);
    const shipped = await overdue(12, 'delivered');
    const later = await overdue(11);
    await scan();
    expect(await warningOf('overdue_delivery', `sub_order:${young.subId}`)).toHaveLength(0);
    expect(await warningOf('overdue_delivery', `sub_order:${shipped.subId}`)).toHaveLength(0);
    expect(await warningOf('overdue_delivery', `sub_order:${later.subId}`)).toHaveLength(1);
    await db().updateTable('sub_order').set({ status: 'delivered' }).where('id', '=', later.subId).execute();
    expect((await scan()).data.resolved).toBeGreaterThanOrEqual(1);
    const [w] = await warningOf('overdue_delivery', `sub_order:${later.subId}`);
    expect(w).toMatchObject({ state: 'resolved', acted_by: null });
    // resolved stays resolved: the same subject never warns twice
    await db().updateTable('sub_order').set({ status: 'to_deliver' }).where('id', '=', later.subId).execute();
    await scan();
    expect(await warningOf('overdue_delivery', `sub_order:${later.subId}`)).toEqual([expect.objectContaining({ state: 'resolved' })]);
  });

  it('the rules page changes thresholds and switches rules off; bounds are checked', async () => {
    const mid = await overdue(9);
    const rules = (await req('owner1', 'GET', '/mall/v1/warning-rule/list')).body.data;
    expect(rules.instituteId).toBe(await instituteId('ICCAS'));
    expect(rules.rules.find((r: { type: string }) => r.type === 'overdue_delivery')).toMatchObject({ enabled: true, threshold: 7, isDefault: true });
    const set = (body: Record<string, unknown>) => req('owner1', 'POST', '/mall/v1/warning-rule/update', body);
    expect((await set({ type: 'overdue_delivery', enabled: true, threshold: 14 })).body.code).toBe(200);
    await scan();
    // 9 days is under the new 14: no warning, and the 10-day one is no longer overdue either
    expect(await warningOf('overdue_delivery', `sub_order:${mid.subId}`)).toHaveLength(0);
    expect((await warningOf('overdue_delivery', `sub_order:${shipLate.subId}`))[0].state).toBe('resolved');
    expect((await set({ type: 'overdue_delivery', enabled: true, threshold: 91 })).body).toMatchObject({ code: 40000 });
    expect((await set({ type: 'overdue_delivery', enabled: true, threshold: 7 })).body.code).toBe(200);
    // off: the card's warning is resolved and no new one comes
    expect((await set({ type: 'grant_card', enabled: false, threshold: 10 })).body.code).toBe(200);
    await scan();
    expect((await warningOf('grant_card', `grant_card:${cardId}`))[0].state).toBe('resolved');
    expect((await set({ type: 'grant_card', enabled: true, threshold: 10 })).body.code).toBe(200);
  });
});

describe('inventory rules', () => {
  let seq = 0;
  const container = async (o: { item: number; left: number; total?: number; expiresOn?: string | null; team?: string }) => {
    const team = await db()
      .selectFrom('team')
      .select(['id', 'institute_id'])
      .where('name', '=', o.team ?? '李明华课题组')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    return (
      await db()
        .insertInto('inventory_container')
        .values({
          code: `KC-TEST-${Date.now()}-${++seq}`,
          institute_id: team.institute_id,
          team_id: team.id,
          owner_id: await userId('buyer1'),
          item_id: o.item,
          name: '乙腈',
          spec: '4L',
          unit: 'mL',
          dimension: 'volume',
          quantity_total: o.total ?? 4000,
          quantity_left: o.left,
          expires_on: o.expiresOn ?? null,
          state: 'in_stock',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const someItem = async (n: number) => (await db().selectFrom('item').select('id').orderBy('id').offset(n).limit(1).executeTakeFirstOrThrow()).id;

  it('expiry: a container expiring within the days (or expired) warns once; a later one does not', async () => {
    const item = await someItem(50);
    const soon = await container({ item, left: 4000, expiresOn: dayPlus(20) });
    const past = await container({ item, left: 100, expiresOn: dayPlus(-2) });
    const later = await container({ item, left: 4000, expiresOn: dayPlus(200) });
    await scan();
    await scan();
    expect(await warningOf('expiry', `container:${soon}`)).toEqual([expect.objectContaining({ state: 'new', due_on: dayPlus(20) })]);
    expect((await warningOf('expiry', `container:${past}`))[0].title).toContain('已过期');
    expect(await warningOf('expiry', `container:${later}`)).toHaveLength(0);
    // used up: resolved by the next scan
    await db().updateTable('inventory_container').set({ quantity_left: 0, state: 'empty' }).where('id', '=', past).execute();
    await scan();
    expect((await warningOf('expiry', `container:${past}`))[0].state).toBe('resolved');
  });

  it('low stock: the team holding an item at or below the threshold warns once; a restock clears it and the next shortage warns again', async () => {
    const item = await someItem(51);
    const lowOf = async () =>
      db().selectFrom('warning').selectAll().where('rule_type', '=', 'low_stock').where('subject_key', 'like', `team:%:item:${item}:%`).orderBy('id').execute();
    const a = await container({ item, left: 4000 });
    const b = await container({ item, left: 4000 });
    await scan();
    expect(await lowOf()).toHaveLength(0);
    // 领用 leaves 1.5 bottles, then 0.75: the default threshold is 1
    await db().updateTable('inventory_container').set({ quantity_left: 2000 }).where('id', '=', a).execute();
    await scan();
    expect(await lowOf()).toHaveLength(0);
    await db().updateTable('inventory_container').set({ quantity_left: 0, state: 'empty' }).where('id', '=', a).execute();
    await db().updateTable('inventory_container').set({ quantity_left: 3000 }).where('id', '=', b).execute();
    await scan();
    await scan();
    const [w] = await lowOf();
    expect(await lowOf()).toHaveLength(1);
    expect(w).toMatchObject({ state: 'new', user_id: await userId('buyer1') });
    expect(w.detail).toContain('约 0.8 件');
    expect((await list('leader1')).map((x) => x.id)).toContain(w.id);
    expect((await list('buyer2')).map((x) => x.id)).not.toContain(w.id);
    // restocked: resolved; used down again: a new warning
    const c = await container({ item, left: 4000 });
    await scan();
    expect((await lowOf())[0].state).toBe('resolved');
    await db().updateTable('inventory_container').set({ quantity_left: 0, state: 'empty' }).where('id', 'in', [b, c]).execute();
    await scan();
    expect((await lowOf()).map((x) => x.state)).toEqual(['resolved', 'new']);
    // the checkout hint counts what the team holds
    await container({ item, left: 1000 });
    const hint = (await req('leader1', 'GET', `/mall/v1/warning/duplicates?itemIds=${item}`)).body.data;
    expect(hint).toEqual([expect.objectContaining({ itemId: item, inStock: 0.3 })]);
    expect(hint[0].message).toContain('在库约 0.3 件');
  });
});

describe('moves', () => {
  it('acknowledge, snooze, resolve; illegal moves refused; a snoozed warning comes back on its day', async () => {
    const sub = await overdue(20);
    await scan();
    const [{ id }] = await warningOf('overdue_delivery', `sub_order:${sub.subId}`);
    const act = (path: string, body: Record<string, unknown>, user = 'buyer1') => req(user, 'POST', `/mall/v1/warning/${path}`, body);
    const mine = (await list('buyer1', '&state=open')).find((w) => w.id === id);
    expect(mine).toMatchObject({ state: 'new', actions: ['acknowledge', 'resolve', 'snooze'] });

    expect((await act('acknowledge', { id })).body.code).toBe(200);
    expect((await act('acknowledge', { id })).body).toMatchObject({ code: 40009, message: '预警已确认，不能确认' });
    expect((await act('snooze', { id, until: today })).body).toMatchObject({ code: 40000, message: '暂缓日期须晚于今天' });
    expect((await act('snooze', { id, until: dayPlus(120) })).body.code).toBe(40000);
    expect((await act('snooze', { id, until: dayPlus(3) })).body.code).toBe(200);
    expect((await act('acknowledge', { id })).body.code).toBe(40009);
    expect((await list('buyer1', '&state=open')).some((w) => w.id === id)).toBe(false);
    expect((await list('buyer1', '&state=snoozed')).some((w) => w.id === id)).toBe(true);

    // the scan on the day after the snooze ends: back to new
    await service().scanInstitute(await instituteId('ICCAS'), dayPlus(4));
    expect((await db().selectFrom('warning').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('new');
    expect((await act('resolve', { id })).body.code).toBe(200);
    expect((await act('resolve', { id })).body.code).toBe(40009);
    expect((await act('snooze', { id, until: dayPlus(2) })).body.code).toBe(40009);
  });
});

describe('scope', () => {
  it('each sees their scope; another institute sees and changes nothing; a wrong role is refused', async () => {
    const sub = await overdue(15);
    await scan();
    const [w] = await warningOf('overdue_delivery', `sub_order:${sub.subId}`);
    const ids = async (user: string) => (await list(user)).map((x) => x.id);
    // buyer1 owns it, leader1 leads its team, finance1 and owner1 see the institute's
    for (const user of ['buyer1', 'leader1', 'finance1', 'owner1']) expect(await ids(user), user).toContain(w.id);
    // the qualification warning is the institute's: not the buyer's; the card's is its PI's
    const [q] = await warningOf('qualification_expiry', `qualification:${qualificationId}`);
    expect(await ids('buyer1')).not.toContain(q.id);
    expect(await ids('owner1')).toContain(q.id);
    const [card] = await warningOf('grant_card', `grant_card:${cardId}`);
    expect(await ids('leader1')).toContain(card.id);
    expect(await ids('buyer1')).not.toContain(card.id);

    // another institute: unseen, and moves on it are 404
    for (const user of ['buyer2', 'leader2', 'owner2', 'finance2']) expect(await ids(user), user).not.toContain(w.id);
    expect((await req('owner2', 'POST', '/mall/v1/warning/acknowledge', { id: w.id })).body.code).toBe(404);
    expect((await req('buyer2', 'POST', '/mall/v1/warning/resolve', { id: w.id })).body.code).toBe(404);
    // its rules: unseen and unchangeable
    const iccas = await instituteId('ICCAS');
    expect((await req('owner2', 'GET', `/mall/v1/warning-rule/list?instituteId=${iccas}`)).body.code).toBe(404);
    expect((await req('owner2', 'POST', '/mall/v1/warning-rule/update', { instituteId: iccas, type: 'expiry', enabled: false, threshold: 5 })).body.code).toBe(
      404,
    );
    expect((await req('owner2', 'POST', '/mall/v1/warning/scan', { instituteId: iccas })).body.code).toBe(404);
    expect((await req('owner2', 'GET', '/mall/v1/warning-rule/list')).body.data.rules).toHaveLength(7);
    // wrong roles: a buyer or finance may not touch rules, a checker has no warnings page, a supplier neither
    expect((await req('buyer1', 'GET', '/mall/v1/warning-rule/list')).body.code).toBe(40300);
    expect((await req('finance1', 'POST', '/mall/v1/warning-rule/update', { type: 'expiry', enabled: false, threshold: 5 })).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/warning/scan', {})).body.code).toBe(40300);
    expect((await req('checker1', 'GET', '/mall/v1/warning/page')).body.code).toBe(40300);
    expect((await req('supplier1', 'GET', '/mall/v1/warning/page')).body.code).toBe(40300);
    // the platform admin reads any institute's rules
    expect((await req('admin', 'GET', `/mall/v1/warning-rule/list?instituteId=${iccas}`)).body.data.instituteId).toBe(iccas);
    expect((await req('admin', 'GET', '/mall/v1/warning-rule/list?instituteId=999999')).body.code).toBe(404);
  });

  it('malformed queries are 40000, not 500', async () => {
    expect((await req('buyer1', 'GET', '/mall/v1/warning/page?state=bogus')).body.code).toBe(40000);
    expect((await req('buyer1', 'GET', '/mall/v1/warning/page?dateFrom=yesterday')).body.code).toBe(40000);
    expect((await req('buyer1', 'GET', '/mall/v1/warning/duplicates?itemIds=1,x')).body.code).toBe(40000);
    expect((await req('buyer1', 'POST', '/mall/v1/warning/acknowledge', { id: 'x' })).body.code).toBe(40000);
  });
});

describe('digest and checkout hint', () => {
  it('the daily job scans and sends one digest per person; a second run that day sends none', async () => {
    const day = dayPlus(1);
    const digests = async (user: string) =>
      db()
        .selectFrom('user_message')
        .select('content')
        .where('user_id', '=', await userId(user))
        .where('title', '=', '今日预警汇总')
        .orderBy('id', 'desc')
        .execute();
    const before = { buyer1: (await digests('buyer1')).length, owner1: (await digests('owner1')).length };
    await runDaily(day);
    expect(await digests('buyer1')).toHaveLength(before.buyer1 + 1);
    expect((await digests('buyer1'))[0].content).toMatch(/^您有 \d+ 条待处理预警：/);
    // the owner gets the institute's unowned ones (the qualification)
    expect(await digests('owner1')).toHaveLength(before.owner1 + 1);
    expect((await digests('owner1'))[0].content).toContain('供应商资质到期');
    expect(
      await db()
        .selectFrom('warning_digest')
        .selectAll()
        .where('user_id', '=', await userId('buyer1'))
        .where('day', '=', day)
        .execute(),
    ).toHaveLength(1);
    // the job again for the same day (a retry, a second process): nobody hears twice
    expect(await service().digest(day)).toBe(0);
    expect(await digests('buyer1')).toHaveLength(before.buyer1 + 1);
    // the next day is a new digest
    expect(await service().digest(dayPlus(2))).toBeGreaterThanOrEqual(2);
    expect(await digests('buyer1')).toHaveLength(before.buyer1 + 2);
  });

  it('tells the buyer at checkout that the team bought the item lately; not another institute', async () => {
    const line = await db().selectFrom('order_line').select('item_id').where('sub_order_id', '=', shipLate.subId).executeTakeFirstOrThrow();
    const hints = (await req('leader1', 'GET', `/mall/v1/warning/duplicates?itemIds=${line.item_id}`)).body.data;
    expect(hints).toEqual([expect.objectContaining({ itemId: line.item_id })]);
    expect(hints[0].message).toContain('本课题组近 90 天已下单');
    expect((await req('buyer2', 'GET', `/mall/v1/warning/duplicates?itemIds=${line.item_id}`)).body.data).toEqual([]);
    // the rule off: no hint
    await req('owner1', 'POST', '/mall/v1/warning-rule/update', { type: 'duplicate_purchase', enabled: false, threshold: 90 });
    expect((await req('leader1', 'GET', `/mall/v1/warning/duplicates?itemIds=${line.item_id}`)).body.data).toEqual([]);
    await req('owner1', 'POST', '/mall/v1/warning-rule/update', { type: 'duplicate_purchase', enabled: true, threshold: 90 });
  });
});

/** The module's service on the test app's database (for a given day, which the routes cannot be told). */
function service() {
  const d = db();
  return new WarningsService(new WarningsRepository(d), {
    messages: new MessagesService(new MessagesRepository(d), t.ctx.notifier),
    approvals: new ApprovalsService(new ApproversRepository(d)),
  });
}

/** The daily job for a given day through the job runner (started once: PostgreSQL's runner does not restart), until its digests are written. */
async function runDaily(day: string) {
  await t.ctx.jobs.enqueue(db(), 'warnings.daily', { today: day });
  await t.ctx.jobs.start();
  const written = () => db().selectFrom('warning_digest').select('user_id').where('day', '=', day).execute();
  const until = Date.now() + 20_000;
  while (Date.now() < until && (await written()).length === 0) await new Promise((r) => setTimeout(r, 150));
  // the digests of one run are written one person after another
  await new Promise((r) => setTimeout(r, 1000));
}
