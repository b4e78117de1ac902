import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration038 from '../src/db/migrations/038-spend-monthly.ts';
import {
  backfillStatistics,
  recordAcceptance,
  recordRefund,
  rollupAllMonths,
  rollupDay,
  rollupMonths,
  rollupThroughYesterday,
} from '../src/modules/ledgers/statistics/index.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * 统计分析: each role answers for its own scope and is refused a wider one; a fact per source
 * event (acceptance in the move's transaction, never twice; a refund negative); the dashboards
 * equal the order tables to the fen over random orders, whether read from facts or from the
 * rollup; the rollup of a day is idempotent.
 */
let t: TestApp;
const { req, as } = demoSessions(() => t);
const { instituteId, teamId, deptId } = lookups(() => t);
const db = () => t.ctx.database.db;
const stat = (user: string, path: string, q = '') => req(user, 'GET', `/mq/v1/statistics/${path}${q ? `?${q}` : ''}`);

const shanghaiMonth = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  // the demo orders: three accepted through the order services, one waiting for the checker
  t = await createTestApp({ demoOrders: true });
});
afterAll(() => t.close());

describe('facts are written with the acceptance, once per event', () => {
  it('the demo acceptances left facts equal to each sub-order total, and the checker accepting adds its own in the same move', async () => {
    const completed = await db().selectFrom('sub_order').select(['id', 'total_amount']).where('status', '=', 'completed').execute();
    expect(completed.length).toBeGreaterThan(0);
    for (const s of completed) {
      const f = await db()
        .selectFrom('spend_fact')
        .select((eb) => eb.fn.sum<number>('amount').as('a'))
        .where('sub_order_id', '=', s.id)
        .executeTakeFirst();
      expect(Number(f?.a)).toBe(Number(s.total_amount));
    }
    const waiting = await db().selectFrom('sub_order').select(['id', 'total_amount']).where('status', '=', 'arrived').executeTakeFirstOrThrow();
    expect(await db().selectFrom('spend_fact').select('id').where('sub_order_id', '=', waiting.id).execute()).toEqual([]);
    const before = (await stat('owner1', 'institution/all')).body.data.totals;
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: waiting.id })).body.code).toBe(200);
    const after = (await stat('owner1', 'institution/all')).body.data.totals;
    expect(after.amount - before.amount).toBe(Number(waiting.total_amount));
    expect(after.orders - before.orders).toBe(1);

    // the same event again (a retry, a backfill): nothing more is counted
    const n = await db()
      .transaction()
      .execute((trx) => recordAcceptance(trx, waiting.id));
    expect(n).toBe(0);
    expect((await backfillStatistics(db())).subOrders).toBe(0);
    expect((await stat('owner1', 'institution/all')).body.data.totals).toEqual(after);
  });

  it('a refund of accepted goods is counted negative, once, and nets the sub-order to zero', async () => {
    const s = await makeAcceptedSubOrder(db(), {
      supplier: '国药',
      buyer: 'buyer1',
      team: '李明华课题组',
      lines: [{ amount: 12_345, rate: '13' }],
      deliveryFee: 800,
    });
    await db()
      .transaction()
      .execute((trx) => recordAcceptance(trx, s.subId));
    expect(
      await db()
        .transaction()
        .execute((trx) => recordRefund(trx, s.subId)),
    ).toBe(2);
    expect(
      await db()
        .transaction()
        .execute((trx) => recordRefund(trx, s.subId)),
    ).toBe(0);
    const facts = await db().selectFrom('spend_fact').select(['kind', 'amount', 'lines', 'orders']).where('sub_order_id', '=', s.subId).execute();
    const refunds = facts.filter((f) => f.kind === 'refund');
    expect(refunds.map((f) => Number(f.amount)).sort((a, b) => a - b)).toEqual([-12_345, -800]);
    expect(refunds.reduce((x, f) => x + f.orders, 0)).toBe(-1);
    expect(facts.reduce((x, f) => x + Number(f.amount), 0)).toBe(0);
    // as the order tables would have it after such a refund
    await db().updateTable('sub_order').set({ status: 'refunded' }).where('id', '=', s.subId).execute();
    // a sub-order refunded before acceptance (the only refund the order states allow) has nothing to reverse
    const never = await makeAcceptedSubOrder(db(), {
      supplier: '国药',
      buyer: 'buyer1',
      team: '李明华课题组',
      lines: [{ amount: 500, rate: '13' }],
      status: 'refunded',
    });
    expect(
      await db()
        .transaction()
        .execute((trx) => recordRefund(trx, never.subId)),
    ).toBe(0);
  });
});

