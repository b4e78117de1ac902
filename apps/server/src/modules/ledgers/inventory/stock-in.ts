import type { Insertable, Selectable, Transaction } from 'kysely';
import type { DB, InventoryContainerTable, InventoryLocationTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { locationLabel } from './location-label.ts';
import { containerCode, slipNo } from './stock-codes.ts';
import { packOf } from './stock-pack.ts';

type Trx = Transaction<DB>;

/*
 * The steps of a sub-order's stock-in at acceptance (stockInSubOrder in stock-ledger.ts): what it
 * reads, the containers it makes, and the slip, containers and ledger rows it writes, all in the
 * caller's transaction.
 */

/** The sub-order with its order's institute, department, team and buyer: the containers' owners. */
export function subOrderToStock(trx: Trx, subOrderId: number) {
  return trx
    .selectFrom('sub_order as s')
    .innerJoin('purchase_order as o', 'o.id', 's.order_id')
    .select(['s.id', 's.sub_no', 'o.id as order_id', 'o.institute_id', 'o.dept_id', 'o.team_id', 'o.buyer_id'])
    .where('s.id', '=', subOrderId)
    .executeTakeFirst();
}

/** A sub-order to stock in, of an institute. */
export type StockedSubOrder = NonNullable<Awaited<ReturnType<typeof subOrderToStock>>> & { institute_id: number };
type Location = Selectable<InventoryLocationTable>;

/** The 入库单 of an earlier stock-in of the sub-order: a sub-order is stocked in once. */
export function stockInSlipOf(trx: Trx, subOrderId: number) {
  return trx.selectFrom('inventory_slip').select('id').where('sub_order_id', '=', subOrderId).where('kind', '=', 'in').executeTakeFirst();
}

/** The location the checker chose (none: null), which must be an enabled one of the institute. */
export async function chosenLocation(trx: Trx, locationId: number | null | undefined, instituteId: number): Promise<Location | null | undefined> {
  const location = locationId
    ? await trx
        .selectFrom('inventory_location')
        .selectAll()
        .where('id', '=', locationId)
        .where('institute_id', '=', instituteId)
        .where('enabled', '=', 1)
        .executeTakeFirst()
    : null;
  if (locationId && !location) fail('BAD_REQUEST', '存放位置不存在或已停用');
  return location;
}

/** The sub-order's lines with the item's pack and controlled-goods flags. */
export function linesToStock(trx: Trx, subOrderId: number) {
  return trx
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
    .where('l.sub_order_id', '=', subOrderId)
    .orderBy('l.id')
    .execute();
}
type LineToStock = Awaited<ReturnType<typeof linesToStock>>[number];

/** What each shipment of the sub-order carried, per order line, with the lot and expiry the supplier gave. */
export function shipmentsOf(trx: Trx, subOrderId: number) {
  return trx
    .selectFrom('delivery_line as dl')
    .innerJoin('delivery as d', 'd.id', 'dl.delivery_id')
    .select(['dl.order_line_id', 'dl.quantity', 'dl.lot_no', 'dl.expires_on'])
    .where('d.sub_order_id', '=', subOrderId)
    .orderBy('d.id')
    .execute();
}
type Shipment = Awaited<ReturnType<typeof shipmentsOf>>[number];

/**
 * One container per accepted unit of every line (4 × 500 mL = four containers of 500 mL), with the
 * lot and expiry of the shipment that carried it; hazardous goods only into a hazard cabinet.
 */
export function containerRows(
  sub: StockedSubOrder,
  lines: LineToStock[],
  shipments: Shipment[],
  location: Location | null | undefined,
  actorId: number,
  now: string,
): Insertable<InventoryContainerTable>[] {
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
          created_by: actorId,
          created_at: now,
          updated_at: now,
        });
      }
  }
  return rows;
}

/** The 入库单: the checker as its person, the location (when chosen) as its purpose. */
export function insertStockInSlip(
  trx: Trx,
  sub: StockedSubOrder,
  actorId: number,
  checkerName: string | null,
  location: Location | null | undefined,
  now: string,
) {
  return trx
    .insertInto('inventory_slip')
    .values({
      slip_no: slipNo('in'),
      kind: 'in',
      institute_id: sub.institute_id,
      dept_id: sub.dept_id,
      team_id: sub.team_id,
      sub_order_id: sub.id,
      person_id: actorId,
      person_name: checkerName,
      second_person_id: null,
      actor_id: actorId,
      purpose: location ? `入库至 ${locationLabel(location)}` : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The containers, 100 to an INSERT, each with its 'stock_in' ledger row on the slip. */
export async function insertContainers(
  trx: Trx,
  rows: Insertable<InventoryContainerTable>[],
  a: { sub: StockedSubOrder; slipId: number; actorId: number; personName: string | null; now: string },
) {
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100);
    const made = await trx.insertInto('inventory_container').values(chunk).returning(['id', 'quantity_total']).execute();
    await trx
      .insertInto('inventory_ledger')
      .values(
        made.map((c) => ({
          container_id: c.id,
          institute_id: a.sub.institute_id,
          kind: 'stock_in',
          delta: Number(c.quantity_total),
          balance: Number(c.quantity_total),
          input_amount: null,
          input_unit: null,
          person_id: a.actorId,
          person_name: a.personName,
          actor_id: a.actorId,
          reason: '验收入库',
          ref: a.sub.sub_no,
          slip_id: a.slipId,
          created_at: a.now,
        })),
      )
      .execute();
  }
}
