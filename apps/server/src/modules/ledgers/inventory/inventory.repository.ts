import type { Insertable, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, InventoryLedgerTable, InventoryLocationTable, InventoryStocktakeLineTable, InventoryStocktakeTable } from '../../../platform/db/schema.ts';

/** How containers meet a data scope: institute, department and below, team, or the buyer they were ordered for. */
export const CONTAINER_SCOPE: ScopeColumns<'inventory_container'> = {
  institute: (eb, instituteId) => eb('inventory_container.institute_id', '=', instituteId),
  dept: (eb, prefix) =>
    eb.exists(eb.selectFrom('dept as cd').select('cd.id').whereRef('cd.id', '=', 'inventory_container.dept_id').where('cd.path', 'like', prefix)),
  teams: (eb, teamIds, instituteId) => eb.and([eb('inventory_container.institute_id', '=', instituteId), eb('inventory_container.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb('inventory_container.owner_id', '=', userId),
};

/** Stocktakes meet a scope the way the containers they count do. */
export const STOCKTAKE_SCOPE: ScopeColumns<'inventory_stocktake'> = {
  institute: (eb, instituteId) => eb('inventory_stocktake.institute_id', '=', instituteId),
  dept: (eb, prefix) =>
    eb.exists(eb.selectFrom('dept as sd').select('sd.id').whereRef('sd.id', '=', 'inventory_stocktake.dept_id').where('sd.path', 'like', prefix)),
  teams: (eb, teamIds, instituteId) => eb.and([eb('inventory_stocktake.institute_id', '=', instituteId), eb('inventory_stocktake.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb('inventory_stocktake.created_by', '=', userId),
};

export interface ContainerFilter {
  name?: string;
  cas?: string;
  code?: string;
  locationId?: number;
  state?: string;
  /** expires on or before this day */
  expiresBy?: string;
  subOrderIds?: number[];
  ids?: number[];
}

/** SQL of the inventory: containers by scope, their ledger, slips, locations, stocktakes. */
export class InventoryRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: InventoryRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new InventoryRepository(trx), trx));
  }

  private containers(scope: Scope, f: ContainerFilter) {
    const where = scopeWhere(scope, CONTAINER_SCOPE);
    let q = this.db.selectFrom('inventory_container');
    if (where) q = q.where(where);
    if (f.name) q = q.where(containsText('inventory_container.name', f.name));
    if (f.cas) q = q.where('inventory_container.cas', '=', f.cas);
    if (f.code) q = q.where('inventory_container.code', '=', f.code.toUpperCase());
    if (f.locationId) q = q.where('inventory_container.location_id', '=', f.locationId);
    if (f.state) q = q.where('inventory_container.state', '=', f.state);
    if (f.expiresBy) q = q.where('inventory_container.expires_on', 'is not', null).where('inventory_container.expires_on', '<=', f.expiresBy);
    if (f.subOrderIds) q = q.where('inventory_container.sub_order_id', 'in', f.subOrderIds.length ? f.subOrderIds : [0]);
    if (f.ids) q = q.where('inventory_container.id', 'in', f.ids.length ? f.ids : [0]);
    return q;
  }

  private withNames(q: ReturnType<InventoryRepository['containers']>) {
    return q
      .leftJoin('inventory_location as loc', 'loc.id', 'inventory_container.location_id')
      .leftJoin('app_user as owner', 'owner.id', 'inventory_container.owner_id')
      .leftJoin('team as tm', 'tm.id', 'inventory_container.team_id')
      .leftJoin('sub_order as so', 'so.id', 'inventory_container.sub_order_id')
      .leftJoin('purchase_order as po', 'po.id', 'inventory_container.order_id')
      .selectAll('inventory_container')
      .select([
        'loc.building',
        'loc.room',
        'loc.cabinet',
        'loc.shelf',
        'loc.hazard_cabinet',
        'owner.real_name as owner_name',
        'tm.name as team_name',
        'so.sub_no',
        'po.order_no',
      ]);
  }

  async page(scope: Scope, f: ContainerFilter, current: number, size: number) {
    const [rows, count] = await Promise.all([
      this.withNames(this.containers(scope, f))
        .orderBy('inventory_container.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.containers(scope, f)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Every container matching (the sub-orders' stock, labels, records by ids): at most 500. */
  list(scope: Scope, f: ContainerFilter) {
    return this.withNames(this.containers(scope, f)).orderBy('inventory_container.id').limit(500).execute();
  }

  container(scope: Scope, id: number) {
    return this.withNames(this.containers(scope, {})).where('inventory_container.id', '=', id).executeTakeFirst();
  }

  /**
   * Locks one container for the rest of the transaction and reads it (within the scope). The no-op
   * UPDATE takes PostgreSQL's row lock, so concurrent stock-outs wait and then read the committed
   * balance; on SQLite the transaction is the single writer already.
   */
  async lockContainer(scope: Scope, id: number) {
    await this.db.updateTable('inventory_container').set({ quantity_left: sql`quantity_left` }).where('id', '=', id).execute();
    return this.container(scope, id);
  }

  setBalance(id: number, left: number, state: string, at: string) {
    return this.db.updateTable('inventory_container').set({ quantity_left: left, state, updated_at: at }).where('id', '=', id).execute();
  }

  moveContainers(ids: number[], locationId: number, at: string) {
    return this.db.updateTable('inventory_container').set({ location_id: locationId, updated_at: at }).where('id', 'in', ids).execute();
  }

  appendLedger(row: Insertable<InventoryLedgerTable>) {
    return this.db.insertInto('inventory_ledger').values(row).returning('id').executeTakeFirstOrThrow();
  }

  ledger(containerIds: number[]) {
    return this.db
      .selectFrom('inventory_ledger as l')
      .leftJoin('app_user as a', 'a.id', 'l.actor_id')
      .leftJoin('inventory_slip as s', 's.id', 'l.slip_id')
      .selectAll('l')
      .select(['a.real_name as actor_name', 's.slip_no'])
      .where('l.container_id', 'in', containerIds.length ? containerIds : [0])
      .orderBy('l.id')
      .execute();
  }

  insertSlip(row: Insertable<DB['inventory_slip']>) {
    return this.db.insertInto('inventory_slip').values(row).returning(['id', 'slip_no']).executeTakeFirstOrThrow();
  }

  slip(id: number) {
    return this.db
      .selectFrom('inventory_slip as s')
      .innerJoin('institute as i', 'i.id', 's.institute_id')
      .leftJoin('team as t', 't.id', 's.team_id')
      .leftJoin('sub_order as so', 'so.id', 's.sub_order_id')
      .leftJoin('supplier as sp', 'sp.id', 'so.supplier_id')
      .leftJoin('app_user as p2', 'p2.id', 's.second_person_id')
      .leftJoin('app_user as a', 'a.id', 's.actor_id')
      .selectAll('s')
      .select([
        'i.name as institute_name',
        't.name as team_name',
        'so.sub_no',
        'sp.company_name as supplier_name',
        'p2.real_name as second_name',
        'a.real_name as actor_name',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  /** The slip's ledger rows with their containers, as the printed lines. */
  slipLines(slipId: number) {
    return this.db
      .selectFrom('inventory_ledger as l')
      .innerJoin('inventory_container as c', 'c.id', 'l.container_id')
      .leftJoin('inventory_location as loc', 'loc.id', 'c.location_id')
      .select([
        'c.id',
        'c.code',
        'c.name',
        'c.spec',
        'c.cas',
        'c.lot_no',
        'c.unit',
        'c.expires_on',
        'l.delta',
        'loc.building',
        'loc.room',
        'loc.cabinet',
        'loc.shelf',
        'loc.hazard_cabinet',
      ])
      .where('l.slip_id', '=', slipId)
      .orderBy('l.id')
      .execute();
  }

  /** A user of the institute (领用人, second person), active. */
  instituteUser(instituteId: number, userId: number) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'real_name', 'user_name'])
      .where('id', '=', userId)
      .where('institute_id', '=', instituteId)
      .where('deleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst();
  }

  people(instituteId: number, keyword: string | undefined) {
    let q = this.db
      .selectFrom('app_user')
      .select(['id', 'real_name', 'user_name'])
      .where('institute_id', '=', instituteId)
      .where('account_type', '=', 1)
      .where('deleted', '=', 0)
      .where('status', '=', 1);
    if (keyword) q = q.where((eb) => eb.or([containsText('real_name', keyword), containsText('user_name', keyword)]));
    return q.orderBy('id').limit(30).execute();
  }

  // ── locations ─────────────────────────────────────────────────────────
  private locations(instituteId: number | null, keyword?: string, enabledOnly?: boolean) {
    let q = this.db.selectFrom('inventory_location');
    if (instituteId !== null) q = q.where('inventory_location.institute_id', '=', instituteId);
    if (keyword) q = q.where((eb) => eb.or(['building', 'room', 'cabinet', 'shelf'].map((c) => containsText(`inventory_location.${c}`, keyword))));
    if (enabledOnly) q = q.where('inventory_location.enabled', '=', 1);
    return q;
  }

  async locationPage(instituteId: number | null, keyword: string | undefined, enabledOnly: boolean, current: number, size: number) {
    const [rows, count] = await Promise.all([
      this.locations(instituteId, keyword, enabledOnly)
        .selectAll('inventory_location')
        .select((eb) =>
          eb
            .selectFrom('inventory_container as c')
            .select((e2) => e2.fn.countAll<string | number>().as('n'))
            .whereRef('c.location_id', '=', 'inventory_location.id')
            .where('c.state', '=', 'in_stock')
            .as('containers'),
        )
        .orderBy('inventory_location.building')
        .orderBy('inventory_location.room')
        .orderBy('inventory_location.cabinet')
        .orderBy('inventory_location.shelf')
        .orderBy('inventory_location.id')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.locations(instituteId, keyword, enabledOnly)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  location(id: number, instituteId: number | null) {
    return this.locations(instituteId).selectAll('inventory_location').where('inventory_location.id', '=', id).executeTakeFirst();
  }

  insertLocation(row: Insertable<InventoryLocationTable>) {
    return this.db.insertInto('inventory_location').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updateLocation(id: number, row: Updateable<InventoryLocationTable>) {
    return this.db.updateTable('inventory_location').set(row).where('id', '=', id).execute();
  }

  async containersAt(locationId: number) {
    const r = await this.db
      .selectFrom('inventory_container')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('location_id', '=', locationId)
      .where('state', '=', 'in_stock')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  deleteLocation(id: number) {
    return this.db.deleteFrom('inventory_location').where('id', '=', id).execute();
  }

  // ── stocktakes ────────────────────────────────────────────────────────
  private stocktakes(scope: Scope, status?: string) {
    const where = scopeWhere(scope, STOCKTAKE_SCOPE);
    let q = this.db.selectFrom('inventory_stocktake');
    if (where) q = q.where(where);
    if (status) q = q.where('inventory_stocktake.status', '=', status);
    return q;
  }

  private stocktakeColumns(q: ReturnType<InventoryRepository['stocktakes']>) {
    return q
      .leftJoin('inventory_location as loc', 'loc.id', 'inventory_stocktake.location_id')
      .leftJoin('app_user as u', 'u.id', 'inventory_stocktake.created_by')
      .selectAll('inventory_stocktake')
      .select(['loc.building', 'loc.room', 'loc.cabinet', 'loc.shelf', 'loc.hazard_cabinet', 'u.real_name as created_by_name'])
      .select((eb) => [
        eb
          .selectFrom('inventory_stocktake_line as a')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('a.stocktake_id', '=', 'inventory_stocktake.id')
          .as('lines'),
        eb
          .selectFrom('inventory_stocktake_line as b')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('b.stocktake_id', '=', 'inventory_stocktake.id')
          .where('b.counted', 'is not', null)
          .as('counted'),
        eb
          .selectFrom('inventory_stocktake_line as d')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('d.stocktake_id', '=', 'inventory_stocktake.id')
          .where('d.counted', 'is not', null)
          .whereRef('d.counted', '<>', 'd.expected')
          .as('differences'),
      ]);
  }

  async stocktakePage(scope: Scope, status: string | undefined, current: number, size: number) {
    const [rows, count] = await Promise.all([
      this.stocktakeColumns(this.stocktakes(scope, status))
        .orderBy('inventory_stocktake.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.stocktakes(scope, status)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  stocktake(scope: Scope, id: number) {
    return this.stocktakeColumns(this.stocktakes(scope)).where('inventory_stocktake.id', '=', id).executeTakeFirst();
  }

  insertStocktake(row: Insertable<InventoryStocktakeTable>) {
    return this.db.insertInto('inventory_stocktake').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** A stocktake's lines, 200 to a statement (SQLite takes at most 999 bound parameters). */
  async insertStocktakeLines(rows: Insertable<InventoryStocktakeLineTable>[]) {
    for (let i = 0; i < rows.length; i += 200)
      await this.db
        .insertInto('inventory_stocktake_line')
        .values(rows.slice(i, i + 200))
        .execute();
  }

  /** A count on one line, only while its stocktake is still in `status`: false when the line is not there or the stocktake moved on. */
  async countLine(stocktakeId: number, lineId: number, status: string, set: Updateable<InventoryStocktakeLineTable>) {
    const res = await this.db
      .updateTable('inventory_stocktake_line')
      .set(set)
      .where('id', '=', lineId)
      .where('stocktake_id', '=', stocktakeId)
      .where((eb) => eb.exists(eb.selectFrom('inventory_stocktake as s').select('s.id').where('s.id', '=', stocktakeId).where('s.status', '=', status)))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Conditional status change of a stocktake: false when it was no longer in `from`. */
  async moveStocktake(id: number, from: string, set: Updateable<InventoryStocktakeTable>) {
    const res = await this.db.updateTable('inventory_stocktake').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  stocktakeLines(stocktakeId: number) {
    return this.db
      .selectFrom('inventory_stocktake_line as l')
      .innerJoin('inventory_container as c', 'c.id', 'l.container_id')
      .leftJoin('inventory_location as loc', 'loc.id', 'c.location_id')
      .selectAll('l')
      .select(['c.code', 'c.name', 'c.spec', 'c.unit', 'loc.building', 'loc.room', 'loc.cabinet', 'loc.shelf', 'loc.hazard_cabinet'])
      .where('l.stocktake_id', '=', stocktakeId)
      .orderBy('l.id')
      .execute();
  }
}
