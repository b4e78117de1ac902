import type { BidState } from '@kc/contracts/buying/bids';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { BidLogTable, BidProjectTable, DB } from '../../../platform/db/schema.ts';
import { sellersWhere } from '../eligibility/index.ts';

export type ProjectRow = Selectable<BidProjectTable>;

/** How bid projects meet a scope: the institute, the buyer's department and below, the team, the buyer. */
export const BID_SCOPE: ScopeColumns<'bid_project'> = {
  institute: (eb, instituteId) => eb('bid_project.institute_id', '=', instituteId),
  dept: (eb, prefix) => eb.exists(eb.selectFrom('dept as bd').select('bd.id').whereRef('bd.id', '=', 'bid_project.dept_id').where('bd.path', 'like', prefix)),
  teams: (eb, teamIds) => eb('bid_project.team_id', 'in', teamIds),
  self: (eb, userId) => eb('bid_project.buyer_id', '=', userId),
};

const PROJECT_COLUMNS = [
  'bid_project.id',
  'bid_project.project_no',
  'bid_project.title',
  'bid_project.ceiling_amount',
  'bid_project.deadline',
  'bid_project.state',
  'bid_project.round',
  'bid_project.invite_mode',
  'bid_project.published_at',
  'institute.name as institute_name',
  'app_user.real_name as buyer_name',
] as const;

/** All SQL of bid projects, bids and their log. */
export class BidsRepository {
  constructor(readonly db: Executor) {}

