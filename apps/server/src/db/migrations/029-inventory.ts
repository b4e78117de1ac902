import type { Kysely } from 'kysely';
import { hasColumn, notNull, withId, zero } from './portable.ts';

/**
 * Lab inventory (库存, docs/domains/ledgers.md#inventory):
 * - inventory_location: where containers stand (building, room, cabinet, shelf; hazard cabinets flagged).
 * - inventory_container: one bottle / box each (4 × 500 mL is four rows), created when the checker
 *   accepts a sub-order; quantities are in the container's own unit (`unit`, of `dimension`
 *   volume / mass / count), `quantity_left` updated in the same transaction as each ledger row with
 *   the container row locked. `code` is the label's QR content.
 * - inventory_ledger: append-only, signed `delta` and the `balance` after it, per container.
 * - inventory_slip: one stock-in (入库单, per accepted sub-order) or stock-out (出库单, per 领用) that
 *   the print pages show; ledger rows point at it.
 * - inventory_stocktake(+_line): a count of a location or the whole scope; differences become
 *   'adjust' ledger rows with the reason when closed.
 * - delivery_line.lot_no / expires_on: the supplier's lot and expiry per shipped line (optional).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('inventory_location').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('building', 'text', notNull)
    .addColumn('room', 'text', notNull)
    .addColumn('cabinet', 'text', notNull)
    .addColumn('shelf', 'text', notNull)
    .addColumn('hazard_cabinet', 'integer', zero)
    .addColumn('custodian', 'text')
    .addColumn('remark', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('inventory_location_inst_idx').ifNotExists().on('inventory_location').columns(['institute_id', 'id']).execute();

  await withId(db, db.schema.createTable('inventory_container').ifNotExists())
    .addColumn('code', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('owner_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('name', 'text', notNull)
    .addColumn('cas', 'text')
    .addColumn('spec', 'text', notNull)
    .addColumn('brand', 'text')
    .addColumn('catalog_no', 'text')
    .addColumn('unit', 'text', notNull)
    .addColumn('dimension', 'text', notNull)
    .addColumn('quantity_total', 'double precision', notNull)
    .addColumn('quantity_left', 'double precision', notNull)
    .addColumn('lot_no', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('location_id', 'integer')
    .addColumn('hazard', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('controlled', 'integer', zero)
    .addColumn('order_id', 'integer')
    .addColumn('sub_order_id', 'integer')
    .addColumn('order_line_id', 'integer')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit_price', 'bigint', zero)
    .addColumn('state', 'text', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('inventory_container_code_uq').ifNotExists().unique().on('inventory_container').column('code').execute();
  await db.schema.createIndex('inventory_container_inst_idx').ifNotExists().on('inventory_container').columns(['institute_id', 'state', 'id']).execute();
  await db.schema.createIndex('inventory_container_team_idx').ifNotExists().on('inventory_container').columns(['team_id', 'id']).execute();
  await db.schema.createIndex('inventory_container_sub_idx').ifNotExists().on('inventory_container').columns(['sub_order_id', 'id']).execute();
  await db.schema.createIndex('inventory_container_expiry_idx').ifNotExists().on('inventory_container').columns(['expires_on']).execute();
  await db.schema.createIndex('inventory_container_item_idx').ifNotExists().on('inventory_container').columns(['item_id']).execute();
  await db.schema.createIndex('inventory_container_loc_idx').ifNotExists().on('inventory_container').columns(['location_id']).execute();

  await withId(db, db.schema.createTable('inventory_slip').ifNotExists())
    .addColumn('slip_no', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('sub_order_id', 'integer')
    .addColumn('person_id', 'integer')
    .addColumn('person_name', 'text')
    .addColumn('second_person_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('purpose', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('inventory_slip_no_uq').ifNotExists().unique().on('inventory_slip').column('slip_no').execute();
  await db.schema.createIndex('inventory_slip_sub_idx').ifNotExists().on('inventory_slip').column('sub_order_id').execute();

  await withId(db, db.schema.createTable('inventory_ledger').ifNotExists())
    .addColumn('container_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('delta', 'double precision', notNull)
    .addColumn('balance', 'double precision', notNull)
    .addColumn('input_amount', 'double precision')
    .addColumn('input_unit', 'text')
    .addColumn('person_id', 'integer')
    .addColumn('person_name', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('ref', 'text')
    .addColumn('slip_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('inventory_ledger_container_idx').ifNotExists().on('inventory_ledger').columns(['container_id', 'id']).execute();
  await db.schema.createIndex('inventory_ledger_slip_idx').ifNotExists().on('inventory_ledger').column('slip_id').execute();

  await withId(db, db.schema.createTable('inventory_stocktake').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('location_id', 'integer')
    .addColumn('title', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('closed_by', 'integer')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('inventory_stocktake_inst_idx').ifNotExists().on('inventory_stocktake').columns(['institute_id', 'id']).execute();

  await withId(db, db.schema.createTable('inventory_stocktake_line').ifNotExists())
    .addColumn('stocktake_id', 'integer', notNull)
    .addColumn('container_id', 'integer', notNull)
    .addColumn('expected', 'double precision', notNull)
    .addColumn('counted', 'double precision')
    .addColumn('reason', 'text')
    .addColumn('counted_by', 'integer')
    .addColumn('counted_at', 'text')
    .execute();
  await db.schema
    .createIndex('inventory_stocktake_line_uq')
    .ifNotExists()
    .unique()
    .on('inventory_stocktake_line')
    .columns(['stocktake_id', 'container_id'])
    .execute();

  if (!(await hasColumn(db, 'delivery_line', 'lot_no'))) await db.schema.alterTable('delivery_line').addColumn('lot_no', 'text').execute();
  if (!(await hasColumn(db, 'delivery_line', 'expires_on'))) await db.schema.alterTable('delivery_line').addColumn('expires_on', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['inventory_stocktake_line', 'inventory_stocktake', 'inventory_ledger', 'inventory_slip', 'inventory_container', 'inventory_location'])
    await db.schema.dropTable(t).ifExists().execute();
}
