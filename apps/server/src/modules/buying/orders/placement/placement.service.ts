import type { CreateOrderInput } from '@kc/contracts/buying/mall';
import { APPROVAL_STEP_TEXT } from '@kc/contracts/buying/orders-status';
import type { Transaction } from 'kysely';
import type { Caller } from '../../../../platform/auth/access.ts';
import type { Who } from '../../../../platform/auth/who.ts';
import { nowIso } from '../../../../platform/db/database.ts';
import type { DB } from '../../../../platform/db/schema.ts';
import { AppError, fail } from '../../../../platform/http/errors.ts';
import type { GrantCardsService, GroupForLine, LineMapping } from '../../../ledgers/budget/index.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { ItemStockLedger } from '../../../supply/catalog/index.ts';
import type { PurchaseEligibility } from '../../eligibility/index.ts';
import type { CheckoutService } from '../../mall/index.ts';
import type { OrderNotices } from '../order-notices.ts';
import type { AwardedOrderInput } from './awarded-order.ts';
import { computeDraft, type DeliveryRule, type DraftLineInput } from './order-draft.ts';
import { insertOrder } from './order-insertion.ts';
import { PlacementRepository } from './placement.repository.ts';
import { assertPlaceable } from './placement-checks.ts';
import { subOrdersToInsert } from './sub-orders-to-insert.ts';

/** The approval planner of the caller's institute and team (loaded before the placing transaction). */
type Planner = Awaited<ReturnType<ApprovalsService['planner']>>;

/**
 * Confirmation and placement of orders. One order per submission with one sub-order per supplier,
 * in one transaction: prices and totals from the database, stock by conditional update,
 * institute/department/team copied from the buyer, a submission key making retries harmless.
 */
export { orderNo } from './order-no.ts';

export class PlacementService {
  constructor(
    private readonly repo: PlacementRepository,
    private readonly checkout: CheckoutService,
    private readonly approvals: ApprovalsService,
    private readonly notices: OrderNotices,
    private readonly grantCards: GrantCardsService,
    private readonly eligibility: PurchaseEligibility,
    /** the catalog's stock counters and an awarded bid's placeholder items (catalog owns `item`) */
    private readonly stock: ItemStockLedger,
  ) {}

  /** Prices, delivery fees, supply areas and availability from the database (`trx` inside the placing transaction). */
  private async draft(lines: DraftLineInput[], where: { province: string | null; city: string | null }, buyer: Caller, trx?: Transaction<DB>) {
    const items = new Map(
      (
        await this.checkout.items(
          lines.map((l) => l.itemId),
          buyer,
          trx,
        )
      ).map((i) => [i.id, i]),
    );
    const supplierIds = [...new Set([...items.values()].map((i) => i.supplier_id))];
    const repo = trx ? new PlacementRepository(trx) : this.repo;
    const rules = new Map<number, DeliveryRule[]>();
    for (const r of await repo.deliveryRules(supplierIds)) rules.set(r.supplier_id, [...(rules.get(r.supplier_id) ?? []), r]);
    // the purchase gates, once for all lines of the order (modules/buying/eligibility)
    const gates = trx ? this.eligibility.within(trx) : this.eligibility;
    const { refusals, clearance } = await gates.clearItems({ instituteId: buyer.instituteId, province: where.province }, [...items.values()]);
    return { items, clearance, ...computeDraft(lines, items, rules, where.province, where.city, refusals) };
  }

  private async confirmation(caller: Caller, lines: DraftLineInput[], addressId: number | undefined) {
    const addr = await this.checkout.address(caller, addressId);
    const d = await this.draft(lines, { province: addr?.province ?? null, city: addr?.city ?? null }, caller);
    const [buyTips, plan] = await Promise.all([
      this.checkout.activeTips(),
      this.approvals.planner({ institute_id: caller.instituteId, team_id: caller.teamId }, caller.aclVersion),
    ]);
    // the same planner placement uses, with the caller as buyer (an assistant's 代下单 is judged again at submission)
    const chain = plan({ total: d.totalAmount, hasHazard: d.hasHazard, parties: { placedBy: caller.userId, placedFor: caller.userId } });
    // the budget line each sub-order charges by default (the page preselects it on a card with lines)
    const lineNames = await this.grantCards.suggestLines(caller.instituteId, d.groups.map(forLine));
    return {
      approval: chain.reasons.map((r) => ({ step: r.step, name: APPROVAL_STEP_TEXT[r.step], why: r.why })),
      groups: d.groups.map((g) => ({ ...g, budgetLine: lineNames.get(g.supplierId) ?? null })),
      goodsAmount: d.goodsAmount,
      deliveryFee: d.deliveryFee,
      totalAmount: d.totalAmount,
      hasHazard: d.hasHazard,
      canSubmit: d.canSubmit && addr !== null,
      buyTips,
      address: addr ? this.checkout.addressVO(addr) : null,
    };
  }

