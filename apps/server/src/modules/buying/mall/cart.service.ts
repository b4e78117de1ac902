import { hazardLabels } from '@kc/contracts/platform/hazard';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { firstProblem, type GateProblem, type PurchaseEligibility } from '../eligibility/index.ts';
import type { CartRepository } from './cart.repository.ts';
import { FavoriteRepository } from './favorite.repository.ts';
import { firstImage, type PurchasableItem } from './purchasable.repository.ts';

const MAX_CART_LINES = 200;

/** A buyer's cart: lines grouped by supplier, quantities bounded by stock, changes of price and shelf flagged. */
export class CartService {
  constructor(
    private readonly repo: CartRepository,
    private readonly eligibility: PurchaseEligibility,
  ) {}

  /** An item the caller may put in the cart: every purchase gate but the supply area (no address chosen yet). */
  private async item(itemId: number, caller: Caller): Promise<PurchasableItem> {
    const [it] = await this.repo.items([itemId], caller);
    if (!it) return fail('NOT_FOUND', '商品已下架或不存在');
    const problems = (await this.eligibility.problems({ instituteId: caller.instituteId }, [it])).get(it.id);
    if (problems?.[0]?.gate === 'availability') return fail('NOT_FOUND', '商品已下架或不存在');
    const why = firstProblem(problems);
    if (why) return fail('BAD_REQUEST', why);
    return it;
  }

  async add(w: Who, itemId: number, quantity: number) {
    const it = await this.item(itemId, w.caller);
    return this.repo.inTransaction(async (r, trx) => {
      const existing = await r.findByItem(w.caller.userId, itemId);
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > it.stock) fail('BAD_REQUEST', it.stock > 0 ? `库存不足，当前库存 ${it.stock}${it.unit}` : '该商品暂时缺货');
      if (existing) await r.setQuantity(w.caller.userId, existing.id, total);
      else {
        if ((await r.count(w.caller.userId)) >= MAX_CART_LINES) fail('LIMIT_REACHED', `购物车最多 ${MAX_CART_LINES} 种商品，请先结算或清理`);
        await r.insert(w.caller.userId, itemId, quantity, it.price);
      }
      await writeAudit(trx, { userId: w.caller.userId, action: 'cart.add', target: `item:${itemId}`, detail: { quantity }, ip: w.ip });
      return { count: await r.count(w.caller.userId) };
    });
  }

  async items(caller: Caller) {
    const [lines, province] = await Promise.all([this.repo.lines(caller.userId), this.repo.defaultProvince(caller.userId)]);
    const items = new Map((await this.repo.items([...new Set(lines.map((l) => l.item_id))], caller)).map((i) => [i.id, i]));
    // delivered to the default address's province: the supply area is told before checkout
    const problems = await this.eligibility.problems({ instituteId: caller.instituteId, province }, [...items.values()]);
    const groups = new Map<number, { supplierId: number; supplierName: string; lines: ReturnType<typeof toLine>[]; goodsAmount: number }>();
    for (const l of lines) {
      const it = items.get(l.item_id);
      if (!it) continue;
      const line = toLine(l, it, problems.get(it.id));
      let g = groups.get(it.supplier_id);
      if (!g) {
        g = { supplierId: it.supplier_id, supplierName: it.supplier_name, lines: [], goodsAmount: 0 };
        groups.set(it.supplier_id, g);
      }
      g.lines.push(line);
      if (line.available && !line.overStock && !line.outOfArea) g.goodsAmount += line.amount;
    }
    const list = [...groups.values()];
    return { groups: list, count: lines.length, goodsAmount: list.reduce((s, g) => s + g.goodsAmount, 0), deliverProvince: province };
  }

  async count(caller: Caller) {
    return { count: await this.repo.count(caller.userId) };
  }

  /** Sum of the chosen lines at current prices (all lines when none chosen). */
  async sumMoney(caller: Caller, ids: number[] | undefined) {
    const lines = await this.repo.lines(caller.userId, ids);
    const items = new Map(
      (
        await this.repo.items(
          lines.map((l) => l.item_id),
          caller,
        )
      ).map((i) => [i.id, i]),
    );
    const problems = await this.eligibility.problems({ instituteId: caller.instituteId }, [...items.values()]);
    let amount = 0;
    for (const l of lines) {
      const it = items.get(l.item_id);
      if (it && !problems.has(it.id)) amount += it.price * l.quantity;
    }
    return { amount, count: lines.length };
  }

  async modifyNum(w: Who, id: number, quantity: number) {
    const [line] = await this.repo.lines(w.caller.userId, [id]);
    if (!line) return fail('NOT_FOUND', '购物车中没有该商品');
    const it = await this.item(line.item_id, w.caller);
    if (quantity > it.stock) fail('BAD_REQUEST', it.stock > 0 ? `库存不足，当前库存 ${it.stock}${it.unit}` : '该商品暂时缺货');
    await this.repo.inTransaction(async (r, trx) => {
      await r.setQuantity(w.caller.userId, id, quantity);
      await writeAudit(trx, { userId: w.caller.userId, action: 'cart.modifyNum', target: `cart:${id}`, detail: { quantity }, ip: w.ip });
    });
    return this.sumMoney(w.caller, undefined);
  }

  async remove(w: Who, ids: number[]) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.delete(w.caller.userId, ids);
      if (!Number(res.numDeletedRows)) fail('NOT_FOUND', '购物车中没有这些商品');
      await writeAudit(trx, { userId: w.caller.userId, action: 'cart.delete', target: `cart:${ids.join(',')}`, ip: w.ip });
    });
    return this.count(w.caller);
  }

  /** Moves lines into favourites (加入收藏): the cart loses them, favourites keep them. */
  async moveToFavorites(w: Who, ids: number[]) {
    await this.repo.inTransaction(async (r, trx) => {
      const lines = await r.lines(w.caller.userId, ids);
      if (lines.length === 0) fail('NOT_FOUND', '购物车中没有这些商品');
      await new FavoriteRepository(trx).add(
        w.caller.userId,
        lines.map((l) => l.item_id),
      );
      await r.delete(
        w.caller.userId,
        lines.map((l) => l.id),
      );
      await writeAudit(trx, { userId: w.caller.userId, action: 'cart.toFavorites', target: `cart:${ids.join(',')}`, ip: w.ip });
    });
    return this.count(w.caller);
  }
}

function toLine(l: { id: number; item_id: number; quantity: number; price_at_add: number }, it: PurchasableItem, problems: GateProblem[] | undefined) {
  // the purchase gates: off the shelf, no contract in force with the buyer's institute, a
  // qualification the supplier lacks; the supply area is shown apart (another address may do)
  const available = firstProblem(problems, ['supplyArea']) === null;
  return {
    id: l.id,
    itemId: it.id,
    name: it.name,
    spec: it.spec,
    brand: it.brand_name,
    catalogNo: it.catalog_no,
    grade: it.grade,
    unit: it.unit,
    image: firstImage(it.images),
    price: it.price,
    priceAtAdd: l.price_at_add,
    priceChanged: it.price !== l.price_at_add,
    listPrice: it.list_price,
    priceNote: it.price_note,
    quantity: l.quantity,
    stock: it.stock,
    available,
    overStock: l.quantity > it.stock,
    // the same gate checkout applies, told before checkout
    outOfArea: problems?.some((p) => p.gate === 'supplyArea') ?? false,
    hazards: hazardLabels(it),
    amount: it.price * l.quantity,
    qualificationProblem: problems?.find((p) => p.gate === 'qualification')?.message ?? null,
  };
}
