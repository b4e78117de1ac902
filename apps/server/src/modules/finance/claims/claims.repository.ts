import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { ClaimLogTable, ClaimSettingTable, ClaimTable, DB, MergeClaimTable } from '../../../platform/db/schema.ts';
import type { ClaimsStore } from './claims.service.ts';

export type ClaimRow = Selectable<ClaimTable>;
export type MergeRow = Selectable<MergeClaimTable>;
export type ClaimSettingRow = Selectable<ClaimSettingTable>;
/** A claim's hold on a sub-order (claim_sub_order): the amount it claims. */
export interface ClaimSubRow {
  claim_id: number;
  sub_order_id: number;
  amount: number;
}
/** A sub-order as a claim judges it: its order's scope and the live claim holding it (claim_no, null when free). */
export type ClaimableSub = Awaited<ReturnType<ClaimsRepository['subsForClaim']>>[number];

/** How claims meet a data scope: their institute, department path, team, or their buyer. */
export const CLAIM_SCOPE: ScopeColumns<'claim'> = {
  institute: (eb, instituteId) => eb('claim.institute_id', '=', instituteId),
  dept: (eb, prefix) => eb.exists(eb.selectFrom('dept as cd').select('cd.id').whereRef('cd.id', '=', 'claim.dept_id').where('cd.path', 'like', prefix)),
  teams: (eb, teamIds, instituteId) => eb.and([eb('claim.institute_id', '=', instituteId), eb('claim.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb('claim.buyer_id', '=', userId),
};

/** Sub-order statuses the claim page lists: delivered or beyond (the others have nothing to claim yet). */
export const LISTED_SUB_STATUSES = ['delivered', 'arrived', 'rejected', 'refund_requested', 'refunded', 'completed'];

export interface ClaimFilter {
  claimNo?: string;
  status?: string[];
  dateFrom?: string;
  dateTo?: string;
  instituteId?: number;
  ids?: number[];
  /** claims waiting for this step (a submitted claim waits for its chain's first step) */
  waitingFor?: 'team' | 'institute' | 'finance';
  /** leave out this user's own claims (nobody approves their own) */
  notBuyer?: number;
}
export interface Paging {
  current: number;
  size: number;
}

/** SQL of claims and merged claims: lists by scope, conditional state moves, logs, attachments. */
export class ClaimsRepository implements ClaimsStore {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: ClaimsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ClaimsRepository(trx), trx));
  }

  // ── sub-orders a buyer may claim ─────────────────────────────────────────
  private buyerSubs(buyerId: number, subNo?: string) {
    let q = this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .where('po.buyer_id', '=', buyerId)
      .where('s.status', 'in', LISTED_SUB_STATUSES);
    if (subNo) q = q.where('s.sub_no', 'like', `%${subNo}%`);
    return q;
  }

  async claimablePage(buyerId: number, subNo: string | undefined, p: Paging) {
    const [rows, count] = await Promise.all([
      this.buyerSubs(buyerId, subNo)
        .innerJoin('supplier as sp', 'sp.id', 's.supplier_id')
        .leftJoin('claim_sub_order as cs', (j) => j.onRef('cs.sub_order_id', '=', 's.id').on('cs.live', '=', 1))
        .leftJoin('claim as c', 'c.id', 'cs.claim_id')
        .select([
          's.id',
          's.sub_no',
          's.status',
          's.total_amount',
          's.updated_at',
          'po.id as order_id',
          'po.order_no',
          'po.institute_id',
          'sp.company_name',
          'c.id as claim_id',
          'c.claim_no',
        ])
        // completed first (what can be claimed), newest first
        .orderBy((eb) => eb.case().when('s.status', '=', 'completed').then(0).else(1).end())
        .orderBy('s.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.buyerSubs(buyerId, subNo)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** First item and line count of each sub-order. */
  async lineSummary(subIds: number[]) {
    if (subIds.length === 0) return new Map<number, { first: string; count: number }>();
    const rows = await this.db.selectFrom('order_line').select(['sub_order_id', 'name']).where('sub_order_id', 'in', subIds).orderBy('id').execute();
    const m = new Map<number, { first: string; count: number }>();
    for (const r of rows) {
      const x = m.get(r.sub_order_id);
      if (x) x.count += 1;
      else m.set(r.sub_order_id, { first: r.name, count: 1 });
    }
    return m;
  }

  /** The sub-orders a claim would take, with their order's scope and any live claim holding them. */
  subsForClaim(subIds: number[]) {
    return this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .leftJoin('claim_sub_order as cs', (j) => j.onRef('cs.sub_order_id', '=', 's.id').on('cs.live', '=', 1))
      .leftJoin('claim as c', 'c.id', 'cs.claim_id')
      .select(['s.id', 's.sub_no', 's.status', 's.total_amount', 'po.buyer_id', 'po.placed_by_id', 'po.institute_id', 'po.dept_id', 'po.team_id', 'c.claim_no'])
      .where('s.id', 'in', subIds)
      .execute();
  }

  // ── claims ───────────────────────────────────────────────────────────────
  claim(id: number) {
    return this.db.selectFrom('claim').selectAll().where('id', '=', id).executeTakeFirst();
  }

  claimsByIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as ClaimRow[]);
    return this.db.selectFrom('claim').selectAll().where('id', 'in', ids).execute();
  }

  claimsOfMerge(mergeId: number) {
    return this.db.selectFrom('claim').selectAll().where('merge_id', '=', mergeId).orderBy('id').execute();
  }

  /** Inserts a claim and gives it its number (BX + Shanghai date + id: unique without a counter). */
  async insertClaim(v: Omit<Insertable<ClaimTable>, 'claim_no'>, day: string): Promise<ClaimRow> {
    const pending = `pending-${v.buyer_id}-${Date.now()}-${Math.random()}`;
    const { id } = await this.db
      .insertInto('claim')
      .values({ ...v, claim_no: pending })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claimNo = `BX${day}${String(id).padStart(6, '0')}`;
    await this.db.updateTable('claim').set({ claim_no: claimNo }).where('id', '=', id).execute();
    return (await this.claim(id)) as ClaimRow;
  }

  /** Fails with a unique violation when any sub-order is already in a live claim. */
  async insertClaimSubs(claimId: number, subs: { id: number; amount: number }[]) {
    await this.db
      .insertInto('claim_sub_order')
      .values(subs.map((s) => ({ claim_id: claimId, sub_order_id: s.id, amount: s.amount, live: 1 })))
      .execute();
  }

  /** The sub-orders of claims (`released`: also those a cancelled claim let go, for its detail). */
  subIdsOf(claimIds: number[], released = false) {
    if (claimIds.length === 0) return Promise.resolve([] as ClaimSubRow[]);
    let q = this.db.selectFrom('claim_sub_order').select(['claim_id', 'sub_order_id', 'amount']).where('claim_id', 'in', claimIds);
    if (!released) q = q.where('live', '=', 1);
    return q.orderBy('id').execute();
  }

  releaseSubs(claimId: number) {
    return this.db.updateTable('claim_sub_order').set({ live: 0 }).where('claim_id', '=', claimId).execute();
  }

  /** Conditional move: only from the state the caller read (two concurrent moves: one wins). */
  async move(id: number, from: string[], set: Updateable<ClaimTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('claim')
      .set({ ...set, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** notify's rate limit: stamps the reminder only when the last one is older than `since`. */
  async stampNotified(id: number, since: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('claim')
      .set({ notified_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('notified_at', 'is', null), eb('notified_at', '<', since)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  log(v: Omit<Insertable<ClaimLogTable>, 'created_at'>) {
    return this.db
      .insertInto('claim_log')
      .values({ ...v, created_at: new Date().toISOString() })
      .execute();
  }

  logs(claimIds: number[]) {
    if (claimIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('claim_log as l')
      .leftJoin('app_user as u', 'u.id', 'l.actor_id')
      .select(['l.claim_id', 'l.actor', 'l.action', 'l.from_status', 'l.to_status', 'l.reason', 'l.created_at', 'u.real_name', 'u.user_name'])
      .where('l.claim_id', 'in', claimIds)
      .orderBy('l.id')
      .execute();
  }

  addFiles(claimId: number, fileIds: number[]) {
    if (fileIds.length === 0) return Promise.resolve();
    const now = new Date().toISOString();
    return this.db
      .insertInto('claim_file')
      .values(fileIds.map((f) => ({ claim_id: claimId, file_id: f, created_at: now })))
      .execute()
      .then(() => undefined);
  }

  files(claimIds: number[]) {
    if (claimIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('claim_file as cf')
      .innerJoin('file_object as f', 'f.id', 'cf.file_id')
      .select(['cf.claim_id', 'f.id', 'f.original_name', 'f.size', 'f.mime'])
      .where('cf.claim_id', 'in', claimIds)
      .orderBy('cf.id')
      .execute();
  }

  // ── lists ────────────────────────────────────────────────────────────────
  private listBase(scope: Scope, f: ClaimFilter) {
    let q = this.db.selectFrom('claim');
    const cond = scopeWhere(scope, CLAIM_SCOPE);
    if (cond) q = q.where(cond);
    if (f.status?.length) q = q.where('claim.status', 'in', f.status);
    if (f.claimNo) q = q.where('claim.claim_no', 'like', `%${f.claimNo}%`);
    if (f.dateFrom) q = q.where('claim.created_at', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('claim.created_at', '<', f.dateTo);
    if (f.instituteId) q = q.where('claim.institute_id', '=', f.instituteId);
    if (f.ids) q = q.where('claim.id', 'in', f.ids.length ? f.ids : [-1]);
    if (f.notBuyer !== undefined) q = q.where('claim.buyer_id', '!=', f.notBuyer);
    if (f.waitingFor === 'team') q = q.where('claim.status', '=', 'submitted').where('claim.approval_steps', 'like', 'team%');
    if (f.waitingFor === 'institute')
      q = q.where((eb) =>
        eb.or([eb('claim.status', '=', 'team_approved'), eb.and([eb('claim.status', '=', 'submitted'), eb('claim.approval_steps', '=', 'institute')])]),
      );
    if (f.waitingFor === 'finance') q = q.where('claim.status', '=', 'institute_approved');
    return q;
  }

  /**
   * A page of claims: the ids of the page first (an index walk on (institute_id, status, id) or
   * (buyer_id, id)), then the page's rows with their names; the count stops at 10,001.
   */
  async page(scope: Scope, f: ClaimFilter, p: Paging) {
    const [idRows, count] = await Promise.all([
      this.listBase(scope, f)
        .select('claim.id')
        .orderBy('claim.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.db
        .selectFrom(this.listBase(scope, f).select('claim.id').limit(10_001).as('x'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: await this.rowsOf(idRows.map((r) => r.id)), total: Number(count.n) };
  }

  async count(scope: Scope, f: ClaimFilter) {
    const r = await this.db
      .selectFrom(this.listBase(scope, f).select('claim.id').limit(10_001).as('x'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async countByStatus(scope: Scope) {
    const rows = await this.listBase(scope, {})
      .select(['claim.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('claim.status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Claims with their buyer, institute, team and merged-claim numbers, in the order of `ids`. */
  async rowsOf(ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('claim')
      .innerJoin('app_user as u', 'u.id', 'claim.buyer_id')
      .leftJoin('institute as i', 'i.id', 'claim.institute_id')
      .leftJoin('team as tm', 'tm.id', 'claim.team_id')
      .leftJoin('merge_claim as m', 'm.id', 'claim.merge_id')
      .selectAll('claim')
      .select(['u.real_name', 'u.user_name', 'i.name as institute_name', 'tm.name as team_name', 'm.merge_no'])
      .where('claim.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }

  /** 关联订单 of each claim: its sub-orders' order numbers (at most five per claim). */
  async orderNos(claimIds: number[]) {
    const m = new Map<number, string[]>();
    if (claimIds.length === 0) return m;
    const rows = await this.db
      .selectFrom('claim_sub_order as cs')
      .innerJoin('sub_order as s', 's.id', 'cs.sub_order_id')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .select(['cs.claim_id', 'po.order_no'])
      .where('cs.claim_id', 'in', claimIds)
      .orderBy('cs.id')
      .execute();
    for (const r of rows) {
      const list = m.get(r.claim_id) ?? [];
      if (!list.includes(r.order_no) && list.length < 5) list.push(r.order_no);
      m.set(r.claim_id, list);
    }
    return m;
  }

  /** What a claim's detail and PDF show of each sub-order: supplier, order, lines. */
  async subDetails(subIds: number[]) {
    if (subIds.length === 0) return { subs: [], lines: [] };
    const [subs, lines] = await Promise.all([
      this.db
        .selectFrom('sub_order as s')
        .innerJoin('purchase_order as po', 'po.id', 's.order_id')
        .innerJoin('supplier as sp', 'sp.id', 's.supplier_id')
        .select(['s.id', 's.sub_no', 's.total_amount', 's.supplier_id', 'po.order_no', 'sp.company_name'])
        .where('s.id', 'in', subIds)
        .execute(),
      this.db
        .selectFrom('order_line')
        .select(['sub_order_id', 'name', 'spec', 'quantity', 'unit', 'amount'])
        .where('sub_order_id', 'in', subIds)
        .orderBy('id')
        .execute(),
    ]);
    return { subs, lines };
  }

  /** Invoices billing each sub-order (blue and red, not void), with the amount billed to it. */
  invoicesOf(subIds: number[]) {
    if (subIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('invoice_allocation as a')
      .innerJoin('invoice as v', 'v.id', 'a.invoice_id')
      .select(['a.sub_order_id', 'v.id', 'v.number', 'v.code', 'v.kind', 'v.exception', 'v.exception_accepted_reason', 'v.exception_accepted_at'])
      .select((eb) => eb.fn.sum<number>('a.amount').as('amount'))
      .where('a.sub_order_id', 'in', subIds)
      .where('v.status', '!=', 'void')
      .groupBy(['a.sub_order_id', 'v.id', 'v.number', 'v.code', 'v.kind', 'v.exception', 'v.exception_accepted_reason', 'v.exception_accepted_at'])
      .orderBy('v.id')
      .execute();
  }

  // ── merged claims ────────────────────────────────────────────────────────
  merge(id: number) {
    return this.db.selectFrom('merge_claim').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertMerge(v: { institute_id: number; amount: number; claim_count: number; created_by: number; remark: string | null }, day: string) {
    const now = new Date().toISOString();
    const { id } = await this.db
      .insertInto('merge_claim')
      .values({ ...v, merge_no: `pending-${v.created_by}-${Date.now()}-${Math.random()}`, status: 'review', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mergeNo = `HB${day}${String(id).padStart(6, '0')}`;
    await this.db.updateTable('merge_claim').set({ merge_no: mergeNo }).where('id', '=', id).execute();
    return { id, mergeNo };
  }

  async moveMerge(id: number, from: string[], set: Updateable<MergeClaimTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('merge_claim')
      .set({ ...set, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A merged claim's totals after a claim left it. */
  async refreshMerge(id: number) {
    const t = await this.db
      .selectFrom('claim')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount')])
      .where('merge_id', '=', id)
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('merge_claim')
      .set({ claim_count: Number(t.n), amount: Number(t.amount), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    return Number(t.n);
  }

  private mergeBase(instituteId: number | null, f: { status?: string; mergeNo?: string; ids?: number[] }) {
    let q = this.db.selectFrom('merge_claim');
    if (instituteId !== null) q = q.where('merge_claim.institute_id', '=', instituteId);
    if (f.status) q = q.where('merge_claim.status', '=', f.status);
    if (f.mergeNo) q = q.where('merge_claim.merge_no', 'like', `%${f.mergeNo}%`);
    if (f.ids) q = q.where('merge_claim.id', 'in', f.ids.length ? f.ids : [-1]);
    return q;
  }

  async mergePage(instituteId: number | null, f: { status?: string; mergeNo?: string; ids?: number[] }, p: Paging) {
    const [rows, count] = await Promise.all([
      this.mergeBase(instituteId, f)
        .innerJoin('app_user as u', 'u.id', 'merge_claim.created_by')
        .leftJoin('institute as i', 'i.id', 'merge_claim.institute_id')
        .selectAll('merge_claim')
        .select(['u.real_name', 'u.user_name', 'i.name as institute_name'])
        .orderBy('merge_claim.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.mergeBase(instituteId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  setting(instituteId: number) {
    return this.db.selectFrom('claim_setting').selectAll().where('institute_id', '=', instituteId).executeTakeFirst();
  }

  async saveSetting(instituteId: number, from: string | null, to: string | null, by: number) {
    const v = { freeze_from: from, freeze_to: to, updated_by: by, updated_at: new Date().toISOString() };
    await this.db
      .insertInto('claim_setting')
      .values({ institute_id: instituteId, ...v })
      .onConflict((oc) => oc.column('institute_id').doUpdateSet(v))
      .execute();
  }

  userNames(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('app_user').select(['id', 'real_name', 'user_name']).where('id', 'in', ids).execute();
  }

  instituteName(id: number | null) {
    if (id === null) return Promise.resolve(undefined);
    return this.db.selectFrom('institute').select('name').where('id', '=', id).executeTakeFirst();
  }
}
