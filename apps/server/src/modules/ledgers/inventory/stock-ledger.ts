import { dimensionOf, normaliseUnit, roundQty } from '@kc/contracts/ledgers/inventory';
import type { Insertable, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB, InventoryContainerTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { locationLabel } from './location-label.ts';
import { containerCode, slipNo } from './stock-codes.ts';

type Trx = Transaction<DB>;

/*
 * The stock ledger's moves other modules make inside their own transactions (orders at acceptance,
 * after-sales on a return): containers, their append-only inventory_ledger rows and the slip, in the
 * caller's transaction. They reach them as `inventory.within(trx).…` (StockMoves).
 */

/**
 * One container's size from the item's pack (pack_amount + pack_unit, as the catalogue stores it),
 * else from the spec ('500mL', '2.5 L', '25g'), else one counted piece in the order line's unit.
 */
export function packOf(spec: string, packAmount: number | null, packUnit: string | null, lineUnit: string) {
  if (packAmount && packAmount > 0 && packUnit) {
    const unit = normaliseUnit(packUnit);
    return { amount: roundQty(packAmount), unit, dimension: dimensionOf(unit) };
  }
  const m = /^\s*([\d.]+)\s*(mL|ml|L|l|μL|uL|ul|mg|g|kg|μg|ug)\s*$/.exec(spec);
  if (m && Number(m[1]) > 0) {
    const unit = normaliseUnit(m[2]);
    return { amount: roundQty(Number(m[1])), unit, dimension: dimensionOf(unit) };
  }
  return { amount: 1, unit: lineUnit, dimension: 'count' as const };
}

/**
 * Stock-in at acceptance, inside the caller's transaction (orders calls it when a sub-order is
 * completed): every accepted unit of every line becomes one container (4 × 500 mL = four
 * containers of 500 mL), with the lot and expiry the supplier gave on the shipment that carried it
 * (blank when none), at `locationId` when the checker chose one (hazardous goods only in a hazard
 * cabinet), a 'stock_in' ledger row each and one 入库单. A sub-order is stocked in once.
 */
export async function stockInSubOrder(trx: Trx, a: { subOrderId: number; actorId: number; locationId?: number | null }) {
  const sub = await trx
    .selectFrom('sub_order as s')
    .innerJoin('purchase_order as o', 'o.id', 's.order_id')
    .select(['s.id', 's.sub_no', 'o.id as order_id', 'o.institute_id', 'o.dept_id', 'o.team_id', 'o.buyer_id'])
    .where('s.id', '=', a.subOrderId)
    .executeTakeFirst();
  if (!sub || sub.institute_id === null) return null;
  const done = await trx.selectFrom('inventory_slip').select('id').where('sub_order_id', '=', sub.id).where('kind', '=', 'in').executeTakeFirst();
  if (done) return { slipId: done.id, containers: 0 };

  const location = a.locationId
    ? await trx
        .selectFrom('inventory_location')
        .selectAll()
        .where('id', '=', a.locationId)
        .where('institute_id', '=', sub.institute_id)
        .where('enabled', '=', 1)
        .executeTakeFirst()
    : null;
  if (a.locationId && !location) fail('BAD_REQUEST', '存放位置不存在或已停用');

  const lines = await trx
    .selectFrom('order_line as l')
    .leftJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.item_id',
      'l.name',
      'l.cas',
      'l.spec',
      'l.brand',
      'l.catalog_no',
      'l.unit',
      'l.unit_price',
      'l.hazard',
      'l.delivered_qty',
      'l.refunded_qty',
      'i.pack_amount',
      'i.pack_unit',
      'i.hazard_precursor',
      'i.hazard_explosive',
      'i.hazard_toxic',
    ])
    .where('l.sub_order_id', '=', sub.id)
    .orderBy('l.id')
    .execute();
  const shipments = await trx
    .selectFrom('delivery_line as dl')
    .innerJoin('delivery as d', 'd.id', 'dl.delivery_id')
    .select(['dl.order_line_id', 'dl.quantity', 'dl.lot_no', 'dl.expires_on'])
    .where('d.sub_order_id', '=', sub.id)
    .orderBy('d.id')
    .execute();

  const now = nowIso();
  const rows: Insertable<InventoryContainerTable>[] = [];
  for (const l of lines) {
    const pack = packOf(l.spec, l.pack_amount === null ? null : Number(l.pack_amount), l.pack_unit, l.unit);
    const controlled = l.hazard_precursor || l.hazard_explosive || l.hazard_toxic ? 1 : 0;
    if (location && !location.hazard_cabinet && (controlled || l.hazard))
      fail('BAD_REQUEST', `“${l.name}”为危险化学品，须存放在危化品柜，请选择标记为危化品柜的存放位置`);
    // what each shipment carried of this line, then anything delivered without a shipment record
    const portions = shipments.filter((s) => s.order_line_id === l.id).map((s) => ({ qty: s.quantity, lot: s.lot_no, exp: s.expires_on }));
    const shipped = portions.reduce((s, p) => s + p.qty, 0);
    if (l.delivered_qty > shipped) portions.push({ qty: l.delivered_qty - shipped, lot: null, exp: null });
    // units refunded after delivery but before acceptance (after-sales) are not stocked in
    const keep = l.delivered_qty - l.refunded_qty;
    let seq = 0;
    for (const p of portions)
      for (let k = 0; k < p.qty && seq < keep; k++) {
        seq++;
        rows.push({
          code: containerCode(),
          institute_id: sub.institute_id,
          dept_id: sub.dept_id,
          team_id: sub.team_id,
          owner_id: sub.buyer_id,
          item_id: l.item_id,
          name: l.name,
          cas: l.cas,
          spec: l.spec,
          brand: l.brand,
          catalog_no: l.catalog_no,
          unit: pack.unit,
          dimension: pack.dimension,
          quantity_total: pack.amount,
          quantity_left: pack.amount,
          lot_no: p.lot,
          expires_on: p.exp,
          location_id: location?.id ?? null,
          hazard: l.hazard,
          controlled,
          order_id: sub.order_id,
          sub_order_id: sub.id,
          order_line_id: l.id,
          seq,
          unit_price: Number(l.unit_price),
          state: 'in_stock',
          created_by: a.actorId,
          created_at: now,
          updated_at: now,
        });
      }
  }
  if (rows.length === 0) return null;
  const checker = await trx.selectFrom('app_user').select(['real_name', 'user_name']).where('id', '=', a.actorId).executeTakeFirst();
  const slip = await trx
    .insertInto('inventory_slip')
    .values({
      slip_no: slipNo('in'),
      kind: 'in',
      institute_id: sub.institute_id,
      dept_id: sub.dept_id,
      team_id: sub.team_id,
      sub_order_id: sub.id,
      person_id: a.actorId,
      person_name: checker?.real_name ?? checker?.user_name ?? null,
      second_person_id: null,
      actor_id: a.actorId,
      purpose: location ? `入库至 ${locationLabel(location)}` : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100);
    const made = await trx.insertInto('inventory_container').values(chunk).returning(['id', 'quantity_total']).execute();
    await trx
      .insertInto('inventory_ledger')
      .values(
        made.map((c) => ({
          container_id: c.id,
          institute_id: sub.institute_id as number,
          kind: 'stock_in',
          delta: Number(c.quantity_total),
          balance: Number(c.quantity_total),
          input_amount: null,
          input_unit: null,
          person_id: a.actorId,
          person_name: checker?.real_name ?? null,
          actor_id: a.actorId,
          reason: '验收入库',
          ref: sub.sub_no,
          slip_id: slip.id,
          created_at: now,
        })),
      )
      .execute();
  }
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
