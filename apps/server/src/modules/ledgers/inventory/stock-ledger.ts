import type { Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { chosenLocation, containerRows, insertContainers, insertStockInSlip, linesToStock, shipmentsOf, stockInSlipOf, subOrderToStock } from './stock-in.ts';

export { packOf } from './stock-pack.ts';

type Trx = Transaction<DB>;

/*
 * The stock ledger's moves other modules make inside their own transactions (orders at acceptance,
 * after-sales on a return): containers, their append-only inventory_ledger rows and the slip, in the
 * caller's transaction. They reach them as `inventory.within(trx).…` (StockMoves).
 */

/**
 * Stock-in at acceptance, inside the caller's transaction (orders calls it when a sub-order is
 * completed): every accepted unit of every line becomes one container (4 × 500 mL = four
 * containers of 500 mL), with the lot and expiry the supplier gave on the shipment that carried it
 * (blank when none), at `locationId` when the checker chose one (hazardous goods only in a hazard
 * cabinet), a 'stock_in' ledger row each and one 入库单. A sub-order is stocked in once.
 */
export async function stockInSubOrder(trx: Trx, a: { subOrderId: number; actorId: number; locationId?: number | null }) {
  const found = await subOrderToStock(trx, a.subOrderId);
  if (!found || found.institute_id === null) return null;
  const sub = { ...found, institute_id: found.institute_id };
  const done = await stockInSlipOf(trx, sub.id);
  if (done) return { slipId: done.id, containers: 0 };
  const location = await chosenLocation(trx, a.locationId, sub.institute_id);
  const lines = await linesToStock(trx, sub.id);
  const shipments = await shipmentsOf(trx, sub.id);
  const now = nowIso();
  const rows = containerRows(sub, lines, shipments, location, a.actorId, now);
  if (rows.length === 0) return null;
  const checker = await trx.selectFrom('app_user').select(['real_name', 'user_name']).where('id', '=', a.actorId).executeTakeFirst();
  const slip = await insertStockInSlip(trx, sub, a.actorId, checker?.real_name ?? checker?.user_name ?? null, location, now);
  await insertContainers(trx, rows, { sub, slipId: slip.id, actorId: a.actorId, personName: checker?.real_name ?? null, now });
  return { slipId: slip.id, containers: rows.length };
}

/**
 * Goods of an accepted sub-order sent back to the supplier (an after-sales return), inside the
 * refund's transaction: for each line, up to `quantity` of its containers still in stock leave the
 * lab (the fullest first, then the latest), state returned, each with a 'return' ledger row taking
 * its balance to 0. Containers already used up or disposed of are not touched. Returns how many left.
 */
export async function returnContainers(
  trx: Trx,
  a: { subOrderId: number; lines: readonly { lineId: number; quantity: number }[]; actorId: number | null; ref: string },
): Promise<number> {
  const now = nowIso();
  let n = 0;
  for (const l of a.lines) {
    const rows = await trx
      .selectFrom('inventory_container')
      .select(['id', 'institute_id', 'quantity_left'])
      .where('sub_order_id', '=', a.subOrderId)
      .where('order_line_id', '=', l.lineId)
      .where('state', '=', 'in_stock')
      .orderBy('quantity_left', 'desc')
      .orderBy('seq', 'desc')
      .limit(l.quantity)
      .execute();
    for (const c of rows) {
      const moved = await trx
        .updateTable('inventory_container')
        .set({ state: 'returned', quantity_left: 0, updated_at: now })
        .where('id', '=', c.id)
        .where('state', '=', 'in_stock')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) continue;
      await trx
        .insertInto('inventory_ledger')
        .values({
          container_id: c.id,
          institute_id: c.institute_id,
          kind: 'return',
          delta: -Number(c.quantity_left),
          balance: 0,
          input_amount: null,
          input_unit: null,
          person_id: a.actorId,
          person_name: null,
          actor_id: a.actorId,
          reason: '售后退货',
          ref: a.ref,
          slip_id: null,
          created_at: now,
        })
        .execute();
      n++;
    }
  }
  return n;
}
