import type { OrderListRole } from '@kc/contracts/buying/orders';
import { APPROVAL_STEP_TEXT } from '@kc/contracts/buying/orders-status';
import type { PayStatus } from '@kc/contracts/finance/settlement';
import type { Selectable } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Scope } from '../../../platform/db/data-scope.ts';
import type { OrderLineTable, PurchaseOrderTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { ApprovalStep, ApprovalsService, FlowRole } from '../../shared/approvals/index.ts';
import type { Keyset, ListFilter, OrderRepository } from './order.repository.ts';
import { ORDER_STATUS, type OrderStatus, SUB_STATUS, type SubStatus } from './order-states.ts';
import { trackingLink } from './tracking-link.ts';

type Order = Selectable<PurchaseOrderTable>;
type ListTab = 'pending' | 'handled' | 'all';

export interface ListCursor {
  /** orders (sub-orders for a supplier) matching */
  total: number;
  /** sub-order ids, `size` orders (or sub-orders) per page, in the list's order, with how many orders the page walked */
  subIdPages(size: number): AsyncGenerator<{ subIds: number[]; walked: number }>;
}

/** Keyset pages until one comes back short; each page's key rows become what `take` makes of them. */
async function* walk(
  page: (after: Keyset | null) => Promise<{ id: number; created_at: string }[]>,
  take: (rows: { id: number; created_at: string }[]) => Promise<number[]>,
) {
  let after: Keyset | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield { subIds: await take(rows), walked: rows.length };
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}
/** Besides its buyer and placer, an order of an institute is read by those acting on it. */
const READERS: FlowRole[] = ['institute', 'checker', 'finance', 'team'];

/**
 * Reading placed orders: the lists of each role, the supplier's sub-orders, the detail with its
 * parties, lines, deliveries and log. Visibility is decided here once and applied in SQL.
 */
/** Reads the pay status of sub-orders (a port: settlement owns it and sits above orders). */
export type PayStatusOf = (subOrderIds: readonly number[]) => Promise<Map<number, PayStatus>>;

export class OrderQueriesService {
  constructor(
    private readonly repo: OrderRepository,
    private readonly approvals: ApprovalsService,
    private readonly grantCards: GrantCardsService,
    /** 未付款 / 付款中 / 部分付款 / 已付款 of sub-orders (settlement's reader, wired in app.ts) */
    private readonly payStatus: PayStatusOf,
  ) {}

  /**
   * The data scope of a role's order list: the buyer's own orders (and those placed for them), a
   * team leader's teams, the institute of an owner, checker or finance officer, everything for the
   * platform admin. A role the caller does not hold is refused.
   */
  private async scopeOf(c: Caller, role: OrderListRole): Promise<Scope> {
    if (role === 'buyer') return { kind: 'self', userId: c.userId };
    if (role === 'admin') return c.accountType === 0 ? { kind: 'all' } : fail('FORBIDDEN');
    // a card's PI sees the orders charging their cards (narrowed by listScope), all in their institute
    if (role === 'card') return c.instituteId === null ? fail('FORBIDDEN') : { kind: 'institute', instituteId: c.instituteId };
    if (c.instituteId === null || !(await this.approvals.holdsRole(c.userId, role))) return fail('FORBIDDEN');
    if (role === 'team') return { kind: 'teams', instituteId: c.instituteId, teamIds: await this.approvals.ledTeams(c.userId) };
    return { kind: 'institute', instituteId: c.instituteId };
  }

  /** The orders a role sees, per tab: pending (waiting for this role), handled (the caller acted on them), all. */
  async list(c: Caller, role: OrderListRole, tab: ListTab, f: ListFilter) {
    const { scope, filter } = await this.listScope(c, role, tab, f);
    const { rows, total } = await this.repo.page(scope, filter);
    return { records: await this.withSubs(rows), total, current: f.current, size: f.size };
  }

  /** A role's list as scope and filter: the role must be the caller's, the tab narrows the filter. */
  private async listScope(c: Caller, role: OrderListRole, tab: ListTab, f: ListFilter) {
    const scope = await this.scopeOf(c, role);
    const filter: ListFilter = { ...f };
    if (role === 'card') filter.cardIds = await this.grantCards.heldBy(c.userId);
    if (tab === 'pending' && (role === 'card' || role === 'team' || role === 'institute' || role === 'checker')) filter.pendingFor = role;
    if (tab === 'handled' && role !== 'buyer' && role !== 'admin') filter.handledBy = c.userId;
    return { scope, filter };
  }

  /**
   * Everything a list shows, for an export that walks it all: how many orders (or the supplier's
   * sub-orders) match, and their sub-order ids page by page in the list's order, by keyset. The
   * scope is the list's own (the same refusal when the caller does not hold the role), decided
   * when this is called.
   */
  async listCursor(c: Caller, role: OrderListRole | 'supplier', tab: ListTab, f: ListFilter): Promise<ListCursor> {
    if (role === 'supplier') {
      const supplierId = c.supplierId;
      if (supplierId === null) return fail('FORBIDDEN');
      return {
        total: await this.repo.supplierCount(supplierId, f),
        subIdPages: (size) =>
          walk(
            (after) => this.repo.supplierKeysetPage(supplierId, f, after, size),
            async (rows) => rows.map((r) => r.id),
          ),
      };
    }
    const { scope, filter } = await this.listScope(c, role, tab, f);
    return {
      total: await this.repo.count(scope, filter),
      subIdPages: (size) =>
        walk(
          (after) => this.repo.keysetPage(scope, filter, after, size),
          async (rows) => {
            const at = new Map(rows.map((r, i) => [r.id, i]));
            const subs = await this.repo.subOrders(rows.map((r) => r.id));
            return subs.sort((a, b) => (at.get(a.order_id) ?? 0) - (at.get(b.order_id) ?? 0) || a.id - b.id).map((s) => s.id);
          },
        ),
    };
  }

  /** A page of orders as the lists show them: sub-orders, what was bought, by whom, for which team. */
  private async withSubs(rows: Order[]) {
    const ids = rows.map((r) => r.id);
    const [subs, parties, goods, budgets] = await Promise.all([
      this.repo.subOrders(ids),
      this.repo.listParties(ids),
      this.repo.listGoods(ids),
      this.grantCards.orderBudgets(rows),
    ]);
    const party = new Map(parties.map((p) => [p.id, p]));
    return rows.map((o) => ({
      ...orderVO(o),
      buyerName: party.get(o.id)?.buyer_name ?? party.get(o.id)?.buyer_user ?? null,
      teamName: party.get(o.id)?.team_name ?? null,
      firstItem: goods.get(o.id)?.firstItem ?? null,
      lineCount: goods.get(o.id)?.lineCount ?? 0,
      budget: budgets.get(o.id) ?? null,
      subOrders: subs
        .filter((s) => s.order_id === o.id)
        .map((s) => ({
          id: s.id,
          subNo: s.sub_no,
          supplierId: s.supplier_id,
          supplierName: s.supplier_name,
          status: s.status as SubStatus,
          statusText: SUB_STATUS[s.status as SubStatus],
          totalAmount: s.total_amount,
        })),
    }));
  }

  async supplierList(c: Caller, f: ListFilter) {
    if (c.supplierId === null) return fail('FORBIDDEN');
    const { rows, total, amount } = await this.repo.supplierPage(c.supplierId, f);
    const lines = await this.repo.lines(rows.map((r) => r.id));
    return {
      records: rows.map((s) => ({
        ...subOrderHead(s),
        // the supplier reaches the order's detail, log and delivery notes through it
        orderId: s.order_id,
        orderNo: s.order_no,
        flags: s.flags ? s.flags.split(',') : [],
        createdAt: s.created_at,
        receiver: { contact: s.recv_contact, phone: s.recv_phone, address: `${s.recv_province}${s.recv_city}${s.recv_district}${s.recv_detail}` },
        lines: lines.filter((l) => l.sub_order_id === s.id).map(lineVO),
      })),
      total,
      totalAmount: amount,
      current: f.current,
      size: f.size,
    };
  }

  /** Whether the caller may see this order, and which of its sub-orders. */
  private async visibility(c: Caller, o: Order): Promise<'all' | number | null> {
    if (c.accountType === 0) return 'all';
    if (c.accountType === 2) return c.supplierId;
    if (o.buyer_id === c.userId || o.placed_by_id === c.userId) return 'all';
    if (o.institute_id !== c.instituteId) return null;
    if (o.grant_card_id !== null && (await this.grantCards.holderOf(o.grant_card_id)) === c.userId) return 'all';
    return (await this.approvals.canActAtAny(c.userId, READERS, o)) ? 'all' : null;
  }

  async detail(c: Caller, id: number) {
    return (await this.detailAndParties(c, id)).detail;
  }

  /** The detail and the row naming its parties, whose phones printing shows and the detail does not. */
  async detailAndParties(c: Caller, id: number) {
    const o = await this.repo.order(id);
    const vis = o ? await this.visibility(c, o) : null;
    if (!o || vis === null) return fail('NOT_FOUND', '订单不存在');
    let subs = await this.repo.subOrders([id]);
    if (vis !== 'all') {
      subs = subs.filter((s) => s.supplier_id === vis && s.status !== 'waiting');
      if (subs.length === 0) return fail('NOT_FOUND', '订单不存在');
    }
    const [lines, deliveries, logs, parties, pay, budget, held] = await Promise.all([
      this.repo.lines(subs.map((s) => s.id)),
      this.repo.deliveries(subs.map((s) => s.id)),
      this.repo.logs(id),
      this.repo.parties(id),
      this.payStatus(subs.map((s) => s.id)),
      // 本单占用 and 可用余额 for the institute's side (a supplier never sees the buyer's card)
      vis === 'all' && c.accountType !== 2 ? this.grantCards.orderBudget(o) : Promise.resolve(null),
      this.repo.onHold(subs.map((s) => s.id)),
    ]);
    const shipped = await this.repo.deliveryLines(deliveries.map((d) => d.id));
    const steps = o.approval_steps.split(',').filter(Boolean) as ApprovalStep[];
    const detail = {
      ...orderVO(o),
      buyerName: parties?.buyer_name ?? parties?.buyer_user ?? null,
      /** set when an assistant placed the order for the buyer (代下单) */
      placedByName: o.placed_by_id !== o.buyer_id ? (parties?.placer_name ?? parties?.placer_user ?? null) : null,
      instituteName: parties?.institute_name ?? null,
      deptName: parties?.dept_name ?? null,
      teamName: parties?.team_name ?? null,
      approvalSteps: steps.map((s) => ({ step: s, name: APPROVAL_STEP_TEXT[s] })),
      receiver: {
        contact: o.recv_contact,
        phone: o.recv_phone,
        province: o.recv_province,
        city: o.recv_city,
        district: o.recv_district,
        detail: o.recv_detail,
      },
      subOrders: subs.map((s) => ({
        ...subOrderHead(s),
        supplierId: s.supplier_id,
        supplierName: s.supplier_name,
        reason: s.reason,
        hazardFee: s.hazard_fee,
        deliveryRegion: s.delivery_region,
        payStatus: pay.get(s.id) ?? 'unpaid',
        complaintHold: held.has(s.id),
        refundedAmount: Number(s.refunded_amount ?? 0),
        lines: lines.filter((l) => l.sub_order_id === s.id).map(lineVO),
        deliveries: deliveries
          .filter((d) => d.sub_order_id === s.id)
          .map((d) => ({
            id: d.id,
            channel: d.channel,
            trackingNo: d.tracking_no,
            trackingLink: trackingLink(d.tracking_url, d.channel_code, d.tracking_no),
            createdAt: d.created_at,
            lines: shipped.filter((x) => x.delivery_id === d.id).map((x) => ({ lineId: x.order_line_id, quantity: x.quantity })),
          })),
      })),
      budget,
      logs: logs
        .filter((l) => vis === 'all' || l.sub_order_id === null || subs.some((s) => s.id === l.sub_order_id))
        .map((l) => ({
          id: l.id,
          subOrderId: l.sub_order_id,
          actor: l.actor,
          actorName: l.actor_name,
          action: l.action,
          fromStatus: l.from_status,
          toStatus: l.to_status,
          reason: l.reason,
          createdAt: l.created_at,
        })),
    };
    return { detail, parties };
  }

  async logsOf(c: Caller, orderId: number) {
    return (await this.detail(c, orderId)).logs;
  }
}

/** What every view of a sub-order starts with: number, state, amounts, the buyer's remark. */
function subOrderHead(s: {
  id: number;
  sub_no: string;
  status: string;
  goods_amount: number;
  delivery_fee: number;
  total_amount: number;
  remark: string | null;
}) {
  return {
    id: s.id,
    subNo: s.sub_no,
    status: s.status as SubStatus,
    statusText: SUB_STATUS[s.status as SubStatus],
    goodsAmount: s.goods_amount,
    deliveryFee: s.delivery_fee,
    totalAmount: s.total_amount,
    remark: s.remark,
  };
}

function orderVO(o: Order) {
  return {
    id: o.id,
    orderNo: o.order_no,
    buyerId: o.buyer_id,
    placedById: o.placed_by_id,
    instituteId: o.institute_id,
    deptId: o.dept_id,
    teamId: o.team_id,
    status: o.status as OrderStatus,
    statusText: ORDER_STATUS[o.status as OrderStatus] ?? o.status,
    goodsAmount: o.goods_amount,
    deliveryFee: o.delivery_fee,
    totalAmount: o.total_amount,
    hasHazard: o.has_hazard === 1,
    closeReason: o.close_reason,
    createdAt: o.created_at,
  };
}

function lineVO(l: Selectable<OrderLineTable>) {
  return {
    id: l.id,
    itemId: l.item_id,
    name: l.name,
    spec: l.spec,
    brand: l.brand,
    cas: l.cas,
    catalogNo: l.catalog_no,
    grade: l.grade,
    unit: l.unit,
    unitPrice: l.unit_price,
    listPrice: l.list_price === null ? null : Number(l.list_price),
    priceNote: l.price_note,
    quantity: l.quantity,
    deliveredQty: l.delivered_qty,
    amount: l.amount,
    hazards: l.hazard ? l.hazard.split(',') : [],
  };
}
