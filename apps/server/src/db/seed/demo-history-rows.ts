import type { ORDER_IMPORT_COLUMNS } from '@kc/contracts/oversight/exports';
import { isValidCas } from '@kc/contracts/platform/cas';
import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { prng } from './catalog/generate.ts';

/*
 * The rows of the demo history's workbook (seedDemoHistory in demo-history.ts): who bought what, when.
 * One seeded PRNG draws them all, in a fixed order, so the same catalog and day give the same history.
 */

/** 原订单号 of the demo history: `DEMO-HIS-<institute>-<month>-<n>`; the seed runs once per database. */
export const GROUP_PREFIX = 'DEMO-HIS-';

/**
 * Who bought, how often (orders in an ordinary month) and what (shares of the top categories):
 * an organic-materials group buys solvents and glassware, a spectroscopy group columns and vials,
 * a pharmacology group cell-culture media and plastics.
 */
export const BUYERS: { institute: string; user: string; perMonth: number; mix: Record<string, number> }[] = [
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

export type Row = Record<(typeof ORDER_IMPORT_COLUMNS)[number], string>;

/** The catalog's ordinary goods (no precursor, explosive or toxic items: those need their own approvals), with their top category. */
export function ordinaryGoods(db: Kysely<DB>) {
  return db
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
}
type Good = Awaited<ReturnType<typeof ordinaryGoods>>[number];

/** The seeded draws: a number in [0, 1), an integer in [lo, hi], a choice by weight. */
function demoDice(seed: number) {
  const rnd = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pickWeighted = <T>(xs: [T, number][]) => {
    let r = rnd() * xs.reduce((a, [, w]) => a + w, 0);
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1][0];
  };
  return { rnd, int, pickWeighted };
}
type Dice = ReturnType<typeof demoDice>;

/**
 * The eleven months before this one and this month up to yesterday: each buyer's orders spread over
 * the working days with the season's rhythm, 1–4 lines each from the buyer's regular items.
 */
export function historyRows(institutes: Map<string, string>, users: Set<string>, goods: Good[], now: Date): Row[] {
  const byTop = new Map<string, Good[]>();
  for (const g of goods) byTop.set(g.top, [...(byTop.get(g.top) ?? []), g]);
  const dice = demoDice(20_251_201);
  const today = shanghaiDate(now);
  const thisMonth = today.slice(0, 7);
  const rows: Row[] = [];
  const counter = { orders: 0 };
  for (const b of BUYERS) {
    const institute = institutes.get(b.institute);
    if (!institute || !users.has(b.user)) continue;
    const regular = regularItems(b, byTop, dice);
    if (!regular) continue;
    for (let k = 11; k >= 0; k--) rows.push(...monthRows({ buyer: b, institute, regular, month: addMonths(thisMonth, -k), today, thisMonth }, dice, counter));
  }
  return rows;
}

/** The buyer's regular items, each with how often it is bought. */
function regularItems(b: (typeof BUYERS)[number], byTop: Map<string, Good[]>, dice: Dice): [Good, number][] | null {
  // the buyer's regular items: about twenty-five from their categories
  const mix = Object.entries(b.mix).filter(([top]) => byTop.has(top));
  if (mix.length === 0) return null;
  const basket: Good[] = [];
  for (let i = 0; i < 25; i++) {
    const pool = byTop.get(dice.pickWeighted(mix)) as Good[];
    basket.push(pool[dice.int(0, pool.length - 1)]);
  }
  // the first ones are bought most, and a ¥6,000 column far less often than a bottle of ethanol
  return basket.map((g, i) => [g, Math.min(1, Math.sqrt(20_000 / Number(g.price))) / (i + 2)] as [Good, number]);
}

/** One buyer's orders in one month (this month only up to yesterday: today's orders are the live demo's). */
function monthRows(
  m: { buyer: (typeof BUYERS)[number]; institute: string; regular: [Good, number][]; month: string; today: string; thisMonth: string },
  dice: Dice,
  counter: { orders: number },
): Row[] {
  const { buyer: b, month, today, thisMonth } = m;
  const lastDay = month === thisMonth ? Number(today.slice(8, 10)) - 1 : daysIn(month);
  if (lastDay < 1) return [];
  const workdays = workdaysOf(month, lastDay);
  if (workdays.length === 0) return [];
  const expected = (b.perMonth * SEASON[Number(month.slice(5, 7)) - 1] * lastDay) / daysIn(month);
  const n = Math.max(0, Math.round(expected * (0.75 + dice.rnd() * 0.5)));
  const rows: Row[] = [];
  for (let o = 0; o < n; o++) {
    const day = workdays[dice.int(0, workdays.length - 1)];
    const group = `${GROUP_PREFIX}${b.institute}-${month.replace('-', '')}-${++counter.orders}`;
    rows.push(...orderRows(group, day, m, dice));
  }
  return rows;
}

/** The weekdays of the month up to `lastDay`. */
function workdaysOf(month: string, lastDay: number) {
  const workdays: string[] = [];
  for (let d = 1; d <= lastDay; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) workdays.push(day);
  }
  return workdays;
}

/** One order's lines: 1–4 of the buyer's regular items, each once, in quantities by price. */
function orderRows(group: string, day: string, m: { buyer: (typeof BUYERS)[number]; institute: string; regular: [Good, number][] }, dice: Dice): Row[] {
  const { buyer: b, institute, regular } = m;
  const rows: Row[] = [];
  const lineCount = dice.pickWeighted([
    [1, 45],
    [2, 30],
    [3, 17],
    [4, 8],
  ]);
  const seen = new Set<number>();
  for (let l = 0; l < lineCount; l++) {
    const g = dice.pickWeighted(regular);
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    const yuan = Number(g.price) / 100;
    // cheap everyday goods by the several, an expensive column or pipette one at a time
    const quantity = yuan < 100 ? dice.int(2, 10) : yuan < 500 ? dice.int(1, 4) : yuan < 2000 ? dice.int(1, 2) : 1;
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
  return rows;
}