  inTransaction<T>(fn: (repo: BidsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new BidsRepository(trx), trx));
  }

  private projects() {
    return this.db
      .selectFrom('bid_project')
      .innerJoin('institute', 'institute.id', 'bid_project.institute_id')
      .leftJoin('app_user', 'app_user.id', 'bid_project.buyer_id');
  }

  /** A page of projects in a scope, newest first (the order never depends on bids). */
  async page(scope: Scope, q: { title?: string; state?: BidState }, current: number, size: number) {
    let base = this.projects();
    const cond = scopeWhere(scope, BID_SCOPE);
    if (cond) base = base.where(cond);
    if (q.title) base = base.where(containsText('bid_project.title', q.title));
    if (q.state) base = base.where('bid_project.state', '=', q.state);
    const [rows, total] = await Promise.all([
      base
        .select(PROJECT_COLUMNS)
        .orderBy('bid_project.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** The public /bid page: published projects except closed ones, bidding first, then the newest. */
  async publicPage(title: string | undefined, current: number, size: number) {
    let base = this.projects().where('bid_project.state', '!=', 'closed');
    if (title) base = base.where(containsText('bid_project.title', title));
    const [rows, total] = await Promise.all([
      base
        .select(PROJECT_COLUMNS)
        .orderBy(sql`case when bid_project.state = 'bidding' then 0 else 1 end`)
        .orderBy('bid_project.published_at', 'desc')
        .orderBy('bid_project.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** One project in a scope (null scope: any). */
  find(id: number, scope: Scope | null) {
    let q = this.projects()
      .selectAll('bid_project')
      .select(['institute.name as institute_name', 'app_user.real_name as buyer_name'])
      .where('bid_project.id', '=', id);
    const cond = scope ? scopeWhere(scope, BID_SCOPE) : null;
    if (cond) q = q.where(cond);
    return q.executeTakeFirst();
  }

  lines(projectId: number) {
    return this.db.selectFrom('bid_project_line').selectAll().where('project_id', '=', projectId).orderBy('line_no').execute();
  }

  invited(projectId: number) {
    return this.db
      .selectFrom('bid_project_supplier')
      .innerJoin('supplier', 'supplier.id', 'bid_project_supplier.supplier_id')
      .select(['supplier.id', 'supplier.company_name as name'])
      .where('bid_project_supplier.project_id', '=', projectId)
      .orderBy('supplier.id')
      .execute();
  }

  log(projectId: number) {
    return this.db
      .selectFrom('bid_log')
      .leftJoin('app_user', 'app_user.id', 'bid_log.actor_id')
      .select(['bid_log.action', 'bid_log.round', 'bid_log.detail', 'bid_log.created_at', 'app_user.real_name as actor_name'])
      .where('bid_log.project_id', '=', projectId)
      .orderBy('bid_log.id')
      .execute();
  }

  /** Of these suppliers, those the purchase gates let sell to the institute (a contract in force). */
  async sellers(instituteId: number, supplierIds: number[]): Promise<Set<number>> {
    if (supplierIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('supplier')
      .select('supplier.id')
      .where('supplier.id', 'in', [...new Set(supplierIds)])
      .where(sellersWhere('supplier.id', { instituteId }))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Active suppliers with a contract in force with the institute (the "all" mode's bidders, the picker's options). */
  contractedActive(instituteId: number) {
    return this.db
      .selectFrom('supplier')
      .select(['supplier.id', 'supplier.company_name as name'])
      .where('supplier.status', '=', 1)
      .where(sellersWhere('supplier.id', { instituteId }))
      .orderBy('supplier.id')
      .execute();
  }

  /** Of these suppliers, the active ones (status 1). */
  async activeSuppliers(ids: number[]) {
    if (ids.length === 0) return new Set<number>();
    const rows = await this.db.selectFrom('supplier').select('id').where('id', 'in', ids).where('status', '=', 1).execute();
    return new Set(rows.map((r) => r.id));
  }

  insertProject(row: Insertable<BidProjectTable>) {
    return this.db.insertInto('bid_project').values(row).returning('id').executeTakeFirstOrThrow();
  }

  async replaceLines(projectId: number, lines: { name: string; spec: string; cas: string | null; quantity: number; unit: string }[]) {
    await this.db.deleteFrom('bid_project_line').where('project_id', '=', projectId).execute();
    await this.db
      .insertInto('bid_project_line')
      .values(lines.map((l, i) => ({ project_id: projectId, line_no: i + 1, name: l.name, spec: l.spec, cas: l.cas, quantity: l.quantity, unit: l.unit })))
      .execute();
  }

  async replaceInvited(projectId: number, supplierIds: number[]) {
    await this.db.deleteFrom('bid_project_supplier').where('project_id', '=', projectId).execute();
    if (supplierIds.length) {
      await this.db
        .insertInto('bid_project_supplier')
        .values(supplierIds.map((s) => ({ project_id: projectId, supplier_id: s })))
        .execute();
    }
  }

  /**
   * Locks the project for a check-then-write when it is in `state` (and, if given, before or at/after
   * the deadline): a no-op UPDATE (PostgreSQL takes the row lock, a concurrent writer waits and then
   * re-checks the condition; SQLite has one writer). Nothing visible changes. False: not in that state.
   */
  async lock(id: number, state: BidState, deadline?: { before?: string; notBefore?: string }) {
    let q = this.db
      .updateTable('bid_project')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('id', '=', id)
      .where('state', '=', state);
    if (deadline?.before) q = q.where('deadline', '>', deadline.before);
    if (deadline?.notBefore) q = q.where('deadline', '<=', deadline.notBefore);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A state change conditional on the state read (the lock above already holds the row). */
  async move(id: number, from: BidState, to: BidState, set: Partial<Insertable<BidProjectTable>> = {}) {
    const r = await this.db
      .updateTable('bid_project')
      .set({ ...set, state: to })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  update(id: number, set: Partial<Insertable<BidProjectTable>>) {
    return this.db.updateTable('bid_project').set(set).where('id', '=', id).execute();
  }

  writeLog(row: Insertable<BidLogTable>) {
    return this.db.insertInto('bid_log').values(row).execute();
  }

  /** Voids the live bids of a round; answers the suppliers whose bid was voided. */
  async voidRound(projectId: number, round: number) {
    const rows = await this.db
      .updateTable('bid_offer')
      .set({ void: 1 })
      .where('project_id', '=', projectId)
      .where('round', '=', round)
      .where('void', '=', 0)
      .returning('supplier_id')
      .execute();
    return rows.map((r) => r.supplier_id);
  }

  /** Projects past their deadline still waiting to be opened (the sweep's catch-all). */
  async due(now: string) {
    const rows = await this.db
      .selectFrom('bid_project')
      .select('id')
      .where('state', '=', 'bidding')
      .where('deadline', '<=', now)
      .orderBy('id')
      .limit(200)
      .execute();
    return rows.map((r) => r.id);
  }

  // ---- bids ----

  /** Every bid of a round (opening, result), with its supplier's name. */
  offers(projectId: number, round: number) {
    return this.db
      .selectFrom('bid_offer')
      .innerJoin('supplier', 'supplier.id', 'bid_offer.supplier_id')
      .select([
        'bid_offer.id',
        'bid_offer.supplier_id',
        'supplier.company_name as supplier_name',
        'bid_offer.total_amount',
        'bid_offer.delivery_days',
        'bid_offer.remark',
        'bid_offer.void',
        'bid_offer.rank',
        'bid_offer.invalid_reason',
        'bid_offer.submitted_at',
      ])
      .where('bid_offer.project_id', '=', projectId)
      .where('bid_offer.round', '=', round)
      .execute();
  }

  /** The opening's verdict on each bid. */
  judge(id: number, rank: number | null, invalidReason: string | null) {
    return this.db.updateTable('bid_offer').set({ rank, invalid_reason: invalidReason }).where('id', '=', id).execute();
  }

  async offerLines(offerIds: number[]) {
    if (offerIds.length === 0) return [];
    return this.db
      .selectFrom('bid_offer_line')
      .select(['offer_id', 'line_id', 'unit_price', 'amount'])
      .where('offer_id', 'in', offerIds)
      .orderBy('id')
      .execute();
  }

  /** The supplier's own latest bid on a project (the live one of the current round, else the newest). */
  ownOffer(projectId: number, supplierId: number) {
    return this.db
      .selectFrom('bid_offer')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('supplier_id', '=', supplierId)
      .orderBy('round', 'desc')
      .orderBy('void', 'asc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The supplier's own latest bid on each of these projects. */
  async ownOffers(projectIds: number[], supplierId: number) {
    if (projectIds.length === 0) return [];
    return this.db
      .selectFrom('bid_offer')
      .selectAll()
      .where('project_id', 'in', projectIds)
      .where('supplier_id', '=', supplierId)
      .orderBy('round', 'desc')
      .orderBy('void', 'asc')
      .orderBy('id', 'desc')
      .execute();
  }

  liveOffer(projectId: number, round: number, supplierId: number) {
    return this.db
      .selectFrom('bid_offer')
      .select('id')
      .where('project_id', '=', projectId)
      .where('round', '=', round)
      .where('supplier_id', '=', supplierId)
      .where('void', '=', 0)
      .executeTakeFirst();
  }

  insertOffer(row: Insertable<DB['bid_offer']>) {
    return this.db.insertInto('bid_offer').values(row).returning('id').executeTakeFirstOrThrow();
  }

  async reviseOffer(id: number, set: { total_amount: number; delivery_days: number; remark: string; submitted_by: number; submitted_at: string }) {
    await this.db.updateTable('bid_offer').set(set).where('id', '=', id).execute();
    await this.db.deleteFrom('bid_offer_line').where('offer_id', '=', id).execute();
  }

  insertOfferLines(rows: Insertable<DB['bid_offer_line']>[]) {
    return this.db.insertInto('bid_offer_line').values(rows).execute();
  }

  /**
   * The supplier's page. open: bidding projects before their deadline of the given institutes
   * (those it has a contract in force with), in "all" mode or inviting it; mine: projects it bid on.
   * Soonest deadline first / newest first: never an order that depends on other suppliers' bids.
   */
  async supplierPage(supplierId: number, tab: 'open' | 'mine', q: { title?: string; now: string; institutes: number[] }, current: number, size: number) {
    let base = this.projects();
    if (tab === 'open') {
      base = base
        .where('bid_project.state', '=', 'bidding')
        .where('bid_project.deadline', '>', q.now)
        .where('bid_project.institute_id', 'in', q.institutes.length ? q.institutes : [0])
        .where((eb) =>
          eb.or([
            eb('bid_project.invite_mode', '=', 'all'),
            eb.exists(
              eb
                .selectFrom('bid_project_supplier as bs')
                .select('bs.project_id')
                .whereRef('bs.project_id', '=', 'bid_project.id')
                .where('bs.supplier_id', '=', supplierId),
            ),
          ]),
        );
    } else {
      base = base.where((eb) =>
        eb.exists(eb.selectFrom('bid_offer as bo').select('bo.id').whereRef('bo.project_id', '=', 'bid_project.id').where('bo.supplier_id', '=', supplierId)),
      );
    }
    if (q.title) base = base.where(containsText('bid_project.title', q.title));
    let ordered = base.select(PROJECT_COLUMNS);
    ordered = tab === 'open' ? ordered.orderBy('bid_project.deadline').orderBy('bid_project.id') : ordered.orderBy('bid_project.id', 'desc');
    const [rows, total] = await Promise.all([
      ordered
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Institutes with a project in bidding (the supplier's open tab checks its contract with each). */
  async biddingInstitutes(now: string) {
    const rows = await this.db.selectFrom('bid_project').select('institute_id').distinct().where('state', '=', 'bidding').where('deadline', '>', now).execute();
    return rows.map((r) => r.institute_id);
  }

  invitedHas(projectId: number, supplierId: number) {
    return this.db
      .selectFrom('bid_project_supplier')
      .select('project_id')
      .where('project_id', '=', projectId)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
  }

  /** Whether the supplier ever bid on the project (a party to it after opening). */
  hasBid(projectId: number, supplierId: number) {
    return this.db.selectFrom('bid_offer').select('id').where('project_id', '=', projectId).where('supplier_id', '=', supplierId).executeTakeFirst();
  }

  orderNo(orderId: number) {
    return this.db.selectFrom('purchase_order').select('order_no').where('id', '=', orderId).executeTakeFirst();
  }

  supplierName(id: number) {
    return this.db.selectFrom('supplier').select('company_name').where('id', '=', id).executeTakeFirst();
  }
}
