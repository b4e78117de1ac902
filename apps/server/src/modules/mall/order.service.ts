import { randomInt } from 'node:crypto';
import { hazardLabels } from '@kc/contracts/hazard';
import type { Selectable, Transaction } from 'kysely';
import { writeAudit } from '../../platform/audit/audit.ts';
import type { Caller } from '../../platform/auth/access.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB, PurchaseOrderTable } from '../../platform/db/schema.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { holdsRoleCode } from '../rbac/role-holders.ts';
import { AddressRepository, addressVO } from './address.repository.ts';
import type { BuyTipRepository } from './buy-tip.repository.ts';
import { CartRepository } from './cart.repository.ts';
import { OrderRepository } from './order.repository.ts';
import { computeDraft, type DeliveryRule, type DraftLineInput } from './order-draft.ts';
import { purchasableItems } from './purchasable.repository.ts';

type Who = { caller: Caller; ip: string };

/** What the order lifecycle module decides and does around placement (approval chain, first log row, first notices). */
export interface PlacementHooks {
  /** Loaded before the placing transaction (on SQLite a read outside it would wait for it to end). */
  planner(
    instituteId: number | null,
  ): Promise<(total: number, hasHazard: boolean, hasTeam: boolean) => { steps: string[]; status: string; subStatus: string; checkerRequired: boolean }>;
  logPlaced(trx: Transaction<DB>, orderId: number, actorId: number, status: 'pending_team' | 'pending_institute' | 'approved'): Promise<void>;
  /** Inside the placing transaction: the first actor's message and SMS commit with the order. */
  notifyPlaced(trx: Transaction<DB>, order: Selectable<PurchaseOrderTable>, aclVersion: string | null): Promise<void>;
}

export interface CreateOrderInput {
  cartIds?: number[];
  direct?: { itemId: number; quantity: number };
  addressId: number;
  remarks: Record<string, string>;
  hazardConfirmed: boolean;
  idempotencyKey: string;
  /** 代下单: the buyer an assistant orders for */
  buyerId?: number;
}