  /** 购物车结算 */
  async cartConfirm(caller: Caller, cartIds: number[], addressId?: number) {
    return this.confirmation(caller, await this.checkout.cartLines(caller, cartIds), addressId);
  }

  /** 立即购买 */
  async detailConfirm(caller: Caller, itemId: number, quantity: number, addressId?: number) {
    return this.confirmation(caller, [{ itemId, quantity, cartId: null }], addressId);
  }

  async validateSupplyArea(caller: Caller, addressId: number, cartIds?: number[], items?: { itemId: number; quantity: number }[]) {
    const addr = await this.checkout.address(caller, addressId);
    const lines = cartIds?.length ? await this.checkout.cartLines(caller, cartIds) : (items ?? []).map((i) => ({ ...i, cartId: null }));
    const d = await this.draft(lines, { province: addr?.province ?? null, city: addr?.city ?? null }, caller);
    const violations = d.groups.flatMap((g) =>
      g.lines.filter((l) => l.outOfArea).map((l) => ({ itemId: l.itemId, name: l.name, supplierName: g.supplierName })),
    );
    return { ok: violations.length === 0, violations };
  }

  /** The buyers of the caller's team an assistant may order for; empty for everyone else. */
  async agentBuyers(c: Caller) {
    if (c.teamId === null || c.instituteId === null || !(await this.repo.holdsRole(c.userId, 'assistant'))) return [];
    const rows = await this.repo.teamBuyers(c.teamId, c.instituteId);
    return rows.filter((u) => u.id !== c.userId).map((u) => ({ id: u.id, realName: u.real_name, userName: u.user_name }));
  }

  /** Whose order this is: the caller's own, or (an assistant's 代下单) a buyer of the caller's team. */
  private async buyerOf(c: Caller, buyerId: number | undefined): Promise<number> {
    if (buyerId === undefined || buyerId === c.userId) return c.userId;
    if (!(await this.agentBuyers(c)).some((u) => u.id === buyerId)) fail('BAD_REQUEST', '只能由助理为本课题组的采购人代下单');
    return buyerId;
  }

  /** 提交订单: a cart or 立即购买 submission placed as one order; a repeated submission key answers with the first order. */
  async create(w: Who, b: CreateOrderInput) {
    const c = w.caller;
    if (c.instituteId === null || c.deptId === null) fail('BAD_REQUEST', '请先选择当前单位后再下单');
    const buyerId = await this.buyerOf(c, b.buyerId);
    const existing = await this.repo.findByKey(c.userId, b.idempotencyKey);
    if (existing) return this.answer(existing.id, existing.order_no, existing.total_amount, true);

    // loaded before the placing transaction (see ApprovalsService.planner)
    const plan = await this.approvals.planner({ institute_id: c.instituteId, team_id: c.teamId }, c.aclVersion);
    const lineMapping = await this.grantCards.lineMapping(c.instituteId);
    const placed = await this.repo.inTransaction((r, trx) => this.place(r, trx, w, b, { buyerId, plan, lineMapping }));
    if (placed.subs) return { orderId: placed.id, orderNo: placed.no, totalAmount: placed.total, subOrders: placed.subs, repeated: false };
    return this.answer(placed.id, placed.no, placed.total, placed.repeated);
  }