describe('scope: each role its own, never wider', () => {
  it('the team leader sees their person and team figures and is refused the college and the institute', async () => {
    expect((await stat('leader1', 'person/all')).body).toMatchObject({ code: 200, data: { scopeName: '个人：本人' } });
    expect((await stat('leader1', 'team/month')).body.data.months).toHaveLength(12);
    expect((await stat('leader1', 'team/all')).body.data.scopeName).toContain('李明华课题组');
    for (const path of ['institution/all', 'institution/company', 'college/month']) expect((await stat('leader1', path)).body.code).toBe(40300);
    // another team, of another institute or not theirs: refused
    expect((await stat('leader1', 'team/all', `teamId=${await teamId('何军课题组')}`)).body.code).toBe(40300);
    expect((await stat('leader1', 'team/all', `teamId=${await teamId('宋雨晴课题组')}`)).body.code).toBe(40300);
    const scopes = (await stat('leader1', 'scopes')).body.data;
    expect(scopes.levels).toEqual(['person', 'team']);
    expect(scopes.teams.map((x: { name: string }) => x.name)).toEqual(['李明华课题组']);
  });

  it('institute roles see their institute, its teams and colleges, and nothing of another institute', async () => {
    const iccas = await instituteId('ICCAS');
    const simm = await instituteId('SIMM');
    for (const user of ['owner1', 'finance1']) {
      expect((await stat(user, 'institution/all')).body.data.scopeName).toBe('研究所：中国科学院化学研究所');
      expect((await stat(user, 'institution/all', `instituteId=${iccas}`)).body.code).toBe(200);
      expect((await stat(user, 'institution/all', `instituteId=${simm}`)).body.code).toBe(40300);
      expect((await stat(user, 'team/all', `teamId=${await teamId('宋雨晴课题组')}`)).body.code).toBe(200);
      expect((await stat(user, 'team/all', `teamId=${await teamId('何军课题组')}`)).body.code).toBe(40300);
      expect((await stat(user, 'college/all', `collegeId=${await deptId('ICCAS', '有机固体实验室')}`)).body.data.scopeName).toBe('部门：有机固体实验室');
      // a department below a college is not a college; another institute's college is not theirs
      expect((await stat(user, 'college/all', `collegeId=${await deptId('ICCAS', '激光光谱研究组')}`)).body.code).toBe(40300);
      expect((await stat(user, 'college/all', `collegeId=${await deptId('SIMM', '药理学研究室')}`)).body.code).toBe(40300);
    }
    const scopes = (await stat('owner1', 'scopes')).body.data;
    expect(scopes.levels).toEqual(['person', 'team', 'college', 'institution']);
    expect(scopes.colleges.map((x: { name: string }) => x.name)).toContain('有机固体实验室');
    expect(scopes.institutes).toEqual([{ id: iccas, name: '中国科学院化学研究所' }]);
  });

  it('a buyer (no 统计分析 page) and a supplier are refused; the platform admin names any institute', async () => {
    expect((await stat('buyer1', 'person/all')).status).not.toBe(200);
    expect((await stat('supplier1', 'person/all')).status).not.toBe(200);
    const simm = await instituteId('SIMM');
    expect((await stat('admin', 'institution/all', `instituteId=${simm}`)).body.data.scopeName).toBe('研究所：中国科学院上海药物研究所');
  });

  it('malformed ranges are a 400, not a 500', async () => {
    expect((await stat('owner1', 'institution/month', 'startMonth=2026-13')).body.code).toBe(40000);
    expect((await stat('owner1', 'institution/month', 'startMonth=2026-10&endMonth=2026-01')).body.code).toBe(40000);
    expect((await stat('owner1', 'institution/month', 'startMonth=2020-01&endMonth=2026-01')).body.code).toBe(40000);
  });
});

