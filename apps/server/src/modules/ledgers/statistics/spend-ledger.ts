import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, SpendFactTable } from '../../../platform/db/schema.ts';
import { readSetting, writeSettingOnce } from '../../../platform/db/settings.ts';

type Fact = Insertable<SpendFactTable>;

/**
 * The spend facts, written in the caller's transaction by the module whose event they count:
 *
 *  - acceptance (orders: a sub-order reaching `completed`, by the checker or, without acceptance,
 *    by the buyer's receipt) counts each order line and the delivery fee, so the facts of a
 *    sub-order add up to its total_amount to the fen;
 *  - refund (orders: `refunded`) writes the negation of whatever the sub-order's acceptance counted;
 *    a part refund after delivery (after-sales, recordPartRefund) negates the refunded lines by its
 *    amount and units, and acceptance counts each line net of what was refunded before it.
 *    The order state table only lets a sub-order be refunded before it is accepted, so today this
 *    finds nothing to reverse and writes nothing; it keeps the totals right should a refund after
 *    acceptance ever be allowed.
 *  - red invoices (红字发票) write no fact: spend here is what was accepted, and a red invoice
 *    corrects the billing (the blue invoice becomes red_flushed and is billed again) while the
 *    accepted goods and the amount owed stay as they were — invoices' three-way match still bills
 *    accepted − refunded. Counting it negative would make spend fall every time a fapiao is reissued.
 *
 * Each fact's event_key is unique: the same event written twice (a retried job, a backfill over a
 * sub-order the live path already counted) inserts nothing the second time. Other modules reach the
 * writers as `statistics.within(trx).…` (SpendRecorder).
 */
export async function recordAcceptance(db: Executor, subOrderId: number, at: Date = new Date()): Promise<number> {
  const facts = await acceptanceFacts(db, [subOrderId], new Map([[subOrderId, at.toISOString()]]));
  return insertFacts(db, facts);
}

/** Reverses what the sub-order's acceptance counted (nothing when it was never accepted). */
export async function recordRefund(db: Executor, subOrderId: number, at: Date = new Date()): Promise<number> {
  const counted = await db.selectFrom('spend_fact').selectAll().where('sub_order_id', '=', subOrderId).where('kind', '=', 'accept').execute();
  const iso = at.toISOString();
  const day = shanghaiDate(at);
  const facts: Fact[] = counted.map(({ id: _id, event_key, ...f }) => ({
    ...f,
    event_key: event_key.replace(/^accept:/, 'refund:'),
    kind: 'refund',
    occurred_at: iso,
    day,
    month: day.slice(0, 7),
    amount: -Number(f.amount),
    quantity: -f.quantity,
    lines: -f.lines,
    orders: -f.orders,
  }));
  return insertFacts(db, facts);
}

/**
 * Part of an accepted sub-order refunded after delivery (an after-sales request, `source` its key such
 * as `as:12`): each refunded line's accepted fact, negated by the refund's amount and units. Before
 * acceptance nothing was counted, and acceptance counts each line net of what was refunded by then.
 */
export async function recordPartRefund(
  db: Executor,
  subOrderId: number,
  source: string,
  lines: readonly { lineId: number; quantity: number; amount: number }[],
  at: Date = new Date(),
): Promise<number> {
  const counted = await db.selectFrom('spend_fact').selectAll().where('sub_order_id', '=', subOrderId).where('kind', '=', 'accept').execute();
  const iso = at.toISOString();
  const day = shanghaiDate(at);
  const facts: Fact[] = [];
  for (const l of lines) {
    const f = counted.find((c) => c.order_line_id === l.lineId);
    if (!f) continue;
    const { id: _id, event_key: _key, ...dims } = f;
    facts.push({
      ...dims,
      event_key: `refund:${subOrderId}:${source}:line:${l.lineId}`,
      kind: 'refund',
      occurred_at: iso,
      day,
      month: day.slice(0, 7),
      amount: -l.amount,
      quantity: -l.quantity,
      lines: 0,
      orders: 0,
    });
  }
  return insertFacts(db, facts);
}

