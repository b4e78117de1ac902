import { ORDER_IMPORT_COLUMNS } from '@kc/contracts/oversight/exports';
import { isValidCas } from '@kc/contracts/platform/cas';
import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Kysely } from 'kysely';
import type { OrderImportService } from '../../modules/oversight/exports/index.ts';
import type { Caller } from '../../platform/auth/access.ts';
import { loadCaller } from '../../platform/auth/caller.repository.ts';
import type { DB } from '../../platform/db/schema.ts';
import { writeWorkbook } from '../../platform/documents/index.ts';
import { prng } from './catalog/generate.ts';

/** The import service the history goes through (exports/index.ts hands it to the app for this seed). */
export interface DemoHistoryServices {
  orderImport: Pick<OrderImportService, 'upload' | 'confirm'>;
}

/** 原订单号 of the demo history: `DEMO-HIS-<institute>-<month>-<n>`; the seed runs once per database. */
const GROUP_PREFIX = 'DEMO-HIS-';

/**
 * Who bought, how often (orders in an ordinary month) and what (shares of the top categories):
 * an organic-materials group buys solvents and glassware, a spectroscopy group columns and vials,
 * a pharmacology group cell-culture media and plastics.
 */
const BUYERS: { institute: string; user: string; perMonth: number; mix: Record<string, number> }[] = [
  { institute: 'ICCAS', user: 'buyer1', perMonth: 7, mix: { 化学试剂: 6, 实验耗材: 3, 色谱耗材: 1, 仪器配件: 0.5 } },
  { institute: 'ICCAS', user: 'multi1', perMonth: 4, mix: { 化学试剂: 5, 生命科学: 1.5, 实验耗材: 3, 仪器配件: 0.5 } },
  { institute: 'ICCAS', user: 'multidef1', perMonth: 3, mix: { 化学试剂: 6, 实验耗材: 3, 仪器配件: 0.5 } },
  { institute: 'ICCAS', user: 'newbie1', perMonth: 3, mix: { 化学试剂: 4, 色谱耗材: 3, 实验耗材: 2, 仪器配件: 1 } },
  { institute: 'SIMM', user: 'buyer2', perMonth: 6, mix: { 化学试剂: 5, 色谱耗材: 2.5, 生命科学: 1, 实验耗材: 1.5 } },
  { institute: 'SIMM', user: 'assistant2', perMonth: 3, mix: { 生命科学: 4, 实验耗材: 4, 化学试剂: 2 } },
];

/**
 * The research year in China: quiet around the Spring Festival (Jan–Feb) and the summer break
 * (Jul–Aug) and the National Day week, busy in spring and autumn, and the year-end rush to spend
 * the year's grants in November and December.
 */
const SEASON = [0.8, 0.35, 1.1, 1.0, 1.05, 1.1, 0.8, 0.6, 1.0, 0.85, 1.2, 1.5];

const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};
const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

type Row = Record<(typeof ORDER_IMPORT_COLUMNS)[number], string>;

/**
 * About twelve months of accepted orders for the demo institutes, so 统计分析 has a year to show:
 * the eleven months before this one and this month up to yesterday, each buyer's orders spread over
 * the working days with the season's rhythm, 1–4 lines each from the buyer's regular items (a
 * team rebuys the same solvents and consumables), priced as the catalog prices them today.
 *
 * They go through the platform's import of historical orders (the same upload, checks and
 * confirmation as 历史订单导入 in 系统管理), which writes each order completed and its spend facts in
 * the same transaction — the statistics equal the order tables because the facts are written by
 * the code that writes the orders. Runs once, on a database without the history; needs the demo
 * accounts and the catalog. Returns the orders written.
 */
