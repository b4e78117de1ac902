import { randomUUID } from 'node:crypto';
import type { TechRequestStatus } from '@kc/contracts/buying/tech-services';
import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, TechRequestTable, TechServiceTable } from '../../../platform/db/schema.ts';
import { sellersWhere } from '../eligibility/index.ts';

/** How requests meet a buyer-side data scope: institute, department path, team, or the requester. */
export const TECH_REQUEST_SCOPE: ScopeColumns<'tech_request'> = {
  institute: (eb, instituteId) => eb('tech_request.institute_id', '=', instituteId),
  dept: (eb, prefix) => eb.exists(eb.selectFrom('dept as td').select('td.id').whereRef('td.id', '=', 'tech_request.dept_id').where('td.path', 'like', prefix)),
  teams: (eb, teamIds, instituteId) => eb.and([eb('tech_request.institute_id', '=', instituteId), eb('tech_request.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb('tech_request.buyer_id', '=', userId),
};

export interface Paging {
  current: number;
  size: number;
}
export interface ItemFilter {
  category?: string;
  keyword?: string;
  status?: 'active' | 'inactive';
}
/** Who lists requests: a buyer-side scope, or one supplier. */
export type RequestReach = { scope: Scope } | { supplierId: number };
export interface RequestFilter {
  status?: TechRequestStatus;
  keyword?: string;
}

const ITEM_COLUMNS = [
  'tech_service.id',
  'tech_service.supplier_id',
  'supplier.company_name as supplier_name',
  'tech_service.name',
  'tech_service.category',
  'tech_service.description',
  'tech_service.price',
  'tech_service.unit',
  'tech_service.turnaround_days',
  'tech_service.tax_rate',
  'tech_service.sample_form',
  'tech_service.active',
  'tech_service.updated_at',
] as const;

const REQUEST_COLUMNS = [
  'tech_request.id',
  'tech_request.request_no',
  'tech_request.service_id',
  'tech_request.service_name',
  'tech_request.category',
  'tech_request.supplier_id',
  'supplier.company_name as supplier_name',
  'tech_request.buyer_id',
  'tech_request.institute_id',
  'tech_request.team_id',
  'tech_request.status',
  'tech_request.sample_count',
  'tech_request.unit_price',
  'tech_request.quantity',
  'tech_request.amount',
  'tech_request.amount_ex_tax',
  'tech_request.tax_amount',
  'tech_request.tax_rate',
  'tech_request.created_at',
  'tech_request.updated_at',
] as const;

/** SQL of technical services: the supplier's items, the public list, requests by scope, their moves, logs and reports. */
export class TechServicesRepository {
  constructor(readonly db: Executor) {}

  inTransaction<T>(fn: (r: TechServicesRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new TechServicesRepository(trx), trx));
  }

  // ── items ────────────────────────────────────────────────────────────────
  private items() {
    return this.db.selectFrom('tech_service').innerJoin('supplier', 'supplier.id', 'tech_service.supplier_id').where('tech_service.deleted', '=', 0);
  }

  private filtered(f: ItemFilter) {
    let q = this.items();
    if (f.category) q = q.where('tech_service.category', '=', f.category);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([containsText('tech_service.name', k), containsText('supplier.company_name', k)]));
    }
    if (f.status) q = q.where('tech_service.active', '=', f.status === 'active' ? 1 : 0);
    return q;
  }

  private async itemPage(q: ReturnType<TechServicesRepository['filtered']>, p: Paging) {
    const [rows, count] = await Promise.all([
      q
        .select(ITEM_COLUMNS)
        .orderBy('tech_service.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  supplierItems(supplierId: number, f: ItemFilter, p: Paging) {
    return this.itemPage(this.filtered(f).where('tech_service.supplier_id', '=', supplierId), p);
  }

  /**
   * Items buyers may request: active, of an active supplier with a contract in force with the
   * institute (any institute for anonymous visitors and the platform).
   */
  visibleItems(f: ItemFilter, instituteId: number | null, p: Paging) {
    return this.itemPage(this.visible(this.filtered({ ...f, status: 'active' }), instituteId), p);
  }

  private visible(q: ReturnType<TechServicesRepository['filtered']>, instituteId: number | null) {
    return q.where('supplier.status', '=', 1).where(sellersWhere('tech_service.supplier_id', { instituteId }));
  }

  visibleItem(id: number, instituteId: number | null) {
    return this.visible(this.filtered({ status: 'active' }), instituteId)
      .select(ITEM_COLUMNS)
      .where('tech_service.id', '=', id)
      .executeTakeFirst();
  }

  item(id: number) {
    return this.items().select(ITEM_COLUMNS).where('tech_service.id', '=', id).executeTakeFirst();
  }

  async insertItem(v: Insertable<TechServiceTable>) {
    return (await this.db.insertInto('tech_service').values(v).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Changes one of the supplier's own live items; answers whether it existed. */
  async updateItem(id: number, supplierId: number, v: Updateable<TechServiceTable>) {
    const r = await this.db
      .updateTable('tech_service')
      .set(v)
      .where('id', '=', id)
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  supplierName(id: number) {
    return this.db.selectFrom('supplier').select(['id', 'company_name', 'status']).where('id', '=', id).executeTakeFirst();
  }

  // ── requests ─────────────────────────────────────────────────────────────
  private requests(reach: RequestReach, f: RequestFilter) {
    let q = this.db
      .selectFrom('tech_request')
      .innerJoin('supplier', 'supplier.id', 'tech_request.supplier_id')
      .innerJoin('app_user as buyer', 'buyer.id', 'tech_request.buyer_id')
      .innerJoin('institute', 'institute.id', 'tech_request.institute_id')
      .leftJoin('team', 'team.id', 'tech_request.team_id');
    if ('supplierId' in reach) q = q.where('tech_request.supplier_id', '=', reach.supplierId);
    else {
      const cond = scopeWhere(reach.scope, TECH_REQUEST_SCOPE);
      if (cond) q = q.where(cond);
    }
    if (f.status) q = q.where('tech_request.status', '=', f.status);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) =>
        eb.or([containsText('tech_request.request_no', k), containsText('tech_request.service_name', k), containsText('supplier.company_name', k)]),
      );
    }
    return q;
  }

  private requestSelect(reach: RequestReach, f: RequestFilter) {
    return this.requests(reach, f).select([
      ...REQUEST_COLUMNS,
      sql<string>`coalesce(buyer.real_name, buyer.user_name)`.as('buyer_name'),
      'institute.name as institute_name',
      'team.name as team_name',
    ]);
  }

  async requestPage(reach: RequestReach, f: RequestFilter, p: Paging) {
    const [rows, count] = await Promise.all([
      this.requestSelect(reach, f)
        .orderBy('tech_request.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.requests(reach, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** One request with everything its detail shows (no scope: the service decides who may read it). */
  request(id: number) {
    return this.requestSelect({ scope: { kind: 'all' } }, {})
      .select([
        'tech_request.sample_form',
        'tech_request.samples',
        'tech_request.contact_phone',
        'tech_request.remark',
        'tech_request.quote_note',
        'tech_request.carrier',
        'tech_request.tracking_no',
        'tech_request.reason',
        'tech_request.report_note',
        'tech_request.dept_id',
      ])
      .where('tech_request.id', '=', id)
      .executeTakeFirst();
  }

  /** Committed requests (count, amount) and those waiting for the buyer side, in a scope. */
  async summary(scope: Scope, committed: TechRequestStatus[], waiting: TechRequestStatus[]) {
    const base = this.requests({ scope }, {});
    const row = await base
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('tech_request.status', 'in', committed).then(1).else(0).end()).as('committed_count'),
        eb.fn.sum<number>(eb.case().when('tech_request.status', 'in', committed).then(eb.ref('tech_request.amount')).else(0).end()).as('committed_amount'),
        eb.fn.sum<number>(eb.case().when('tech_request.status', 'in', waiting).then(1).else(0).end()).as('waiting_count'),
      ])
      .executeTakeFirstOrThrow();
    return {
      committedCount: Number(row.committed_count ?? 0),
      committedAmount: Number(row.committed_amount ?? 0),
      waitingCount: Number(row.waiting_count ?? 0),
    };
  }

  /** Inserts a request and gives it its number TS + Shanghai date + id. */
  async insertRequest(v: Omit<Insertable<TechRequestTable>, 'request_no'>, day: string) {
    const { id } = await this.db
      .insertInto('tech_request')
      .values({ ...v, request_no: `tmp-${randomUUID()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requestNo = `TS${day}${String(id).padStart(6, '0')}`;
    await this.db.updateTable('tech_request').set({ request_no: requestNo }).where('id', '=', id).execute();
    return { id, requestNo };
  }

  /** The move itself: only while the request is still in the state it was read in (a concurrent move loses). */
  async move(id: number, from: string, v: Updateable<TechRequestTable>) {
    const r = await this.db.updateTable('tech_request').set(v).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async log(v: {
    request_id: number;
    action: string;
    from_status: string | null;
    to_status: string;
    actor_id: number;
    note: string | null;
    created_at: string;
  }) {
    await this.db.insertInto('tech_request_log').values(v).execute();
  }

  logs(requestId: number) {
    return this.db
      .selectFrom('tech_request_log')
      .innerJoin('app_user', 'app_user.id', 'tech_request_log.actor_id')
      .select([
        'tech_request_log.action',
        'tech_request_log.from_status',
        'tech_request_log.to_status',
        'tech_request_log.note',
        'tech_request_log.created_at',
        sql<string>`coalesce(app_user.real_name, app_user.user_name)`.as('actor_name'),
      ])
      .where('tech_request_log.request_id', '=', requestId)
      .orderBy('tech_request_log.id')
      .execute();
  }

  /** Replaces the report files of a request (a corrected report replaces the earlier one). */
  async setReports(requestId: number, fileIds: number[], at: string) {
    await this.db.deleteFrom('tech_request_report').where('request_id', '=', requestId).execute();
    await this.db
      .insertInto('tech_request_report')
      .values(fileIds.map((file_id) => ({ request_id: requestId, file_id, created_at: at })))
      .execute();
  }

  reports(requestId: number) {
    return this.db
      .selectFrom('tech_request_report')
      .innerJoin('file_object', 'file_object.id', 'tech_request_report.file_id')
      .select(['tech_request_report.file_id', 'file_object.original_name'])
      .where('tech_request_report.request_id', '=', requestId)
      .orderBy('tech_request_report.id')
      .execute();
  }
}