describe('reconciliation: the dashboards equal the order tables to the fen', () => {
  it('over random accepted orders, by institute, team and month, from facts and from the rollup alike', async () => {
    // a fixed seed: reproducible random amounts, fees, teams and acceptance days over the last 11 months
    let seed = 20_261_126;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const who = [
      { buyer: 'buyer1', team: '李明华课题组' },
      { buyer: 'multi1', team: '宋雨晴课题组' },
      { buyer: 'buyer2', team: '何军课题组' },
    ];
    const suppliers = ['国药', '阿拉丁', '麦克林'] as const;
    for (let i = 0; i < 40; i++) {
      const w = who[rnd(who.length)];
      const lines = Array.from({ length: 1 + rnd(4) }, () => ({ amount: 1 + rnd(2_000_000), rate: rnd(5) === 0 ? '6' : '13' }));
      await makeAcceptedSubOrder(db(), { supplier: suppliers[rnd(3)], ...w, lines, deliveryFee: rnd(3) === 0 ? 0 : rnd(5_000), daysAgo: 1 + rnd(330) });
    }
    await backfillStatistics(db());

    // what the order tables say: completed sub-orders by institute, team and acceptance month
    const truth = await db()
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .innerJoin('order_log as l', (j) => j.onRef('l.sub_order_id', '=', 's.id').on('l.to_status', '=', 'completed'))
      .select(['s.total_amount', 'po.institute_id', 'po.team_id', 'l.created_at'])
      .where('s.status', '=', 'completed')
      .execute();
    const sum = (rows: typeof truth) => rows.reduce((x, r) => x + Number(r.total_amount), 0);
    const iccas = await instituteId('ICCAS');
    const songTeam = await teamId('宋雨晴课题组');

    const check = async () => {
      const all = (await stat('owner1', 'institution/all')).body.data;
      expect(all.totals.amount).toBe(sum(truth.filter((r) => r.institute_id === iccas)));
      expect(all.totals.orders).toBe(truth.filter((r) => r.institute_id === iccas).length);
      expect(all.categories.reduce((x: number, c: { amount: number }) => x + c.amount, 0)).toBe(all.totals.amount);
      const months = (await stat('finance1', 'institution/month')).body.data.months as { month: string; amount: number }[];
      for (const m of months) expect(m.amount).toBe(sum(truth.filter((r) => r.institute_id === iccas && shanghaiMonth(r.created_at) === m.month)));
      const team = (await stat('owner1', 'team/all', `teamId=${songTeam}`)).body.data.totals.amount;
      expect(team).toBe(sum(truth.filter((r) => r.team_id === songTeam)));
      const company = (await stat('owner1', 'institution/company', 'top=100')).body.data;
      expect(company.rows.reduce((x: number, r: { amount: number }) => x + r.amount, 0)).toBe(all.totals.amount);
      const simm = (await stat('owner2', 'institution/all')).body.data.totals.amount;
      expect(simm).toBe(sum(truth.filter((r) => r.institute_id !== iccas)));
      // drill-down: a month's lines add up to the month
      const m = months.find((x) => x.amount > 0) as { month: string; amount: number };
      const lines = (await stat('owner1', 'institution/lines', `month=${m.month}&size=200`)).body.data;
      expect(lines.amount).toBe(m.amount);
      expect(lines.records.reduce((x: number, r: { amount: number }) => x + r.amount, 0)).toBe(
        lines.total <= 200 ? m.amount : lines.records.reduce((x: number, r: { amount: number }) => x + r.amount, 0),
      );
      return all.totals;
    };
    const fromFacts = await check();
    // roll up everything through yesterday: the same figures now come from spend_daily
    await rollupThroughYesterday(db());
    expect(await check()).toEqual(fromFacts);
  });
});