  /**
   * The placing transaction of `create`: the draft recomputed from the database and checked, the
   * grant card and budget lines, the approval chain, the one insertion, then the cart and the stock.
   */
  private async place(
    r: PlacementRepository,
    trx: Transaction<DB>,
    w: Who,
    b: CreateOrderInput,
    { buyerId, plan, lineMapping }: { buyerId: number; plan: Planner; lineMapping: LineMapping },
  ) {
    const c = w.caller;
    const addr = await this.checkout.address(c, b.addressId, trx);
    if (!addr) return fail('NOT_FOUND', '收货地址不存在');
    const lines = b.direct ? [{ ...b.direct, cartId: null }] : await this.checkout.cartLines(c, b.cartIds ?? [], trx);
    const d = await this.draft(lines, { province: addr.province, city: addr.city }, c, trx);
    assertPlaceable(d, addr.province, b.hazardConfirmed);

    // the grant card charged: named and checked (institute, validity), or the buyer's default
    // (a card the buyer is no member of: 他人代付, its PI approves first)
    const charged = await this.grantCards.cardForOrder(trx, { buyerId, instituteId: c.instituteId as number, requested: b.grantCardId });
    const card = charged?.card ?? null;
    // the budget line of the card each sub-order charges (named by the buyer, else by its goods' category)
    const lineOf = await this.grantCards.linesForOrder(trx, card, d.groups.map(forLine), b.budgetLines, lineMapping);
    const chain = plan({
      total: d.totalAmount,
      hasHazard: d.hasHazard,
      parties: { placedBy: c.userId, placedFor: buyerId },
      chargesOthersCard: charged?.othersCard ?? false,
    });
    const clearance = d.clearance ?? fail('BAD_REQUEST', '订单中有商品无法购买，请返回购物车检查');
    const inserted = await insertOrder(
      trx,
      { grantCards: this.grantCards, notices: this.notices },
      {
        clearance,
        key: b.idempotencyKey,
        actor: { userId: c.userId, aclVersion: c.aclVersion, ip: w.ip },
        buyerId,
        institute: { instituteId: c.instituteId as number, deptId: c.deptId as number, teamId: c.teamId },
        address: addr,
        chain,
        card,
        cardHolder: card?.pi_id,
        hasHazard: d.hasHazard,
        goodsAmount: d.goodsAmount,
        deliveryFee: d.deliveryFee,
        totalAmount: d.totalAmount,
        subs: subOrdersToInsert(d.groups, d.items, lineOf, b.remarks),
        logReason: null,
        auditDetail: buyerId !== c.userId ? { onBehalfOf: buyerId } : {},
      },
    );
    if (!inserted) {
      // a concurrent submission with the same key committed first: answer with its order
      const first = await r.findByKey(c.userId, b.idempotencyKey);
      if (!first) throw new AppError('STATE_CONFLICT');
      return { id: first.id, no: first.order_no, total: first.total_amount, repeated: true, subs: null };
    }
    await this.checkout.removeCartLines(
      trx,
      c.userId,
      lines.map((l) => l.cartId).filter((x): x is number => x !== null),
    );
    await this.takeStock(trx, lines, d.items);
    return { id: inserted.id, no: inserted.no, total: d.totalAmount, repeated: false, subs: inserted.subs };
  }

  /**
   * Stock last: the item rows are what concurrent orders contend for (on PostgreSQL a row lock
   * held to COMMIT), so they are locked as late as possible. Ascending item ids: concurrent
   * orders lock them in one order and cannot deadlock. Not enough left: the whole order rolls back.
   */
  private async takeStock(trx: Transaction<DB>, lines: DraftLineInput[], items: ReadonlyMap<number, { name: string }>) {
    const stock = this.stock.within(trx);
    for (const l of [...lines].sort((x, y) => x.itemId - y.itemId)) {
      if (!(await stock.take(l.itemId, l.quantity))) fail('BAD_REQUEST', `${items.get(l.itemId)?.name ?? '商品'}：库存不足，请减少数量`);
    }
  }

  /**
   * An awarded bid as an order, inside the bids module's transaction (`trx`): the buyer is the
   * caller (the project's buyer), the price is the awarded bid's, one sub-order for the winning
   * supplier, no delivery fee, no stock; the approval chain, grant card, log, audit and notices are
   * those of any order. Lines become placeholder items (awarded-order.ts). The project number and
   * round are the submission key: awarding twice cannot place two orders.
   */
  /** The approval planner for an awarded order: loaded before the awarding transaction (see ApprovalsService.planner). */
  async awardPlanner(c: Caller, institute: AwardedOrderInput['institute']) {
    const [chain, lines] = await Promise.all([
      this.approvals.planner({ institute_id: institute.instituteId, team_id: institute.teamId }, c.aclVersion),
      this.grantCards.lineMapping(institute.instituteId),
    ]);
    return { chain, lines };
  }