async function insertFacts(db: Executor, facts: Fact[]): Promise<number> {
  let n = 0;
  // SQLite allows 999 bound parameters per statement; a fact has 21 columns
  for (let i = 0; i < facts.length; i += 40) {
    const r = await db
      .insertInto('spend_fact')
      .values(facts.slice(i, i + 40))
      .onConflict((oc) => oc.column('event_key').doNothing())
      .executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

/** The college of a department path `/root/college/…/`: its second id (null when the department is the institute itself). */
export const collegeOfPath = (path: string | null | undefined): number | null => {
  const id = path?.split('/').filter(Boolean)[1];
  return id ? Number(id) : null;
};

/** The facts accepting the given sub-orders (acceptance times by sub-order, ISO). */
async function acceptanceFacts(db: Executor, subIds: number[], at: Map<number, string>): Promise<Fact[]> {
  if (subIds.length === 0) return [];
  const subs = await db
    .selectFrom('sub_order as s')
    .innerJoin('purchase_order as po', 'po.id', 's.order_id')
    .leftJoin('team as t', 't.id', 'po.team_id')
    .leftJoin('dept as d', (j) => j.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.dept_id', 'po.dept_id'))))
    .select(['s.id', 's.order_id', 's.supplier_id', 's.delivery_fee', 'po.buyer_id', 'po.institute_id', 'po.team_id', 'po.grant_card_id', 'd.path'])
    .where('s.id', 'in', subIds)
    .execute();
  const lines = await db
    .selectFrom('order_line as l')
    .leftJoin('item as i', 'i.id', 'l.item_id')
    .select(['l.id', 'l.sub_order_id', 'l.item_id', 'i.brand_id', 'i.category_id', 'l.amount', 'l.quantity', 'l.refunded_amount', 'l.refunded_qty'])
    .where('l.sub_order_id', 'in', subIds)
    .orderBy('l.id')
    .execute();
  const facts: Fact[] = [];
  for (const s of subs) {
    const iso = at.get(s.id) ?? new Date().toISOString();
    const day = shanghaiDate(new Date(iso));
    const base = {
      kind: 'accept',
      occurred_at: iso,
      day,
      month: day.slice(0, 7),
      order_id: s.order_id,
      sub_order_id: s.id,
      institute_id: s.institute_id,
      college_id: collegeOfPath(s.path),
      team_id: s.team_id,
      user_id: s.buyer_id,
      supplier_id: s.supplier_id,
      grant_card_id: s.grant_card_id ?? null,
    };
    // the sub-order itself: its delivery fee, and the one count of the sub-order
    facts.push({
      ...base,
      event_key: `accept:${s.id}:fee`,
      order_line_id: null,
      item_id: null,
      brand_id: null,
      category_id: null,
      amount: Number(s.delivery_fee),
      quantity: 0,
      lines: 0,
      orders: 1,
    });
    for (const l of lines) {
      if (l.sub_order_id !== s.id) continue;
      facts.push({
        ...base,
        event_key: `accept:${s.id}:line:${l.id}`,
        order_line_id: l.id,
        item_id: l.item_id,
        brand_id: l.brand_id ?? null,
        category_id: l.category_id ?? null,
        // net of what was refunded of the line before acceptance (after-sales on delivered goods)
        amount: Number(l.amount) - Number(l.refunded_amount),
        quantity: l.quantity - l.refunded_qty,
        lines: 1,
        orders: 0,
      });
    }
  }
  return facts;
}

/**
 * Counts accepted sub-orders that have no facts yet (orders accepted before statistics existed,
 * or written straight into the tables by an import), at the time of their acceptance in the order
 * log, in batches. Returns the Shanghai days that gained facts, for the rollup to recompute.
 */
export async function backfillFacts(db: Kysely<DB>, batch = 500): Promise<{ subOrders: number; days: string[] }> {
  const days = new Set<string>();
  let subOrders = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('sub_order as s')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('order_log')
            .select(['sub_order_id', (e) => e.fn.max('created_at').as('at')])
            .where('to_status', '=', 'completed')
            .where('sub_order_id', 'is not', null)
            .groupBy('sub_order_id')
            .as('ev'),
        (j) => j.onRef('ev.sub_order_id', '=', 's.id'),
      )
      .select(['s.id', 's.updated_at', 'ev.at'])
      .where('s.status', '=', 'completed')
      .where('s.id', '>', after)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('spend_fact as f').select('f.id').whereRef('f.sub_order_id', '=', 's.id'))))
      .orderBy('s.id')
      .limit(batch)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const at = new Map(rows.map((r) => [r.id, (r.at as string | null) ?? r.updated_at]));
    await db.transaction().execute(async (trx) => {
      const facts = await acceptanceFacts(trx, [...at.keys()], at);
      await insertFacts(trx, facts);
      for (const f of facts) days.add(f.day);
    });
    subOrders += rows.length;
  }
  return { subOrders, days: [...days].sort() };
}

/** The setting saying the startup backfill ran on this database (its time). */
const BACKFILLED = 'statistics_backfilled';

/** When the startup backfill ran (null: never on this database). */
export function backfilledAt(db: Executor): Promise<string | null> {
  return readSetting(db, BACKFILLED);
}

/** Marks the startup backfill as run (a second process racing it changes nothing). */
export async function markBackfilled(db: Executor, at = new Date()) {
  await writeSettingOnce(db, BACKFILLED, at.toISOString());
}
