import { EXPORT_MAX_ROWS } from '@kc/contracts/buying/orders-documents';
import { type Caller, Perm } from '../../../../platform/auth/access.ts';
import type { Who } from '../../../../platform/auth/who.ts';
import { shanghaiCompactDate } from '../../../../platform/documents/shanghai-time.ts';
import { fail } from '../../../../platform/http/errors.ts';
import { type ListFilter, listFilterOf } from '../order.repository.ts';
import type { OrderQueriesService } from '../order-queries.service.ts';
import { ORDER_STATUS, type OrderStatus, SUB_STATUS, type SubStatus } from '../order-states.ts';
import type { ExportRepository } from './export.repository.ts';
import { type ExportRow, orderWorkbook } from './order-workbook.ts';

/** Order list pages that export; each exports exactly what its list shows. */
export type ExportPage = 'buyer' | 'team' | 'institute' | 'finance' | 'admin' | 'supplier';

/** The page (resource) whose export flag a buyer-side export needs. */
const PAGE_PERM: Record<'buyer' | 'team' | 'institute' | 'finance', string> = {
  buyer: Perm.ORDER_BUY,
  team: Perm.ORDER_APPROVE,
  institute: Perm.ORDER_APPROVE,
  finance: Perm.ORDER_FINANCE,
};

/** Whether any of the caller's roles grants the export flag on the page carrying `permCode` (authorityList exportJurisdiction). */
export interface ExportGrants {
  canExport(c: Caller, permCode: string): Promise<boolean>;
}

export interface ExportQuery {
  tab: 'pending' | 'handled' | 'all';
  status?: string;
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
}

const TOO_MANY = `导出数据超过 ${EXPORT_MAX_ROWS.toLocaleString('en-US')} 行，请缩小筛选范围（如下单时间、状态）后分批导出`;

/** An export walking a whole list (asynchronous exports). */
export interface ExportPlan {
  /** orders (a supplier's sub-orders) that match */
  total: number;
  /** the rows page by page, with how many of the `total` each page walked */
  pages(pageSize?: number): AsyncGenerator<{ rows: ExportRow[]; walked: number }>;
}

type LineRow = Awaited<ReturnType<ExportRepository['lines']>>[number];

/** Export rows from order lines, in the order of `subIds` (the list's), lines in their own order. */
function exportRows(lines: LineRow[], subIds: number[]): ExportRow[] {
  const rank = new Map(subIds.map((id, i) => [id, i]));
  lines.sort((a, b) => (rank.get(a.sub_order_id) ?? 0) - (rank.get(b.sub_order_id) ?? 0) || a.id - b.id);
  return lines.map((l) => ({
    orderNo: l.order_no,
    subNo: l.sub_no,
    createdAt: l.created_at,
    buyer: l.real_name ?? l.user_name,
    team: l.team_name ?? '',
    supplier: l.company_name,
    item: l.grade ? `${l.name}（${l.grade}）` : l.name,
    spec: l.spec,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    amount: l.amount,
    // under approval the order's own step says more than the sub-order's 审批中
    status:
      l.sub_status === 'waiting' ? (ORDER_STATUS[l.order_status as OrderStatus] ?? l.order_status) : (SUB_STATUS[l.sub_status as SubStatus] ?? l.sub_status),
    receiver: l.recv_contact,
    remark: l.remark ?? '',
  }));
}

/** The list's own filter, all rows up to the export limit. */
export const exportFilter = (q: ExportQuery): ListFilter => listFilterOf(q, { current: 1, size: EXPORT_MAX_ROWS });

/**
 * Excel exports of the order lists. The scope and filters are the list's own (OrderQueriesService.list
 * and supplierList answer the rows), so an export can never show more than the page it came from;
 * the caller also needs the page's export flag. Each export leaves an audit row.
 */
export class ExportService {
  constructor(
    private readonly queries: OrderQueriesService,
    private readonly repo: ExportRepository,
    private readonly grants: ExportGrants,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async mayExport(c: Caller, page: ExportPage) {
    if (page === 'admin') return c.accountType === 0;
    // suppliers: the route admits holders of the delivery function only
    if (page === 'supplier') return c.accountType === 2 && c.supplierId !== null;
    if (c.accountType === 0) return true;
    return this.grants.canExport(c, PAGE_PERM[page]);
  }

  /**
   * An export of everything a list shows, for the background (asynchronous) export: the same page
   * export flag and the same list scope as the synchronous export, decided now (call it again in
   * the job), then the rows page by page in the list's order by keyset, `pageSize` orders at a time.
   */
  async plan(c: Caller, page: ExportPage, q: ExportQuery): Promise<ExportPlan> {
    if (!(await this.mayExport(c, page))) fail('FORBIDDEN', '您没有导出该页面数据的权限');
    const cursor = await this.queries.listCursor(c, page, q.tab, listFilterOf(q, { current: 1, size: 1 }));
    const repo = this.repo;
    return {
      total: cursor.total,
      async *pages(pageSize = 500) {
        for await (const p of cursor.subIdPages(pageSize)) yield { rows: exportRows(await repo.lines(p.subIds), p.subIds), walked: p.walked };
      },
    };
  }

  async orders(w: Who, page: ExportPage, q: ExportQuery): Promise<{ xlsx: Buffer; filename: string; rows: number }> {
    const c = w.caller;
    if (!(await this.mayExport(c, page))) fail('FORBIDDEN', '您没有导出该页面数据的权限');
    const f = exportFilter(q);

    // the sub-orders in the list's scope, in the list's order (newest first)
    let subIds: number[];
    if (page === 'supplier') {
      const res = await this.queries.supplierList(c, f);
      if (res.total > EXPORT_MAX_ROWS) fail('BAD_REQUEST', TOO_MANY);
      subIds = res.records.map((s) => s.id);
    } else {
      const res = await this.queries.list(c, page, q.tab, f);
      if (res.total > EXPORT_MAX_ROWS) fail('BAD_REQUEST', TOO_MANY);
      subIds = res.records.flatMap((o) => o.subOrders.map((s) => s.id));
    }

    const rows = exportRows(await this.repo.lines(subIds), subIds);
    if (rows.length > EXPORT_MAX_ROWS) fail('BAD_REQUEST', TOO_MANY);
    const xlsx = await orderWorkbook(rows);
    await this.repo.audit({ userId: c.userId, page, rows: rows.length, filter: q, ip: w.ip });
    return { xlsx, filename: `订单导出-${shanghaiCompactDate(this.now())}.xlsx`, rows: rows.length };
  }
}