  async placeAwarded(trx: Transaction<DB>, w: Who, a: AwardedOrderInput, plan: Awaited<ReturnType<PlacementService['awardPlanner']>>) {
    const c = w.caller;
    const key = `bid:${a.projectNo}:${a.round}`;
    const r = new PlacementRepository(trx);
    const existing = await r.findByKey(c.userId, key);
    if (existing) return { orderId: existing.id, orderNo: existing.order_no, totalAmount: Number(existing.total_amount) };
    const total = a.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
    const charged = await this.grantCards.cardForOrder(trx, { buyerId: c.userId, instituteId: a.institute.instituteId, requested: a.grantCardId });
    const card = charged?.card ?? null;
    // the awarded lines are no catalogue goods: the line named at the award, else the default mapping's
    const group = { supplierId: a.supplierId, supplierName: '中标供应商', lines: [] };
    const requested = a.budgetLineId !== undefined ? { [String(a.supplierId)]: a.budgetLineId } : {};
    const lineOf = await this.grantCards.linesForOrder(trx, card, [group], requested, plan.lines);
    const chain = plan.chain({
      total,
      hasHazard: false,
      parties: { placedBy: c.userId, placedFor: c.userId },
      chargesOthersCard: charged?.othersCard ?? false,
    });
    // the awarded supplier must still be able to sell to the institute (the same gates as every order)
    const clearance = await this.eligibility.within(trx).clearSupplier({ instituteId: a.institute.instituteId }, a.supplierId);
    if (!clearance) return fail('BAD_REQUEST', '中标供应商与本单位的供货合同未生效或已到期，不能生成订单');
    const at = new Date().toISOString();
    const items = await this.stock.within(trx).placeholders({ supplierId: a.supplierId, projectNo: a.projectNo, round: a.round, lines: a.lines }, at);
    const placed = await insertOrder(
      trx,
      { grantCards: this.grantCards, notices: this.notices },
      {
        clearance,
        key,
        actor: { userId: c.userId, aclVersion: c.aclVersion, ip: w.ip },
        buyerId: c.userId,
        institute: a.institute,
        address: a.address,
        chain,
        card,
        cardHolder: card?.pi_id,
        hasHazard: false,
        goodsAmount: total,
        deliveryFee: 0,
        totalAmount: total,
        subs: [
          {
            supplierId: a.supplierId,
            supplierName: group.supplierName,
            goodsAmount: total,
            deliveryFee: 0,
            hazardFee: 0,
            feeRegion: '',
            totalAmount: total,
            budgetLineId: lineOf?.get(a.supplierId) ?? null,
            remark: a.remark,
            lines: a.lines.map((l) => ({
              item_id: items.get(l.lineNo) as number,
              name: l.name,
              spec: l.spec,
              brand: null,
              cas: l.cas,
              catalog_no: `${a.projectNo}-${l.lineNo}`,
              grade: null,
              unit: l.unit,
              unit_price: l.unitPrice,
              list_price: null,
              price_note: '招标价',
              quantity: l.quantity,
              amount: l.unitPrice * l.quantity,
              hazard: '',
              delivered_qty: 0,
            })),
          },
        ],
        logReason: `招标项目 ${a.projectNo} 定标`,
        auditDetail: { bid: a.projectNo },
      },
    );
    if (!placed) throw new AppError('STATE_CONFLICT');
    return { orderId: placed.id, orderNo: placed.no, totalAmount: total };
  }

  private async answer(orderId: number, no: string, total: number, repeated: boolean) {
    const subs = await this.repo.subOrders(orderId);
    return {
      orderId,
      orderNo: no,
      totalAmount: total,
      subOrders: subs.map((s) => ({ id: s.id, subNo: s.sub_no, supplierId: s.supplier_id, supplierName: s.company_name, totalAmount: s.total_amount })),
      repeated,
    };
  }

  currentTime() {
    return { now: nowIso(), timestamp: Date.now() };
  }
}

/** A draft group as the budget module reads it to choose its budget line. */
const forLine = (g: { supplierId: number; supplierName: string; lines: { itemId: number; amount: number }[] }): GroupForLine => ({
  supplierId: g.supplierId,
  supplierName: g.supplierName,
  lines: g.lines.map((l) => ({ itemId: l.itemId, amount: l.amount })),
});