export async function seedDemoHistory(db: Kysely<DB>, s: DemoHistoryServices, now = new Date()): Promise<number> {
  const done = await db.selectFrom('purchase_order').select('id').where('idempotency_key', 'like', `import:${GROUP_PREFIX}%`).limit(1).executeTakeFirst();
  if (done) return 0;
  const admin = await db.selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  const base = admin && (await loadCaller(db, admin.id));
  if (!base || !('userId' in base)) return 0;
  const caller: Caller = { ...base, fid: 'demo-seed', aclVersion: null };

  const institutes = new Map((await db.selectFrom('institute').select(['code', 'name']).execute()).map((i) => [i.code, i.name] as const));
  const users = new Set(
    (
      await db
        .selectFrom('app_user')
        .select('user_name')
        .where(
          'user_name',
          'in',
          BUYERS.map((b) => b.user),
        )
        .execute()
    ).map((u) => u.user_name),
  );

  // the catalog's ordinary goods (no precursor, explosive or toxic items: those need their own approvals)
  const goods = await db
    .selectFrom('item as i')
    .innerJoin('supplier as sp', 'sp.id', 'i.supplier_id')
    .innerJoin('brand as b', 'b.id', 'i.brand_id')
    .innerJoin('category as c', 'c.id', 'i.category_id')
    .innerJoin('category as top', 'top.id', 'c.parent_id')
    .select(['i.id', 'i.name', 'i.cas', 'i.catalog_no', 'i.spec', 'i.price', 'sp.company_name', 'b.name as brand', 'top.name as top'])
    .where('i.on_shelf', '=', 1)
    .where('i.deleted', '=', 0)
    .where('i.hazard_precursor', '=', 0)
    .where('i.hazard_explosive', '=', 0)
    .where('i.hazard_toxic', '=', 0)
    .where('i.catalog_no', 'is not', null)
    .where('i.price', '>=', 500)
    .where('i.price', '<=', 1_000_000)
    .orderBy('i.id')
    .limit(4000)
    .execute();
  if (goods.length === 0) return 0;
  const byTop = new Map<string, typeof goods>();
  for (const g of goods) byTop.set(g.top, [...(byTop.get(g.top) ?? []), g]);

  const rnd = prng(20_251_201);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pickWeighted = <T>(xs: [T, number][]) => {
    let r = rnd() * xs.reduce((a, [, w]) => a + w, 0);
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1][0];
  };

  const today = shanghaiDate(now);
  const thisMonth = today.slice(0, 7);
  const rows: Row[] = [];
  let orders = 0;
  for (const b of BUYERS) {
    const institute = institutes.get(b.institute);
    if (!institute || !users.has(b.user)) continue;
    // the buyer's regular items: about twenty-five from their categories
    const mix = Object.entries(b.mix).filter(([top]) => byTop.has(top));
    if (mix.length === 0) continue;
    const basket: typeof goods = [];
    for (let i = 0; i < 25; i++) {
      const pool = byTop.get(pickWeighted(mix)) as typeof goods;
      basket.push(pool[int(0, pool.length - 1)]);
    }
    // the first ones are bought most, and a ¥6,000 column far less often than a bottle of ethanol
    const regular = basket.map((g, i) => [g, Math.min(1, Math.sqrt(20_000 / Number(g.price))) / (i + 2)] as [(typeof goods)[number], number]);
    for (let k = 11; k >= 0; k--) {
      const month = addMonths(thisMonth, -k);
      // this month only up to yesterday (today's orders are the live demo's)
      const lastDay = month === thisMonth ? Number(today.slice(8, 10)) - 1 : daysIn(month);
      if (lastDay < 1) continue;
      const workdays: string[] = [];
      for (let d = 1; d <= lastDay; d++) {
        const day = `${month}-${String(d).padStart(2, '0')}`;
        const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
        if (dow !== 0 && dow !== 6) workdays.push(day);
      }
      if (workdays.length === 0) continue;
      const expected = (b.perMonth * SEASON[Number(month.slice(5, 7)) - 1] * lastDay) / daysIn(month);
      const n = Math.max(0, Math.round(expected * (0.75 + rnd() * 0.5)));
      for (let o = 0; o < n; o++) {
        const day = workdays[int(0, workdays.length - 1)];
        const group = `${GROUP_PREFIX}${b.institute}-${month.replace('-', '')}-${++orders}`;
        const lineCount = pickWeighted([
          [1, 45],
          [2, 30],
          [3, 17],
          [4, 8],
        ]);
        const seen = new Set<number>();
        for (let l = 0; l < lineCount; l++) {
          const g = pickWeighted(regular);
          if (seen.has(g.id)) continue;
          seen.add(g.id);
          const yuan = Number(g.price) / 100;
          // cheap everyday goods by the several, an expensive column or pipette one at a time
          const quantity = yuan < 100 ? int(2, 10) : yuan < 500 ? int(1, 4) : yuan < 2000 ? int(1, 2) : 1;
          rows.push({
            原订单号: group,
            研究所: institute,
            采购人账号: b.user,
            供应商: g.company_name,
            商品名称: g.name,
            CAS号: g.cas && isValidCas(g.cas) ? g.cas : '',
            品牌: g.brand,
            货号: g.catalog_no ?? '',
            规格: g.spec,
            数量: String(quantity),
            '单价(元)': yuan.toFixed(2),
            下单日期: day,
          });
        }
      }
    }
  }
  if (rows.length === 0) return 0;

  const who = { caller, ip: '127.0.0.1' };
  const data = await writeWorkbook({
    name: '历史订单',
    columns: ORDER_IMPORT_COLUMNS.map((h) => ({ header: h, value: (r: Row) => r[h], textFormat: true })),
    rows,
  });
  const preview = await s.orderImport.upload(who, { name: '演示历史订单.xlsx', data, truncated: false });
  if (preview.status !== 'ready') {
    const e = preview.errors[0];
    throw new Error(`演示历史订单导入失败：${preview.errorRows} 行有错误${e ? `（第 ${e.row} 行 ${e.column}：${e.message}）` : ''}`);
  }
  return (await s.orderImport.confirm(who, preview.id)).orders;
}