describe('the daily rollup', () => {
  it('recomputing a day gives the same rows, and a rerun of the job changes nothing', async () => {
    const day = (await db().selectFrom('spend_fact').select('day').orderBy('day').executeTakeFirstOrThrow()).day;
    const rows = async () =>
      (await db().selectFrom('spend_daily').selectAll().where('day', '=', day).execute())
        .map(({ id: _id, ...r }) => ({ ...r, amount: Number(r.amount) }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    await rollupDay(db(), day);
    const once = await rows();
    expect(once.length).toBeGreaterThan(0);
    await rollupDay(db(), day);
    expect(await rows()).toEqual(once);
    expect(await rollupThroughYesterday(db())).toEqual([]);
    expect(await rows()).toEqual(once);
    const facts = await db()
      .selectFrom('spend_fact')
      .select((eb) => eb.fn.sum<number>('amount').as('a'))
      .where('day', '=', day)
      .executeTakeFirst();
    expect(once.reduce((x, r) => x + r.amount, 0)).toBe(Number(facts?.a));
  });
});

describe('the monthly rollup', () => {
  // spend_daily folded to the monthly grain, as the monthly rollup should hold it
  const fromDaily = async () =>
    (
      await db()
        .selectFrom('spend_daily')
        .select(['month', 'institute_id', 'college_id', 'team_id', 'supplier_id', 'brand_id', 'category_id'])
        .select((eb) => [
          eb.case().when('item_id', 'is', null).then(0).else(1).end().as('goods'),
          eb.fn.sum<number>('amount').as('amount'),
          eb.fn.sum<number>('quantity').as('quantity'),
          eb.fn.sum<number>('lines').as('lines'),
          eb.fn.sum<number>('orders').as('orders'),
        ])
        .groupBy(['month', 'institute_id', 'college_id', 'team_id', 'supplier_id', 'brand_id', 'category_id', 'goods'])
        .execute()
    )
      .map(norm)
      .sort(byJson);
  const monthly = async () => (await db().selectFrom('spend_monthly').selectAll().execute()).map(({ id: _id, ...r }) => norm(r)).sort(byJson);
  const norm = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, ['amount', 'quantity', 'lines', 'orders', 'goods'].includes(k) ? Number(v) : v]));
  const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

  it('equals the daily rows after every recompute: the rollup job, a day, a month, all months, and a backfill into a rolled-up month', async () => {
    await rollupThroughYesterday(db());
    const once = await monthly();
    expect(once.length).toBeGreaterThan(0);
    // several months of the reconciliation's random orders, and the fees apart from the goods
    expect(new Set(once.map((r) => r.month)).size).toBeGreaterThan(3);
    expect(new Set(once.map((r) => r.goods))).toEqual(new Set([0, 1]));
    expect(once).toEqual(await fromDaily());

    const day = (await db().selectFrom('spend_daily').select('day').orderBy('day').executeTakeFirstOrThrow()).day;
    await rollupDay(db(), day);
    await rollupMonths(db(), day.slice(0, 7), day.slice(0, 7));
    expect(await monthly()).toEqual(once);
    // rebuilt from nothing, it is the same again; and as migration 038 fills it on an upgraded database
    await db().deleteFrom('spend_monthly').execute();
    await rollupAllMonths(db());
    expect(await monthly()).toEqual(once);
    await db().deleteFrom('spend_monthly').execute();
    await migration038.up(db());
    expect(await monthly()).toEqual(once);

    // an old acceptance counted late (a backfill into a month already rolled up) moves the month with its day
    const before = (await stat('owner1', 'institution/all')).body.data.totals;
    const s = await makeAcceptedSubOrder(db(), {
      supplier: '阿拉丁',
      buyer: 'buyer1',
      team: '李明华课题组',
      lines: [{ amount: 54_321, rate: '13' }],
      deliveryFee: 600,
      daysAgo: 75,
    });
    const r = await backfillStatistics(db());
    expect(r.subOrders).toBe(1);
    const after = await monthly();
    expect(after).not.toEqual(once);
    expect(after).toEqual(await fromDaily());
    const total = (await stat('owner1', 'institution/all')).body.data.totals;
    expect(total.amount - before.amount).toBe(54_321 + 600);
    expect(total.orders - before.orders).toBe(1);
    // the month's figures as the order tables have them, from the monthly rollup
    const month = shanghaiMonth(new Date(Date.now() - 75 * 86_400_000).toISOString());
    const got = ((await stat('owner1', 'institution/month')).body.data.months as { month: string; amount: number }[]).find((m) => m.month === month);
    const truth = await db()
      .selectFrom('spend_fact')
      .select((eb) => eb.fn.sum<number>('amount').as('a'))
      .where('month', '=', month)
      .where('institute_id', '=', await instituteId('ICCAS'))
      .executeTakeFirst();
    expect(got?.amount).toBe(Number(truth?.a));
    expect(s.subId).toBeGreaterThan(0);

    // whole past months are served from it (a fen more in one of its rows shows), a person's own from the daily rows
    const iccas = await instituteId('ICCAS');
    const row = await db()
      .selectFrom('spend_monthly')
      .select(['id', 'amount'])
      .where('month', '=', month)
      .where('institute_id', '=', iccas)
      .executeTakeFirstOrThrow();
    const person = (await stat('leader1', 'person/all')).body.data.totals;
    await db()
      .updateTable('spend_monthly')
      .set({ amount: Number(row.amount) + 1 })
      .where('id', '=', row.id)
      .execute();
    expect((await stat('owner1', 'institution/all')).body.data.totals.amount).toBe(total.amount + 1);
    expect((await stat('leader1', 'person/all')).body.data.totals).toEqual(person);
    await rollupMonths(db(), month, month);
    expect((await stat('owner1', 'institution/all')).body.data.totals).toEqual(total);
  });
});

describe('drill-down and export', () => {
  it('lines link to their orders; the Excel export needs the page flag', async () => {
    const page = (await stat('leader1', 'team/lines', 'size=5')).body.data;
    expect(page.records.length).toBeGreaterThan(0);
    const line = page.records[0];
    const order = await db().selectFrom('purchase_order').select(['order_no']).where('id', '=', line.orderId).executeTakeFirstOrThrow();
    expect(line.orderNo).toBe(order.order_no);
    const res = await call(t.app, 'GET', '/mq/v1/statistics/institution/export', { session: await as('finance1') });
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['content-type'])).toContain('spreadsheetml');
  });
});