/** Order numbers: PO + date in Asia/Shanghai + 10 random digits (unique index is the last word). */
function orderNo(now: Date) {
  const d = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `PO${d}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/**
 * Confirmation and placement of orders. One order per submission with one sub-order per supplier,
 * in one transaction: prices and totals from the database, stock by conditional update,
 * institute/department/team copied from the buyer, a submission key making retries harmless.
 */
export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly carts: CartRepository,
    private readonly addresses: AddressRepository,
    private readonly tips: BuyTipRepository,
    private readonly hooks: PlacementHooks,
  ) {}

  private async cartLines(caller: Caller, cartIds: number[], repo = this.carts): Promise<DraftLineInput[]> {
    const rows = await repo.lines(caller.userId, cartIds);
    // a foreign or stale cart id is simply not the caller's: refuse rather than ignore it
    if (rows.length !== new Set(cartIds).size) fail('NOT_FOUND', '购物车中没有所选商品，请刷新购物车');
    return rows.map((r) => ({ itemId: r.item_id, quantity: r.quantity, cartId: r.id }));
  }

  private async draft(lines: DraftLineInput[], province: string | null, db = this.orders.raw) {
    const items = new Map(
      (
        await purchasableItems(
          db,
          lines.map((l) => l.itemId),
        )
      ).map((i) => [i.id, i]),
    );
    const supplierIds = [...new Set([...items.values()].map((i) => i.supplier_id))];
    const rules = new Map<number, DeliveryRule>((await new OrderRepository(db).deliveryRules(supplierIds)).map((r) => [r.supplier_id, r]));
    return { items, ...computeDraft(lines, items, rules, province) };
  }

  private async address(caller: Caller, addressId: number | undefined) {
    if (addressId === undefined) return (await this.addresses.findDefault(caller.userId)) ?? null;
    const a = await this.addresses.find(caller.userId, addressId);
    if (!a) return fail('NOT_FOUND', '收货地址不存在');
    return a;
  }

  private async confirmation(caller: Caller, lines: DraftLineInput[], addressId: number | undefined) {
    const addr = await this.address(caller, addressId);
    const d = await this.draft(lines, addr?.province ?? null);
    const buyTips = (await this.tips.all(true)).map((t) => ({ id: t.id, title: t.title, content: t.content }));
    return {
      groups: d.groups,
      goodsAmount: d.goodsAmount,
      deliveryFee: d.deliveryFee,
      totalAmount: d.totalAmount,
      hasHazard: d.hasHazard,
      canSubmit: d.canSubmit && addr !== null,
      buyTips,
      address: addr ? addressVO(addr) : null,
    };
  }

  /** 购物车结算 */
  async cartConfirm(caller: Caller, cartIds: number[], addressId?: number) {
    return this.confirmation(caller, await this.cartLines(caller, cartIds), addressId);
  }

  /** 立即购买 */
  async detailConfirm(caller: Caller, itemId: number, quantity: number, addressId?: number) {
    return this.confirmation(caller, [{ itemId, quantity, cartId: null }], addressId);
  }

  async validateSupplyArea(caller: Caller, addressId: number, cartIds?: number[], items?: { itemId: number; quantity: number }[]) {
    const addr = await this.address(caller, addressId);
    const lines = cartIds?.length ? await this.cartLines(caller, cartIds) : (items ?? []).map((i) => ({ ...i, cartId: null }));
    const d = await this.draft(lines, addr?.province ?? null);
    const violations = d.groups.flatMap((g) =>
      g.lines.filter((l) => l.outOfArea).map((l) => ({ itemId: l.itemId, name: l.name, supplierName: g.supplierName })),
    );
    return { ok: violations.length === 0, violations };
  }

  /** The buyers of the caller's team an assistant may order for; empty for everyone else. */
  async agentBuyers(c: Caller) {
    if (c.teamId === null || c.instituteId === null || !(await holdsRoleCode(this.orders.raw, c.userId, 'assistant'))) return [];
    const rows = await this.orders.teamBuyers(c.teamId, c.instituteId);
    return rows.filter((u) => u.id !== c.userId).map((u) => ({ id: u.id, realName: u.real_name, userName: u.user_name }));
  }

  /** Whose order this is: the caller's own, or (an assistant's 代下单) a buyer of the caller's team. */
  private async buyerOf(c: Caller, buyerId: number | undefined): Promise<number> {
    if (buyerId === undefined || buyerId === c.userId) return c.userId;
    if (!(await this.agentBuyers(c)).some((u) => u.id === buyerId)) fail('BAD_REQUEST', '只能由助理为本课题组的采购人代下单');
    return buyerId;
  }

  async create(w: Who, b: CreateOrderInput) {
    const c = w.caller;
    if (c.instituteId === null || c.deptId === null) fail('BAD_REQUEST', '请先选择当前单位后再下单');
    const buyerId = await this.buyerOf(c, b.buyerId);
    const existing = await this.orders.findByKey(c.userId, b.idempotencyKey);
    if (existing) return this.answer(existing.id, existing.order_no, existing.total_amount, true);

    const plan = await this.hooks.planner(c.instituteId);
    const placed = await this.orders.inTransaction(async (r, trx) => {
      const addresses = new AddressRepository(trx);
      const addr = await addresses.find(c.userId, b.addressId);
      if (!addr) return fail('NOT_FOUND', '收货地址不存在');
      const lines = b.direct ? [{ ...b.direct, cartId: null }] : await this.cartLines(c, b.cartIds ?? [], new CartRepository(trx));
      const d = await this.draft(lines, addr.province, trx);
      for (const g of d.groups) {
        for (const l of g.lines) {
          if (l.problem) fail('BAD_REQUEST', `${l.name}：${l.problem}`);
          if (l.outOfArea) fail('BAD_REQUEST', `${l.name} 不在 ${g.supplierName} 的供货区域（${addr.province}）内`);
        }
      }
      if (!d.canSubmit) fail('BAD_REQUEST', '订单中有商品无法购买，请返回购物车检查');
      if (d.hasHazard && !b.hazardConfirmed) fail('BAD_REQUEST', '订单含危险化学品等管制商品，请先阅读并确认合规告知');

      const chain = plan(d.totalAmount, d.hasHazard, c.teamId !== null);
      const now = new Date();
      const at = now.toISOString();
      const no = orderNo(now);
      const row = {
        order_no: no,
        buyer_id: buyerId,
        placed_by_id: c.userId,
        institute_id: c.instituteId,
        dept_id: c.deptId,
        team_id: c.teamId,
        recv_province: addr.province,
        recv_city: addr.city,
        recv_district: addr.district,
        recv_detail: addr.detail,
        recv_contact: addr.contact,
        recv_phone: addr.phone,
        goods_amount: d.goodsAmount,
        delivery_fee: d.deliveryFee,
        total_amount: d.totalAmount,
        has_hazard: d.hasHazard ? 1 : 0,
        status: chain.status,
        idempotency_key: b.idempotencyKey,
        approval_steps: chain.steps.join(','),
        checker_required: chain.checkerRequired ? 1 : 0,
        close_reason: null,
        created_at: at,
        updated_at: at,
      };
      const ins = await r.insertOrder(row);
      if (!ins) {
        // a concurrent submission with the same key committed first: answer with its order
        const first = await r.findByKey(c.userId, b.idempotencyKey);
        if (!first) throw new AppError('STATE_CONFLICT');
        return { id: first.id, no: first.order_no, total: first.total_amount, repeated: true, subs: null };
      }
      const subs: { id: number; subNo: string; supplierId: number; supplierName: string; totalAmount: number }[] = [];
      for (const g of d.groups) {
        const subNo = `${no}-${subs.length + 1}`;
        const sub = await r.insertSubOrder({
          order_id: ins.id,
          sub_no: subNo,
          supplier_id: g.supplierId,
          goods_amount: g.goodsAmount,
          delivery_fee: g.deliveryFee,
          total_amount: g.totalAmount,
          remark: b.remarks[String(g.supplierId)] ?? null,
          status: chain.subStatus,
          flags: '',
          reason: null,
          created_at: at,
          updated_at: at,
        });
        subs.push({ id: sub.id, subNo, supplierId: g.supplierId, supplierName: g.supplierName, totalAmount: g.totalAmount });
        await r.insertLines(
          g.lines.map((l) => {
            const it = d.items.get(l.itemId)!;
            return {
              order_id: ins.id,
              sub_order_id: sub.id,
              item_id: l.itemId,
              name: it.name,
              spec: it.spec,
              brand: it.brand_name,
              cas: it.cas,
              catalog_no: it.catalog_no,
              grade: it.grade,
              unit: it.unit,
              unit_price: it.price,
              quantity: l.quantity,
              amount: l.amount,
              hazard: hazardLabels(it).join(','),
              delivered_qty: 0,
            };
          }),
        );
      }
      await r.deleteCartLines(
        c.userId,
        lines.map((l) => l.cartId).filter((x): x is number => x !== null),
      );
      await this.hooks.logPlaced(trx, ins.id, c.userId, chain.status as 'approved');
      await writeAudit(trx, {
        userId: c.userId,
        action: 'order.create',
        target: `order:${ins.id}`,
        detail: { orderNo: no, total: d.totalAmount, ...(buyerId !== c.userId ? { onBehalfOf: buyerId } : {}) },
        ip: w.ip,
      });
      await this.hooks.notifyPlaced(trx, { ...row, id: ins.id }, c.aclVersion);
      // Stock last: the item rows are what concurrent orders contend for (on PostgreSQL a row lock
      // held to COMMIT), so they are locked as late as possible. Ascending item ids: concurrent
      // orders lock them in one order and cannot deadlock. Not enough left: the whole order rolls back.
      for (const l of [...lines].sort((x, y) => x.itemId - y.itemId)) {
        if (!(await r.takeStock(l.itemId, l.quantity))) fail('BAD_REQUEST', `${d.items.get(l.itemId)?.name ?? '商品'}：库存不足，请减少数量`);
      }
      return { id: ins.id, no, total: d.totalAmount, repeated: false, subs };
    });
    if (placed.subs) return { orderId: placed.id, orderNo: placed.no, totalAmount: placed.total, subOrders: placed.subs, repeated: false };
    return this.answer(placed.id, placed.no, placed.total, placed.repeated);
  }

  private async answer(orderId: number, no: string, total: number, repeated: boolean) {
    const subs = await this.orders.subOrders(orderId);
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
