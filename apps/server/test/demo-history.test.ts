import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../src/db/seed/demo-history.ts';
import { rollupThroughYesterday } from '../src/modules/ledgers/statistics/index.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * The demo's year of order history: about twelve months of accepted orders for both demo
 * institutes, written through the historical-order import, so 统计分析 shows a year whose every
 * month equals the order tables to the fen — from the facts and, once rolled up, from the daily and
 * monthly rollups.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
const db = () => t.ctx.database.db;
const stat = (user: string, path: string) => req(user, 'GET', `/mq/v1/statistics/${path}`);
const shanghaiMonth = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  t = await createTestApp({ demoOrders: true, demoHistory: true });
});
afterAll(() => t.close());

/** What the order tables say: completed sub-orders' totals by institute and month of acceptance (an imported order's: its order date). */
async function truth() {
  const rows = await db()
    .selectFrom('sub_order as s')
    .innerJoin('purchase_order as po', 'po.id', 's.order_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('order_log')
          .select(['sub_order_id', (e) => e.fn.max('created_at').as('at')])
          .where('to_status', '=', 'completed')
          .where('sub_order_id', 'is not', null)
          .groupBy('sub_order_id')
          .as('acc'),
      (j) => j.onRef('acc.sub_order_id', '=', 's.id'),
    )
    .select(['s.total_amount', 'po.institute_id', 'po.created_at', 'po.idempotency_key', 'acc.at'])
    .where('s.status', '=', 'completed')
    .execute();
  const by = new Map<string, number>();
  for (const r of rows) {
    const at = r.idempotency_key?.startsWith('import:') ? r.created_at : (r.at as string);
    const k = `${r.institute_id}:${shanghaiMonth(at)}`;
    by.set(k, (by.get(k) ?? 0) + Number(r.total_amount));
  }
  return by;
}

describe('the demo order history', () => {
  it('gives both institutes about a year of accepted orders, with quieter and busier months', async () => {
    const imported = await db()
      .selectFrom('purchase_order')
      .select(['institute_id', 'created_at', 'status'])
      .where('idempotency_key', 'like', 'import:DEMO-HIS-%')
      .execute();
    expect(imported.length).toBeGreaterThan(150);
    expect(imported.every((o) => o.status === 'completed')).toBe(true);
    for (const code of ['ICCAS', 'SIMM']) {
      const id = await instituteId(code);
      const months = new Set(imported.filter((o) => o.institute_id === id).map((o) => shanghaiMonth(o.created_at)));
      expect(months.size, code).toBeGreaterThanOrEqual(11);
    }
    const months = (await stat('owner1', 'institution/month')).body.data.months as { month: string; amount: number }[];
    expect(months).toHaveLength(12);
    const amounts = months.slice(0, 11).map((m) => m.amount);
    expect(amounts.every((a) => a > 0)).toBe(true);
    expect(Math.max(...amounts)).toBeGreaterThan(2 * Math.min(...amounts));
    // several suppliers, brands and items to rank
    const company = (await stat('owner1', 'institution/company')).body.data;
    expect(company.rows.length).toBeGreaterThanOrEqual(2);
    expect((await stat('owner1', 'institution/item')).body.data.rows.length).toBe(10);
    expect((await stat('owner1', 'institution/brand')).body.data.rows.length).toBeGreaterThanOrEqual(3);
    expect((await stat('leader1', 'team/all')).body.data.totals.amount).toBeGreaterThan(0);
  });

  it('equals the order tables to the fen, month by month, from the facts and from the rollups', async () => {
    const want = await truth();
    const check = async () => {
      for (const [user, code] of [
        ['owner1', 'ICCAS'],
        ['owner2', 'SIMM'],
      ]) {
        const id = await instituteId(code);
        const months = (await stat(user, 'institution/month')).body.data.months as { month: string; amount: number }[];
        for (const m of months) expect(m.amount, `${code} ${m.month}`).toBe(want.get(`${id}:${m.month}`) ?? 0);
        const all = (await stat(user, 'institution/all')).body.data;
        expect(all.totals.amount).toBe(months.reduce((a, m) => a + m.amount, 0));
        const company = (await stat(user, 'institution/company')).body.data;
        expect(company.total.amount).toBe(all.totals.amount);
      }
    };
    await check();
    await rollupThroughYesterday(db());
    await check();
  });

  it('is written once', async () => {
    expect(await seedDemoHistory(db(), {} as never)).toBe(0);
  });
});
