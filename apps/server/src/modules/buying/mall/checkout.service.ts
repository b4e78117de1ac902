import type { Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { AddressRepository, addressVO } from './address.repository.ts';
import type { BuyTipService } from './buy-tip.service.ts';
import { CartRepository } from './cart.repository.ts';
import type { Buyer } from './purchasable.repository.ts';

/**
 * What order placement (the orders module) needs of the mall: the buyer's cart lines and
 * addresses, the items as the mall sells them, and the active buy tips. Methods used inside the
 * placing transaction take it (SQLite has one connection: a read outside would wait for it).
 */
export class CheckoutService {
  constructor(
    private readonly carts: CartRepository,
    private readonly addresses: AddressRepository,
    private readonly tips: BuyTipService,
  ) {}

  /** The caller's chosen cart lines; a foreign or stale cart id is refused rather than ignored. */
  async cartLines(c: Caller, cartIds: number[], trx?: Transaction<DB>) {
    const rows = await (trx ? new CartRepository(trx) : this.carts).lines(c.userId, cartIds);
    if (rows.length !== new Set(cartIds).size) fail('NOT_FOUND', '购物车中没有所选商品，请刷新购物车');
    return rows.map((r) => ({ itemId: r.item_id, quantity: r.quantity, cartId: r.id as number | null }));
  }

  /** Cart lines that became an order. */
  removeCartLines(trx: Transaction<DB>, userId: number, ids: number[]) {
    return new CartRepository(trx).delete(userId, ids);
  }

  /** The caller's address by id (not theirs or deleted: not found), or their default when no id is given (null: none). */
  async address(c: Caller, addressId: number | undefined, trx?: Transaction<DB>) {
    const repo = trx ? new AddressRepository(trx) : this.addresses;
    if (addressId === undefined) return (await repo.findDefault(c.userId)) ?? null;
    const a = await repo.find(c.userId, addressId);
    if (!a) return fail('NOT_FOUND', '收货地址不存在');
    return a;
  }

  addressVO = addressVO;

  /** Items with current price, stock, supplier and availability. */
  items(ids: number[], buyer: Buyer, trx?: Transaction<DB>) {
    return (trx ? new CartRepository(trx) : this.carts).items(ids, buyer);
  }

  async activeTips() {
    return (await this.tips.all(true)).map((t) => ({ id: t.id, title: t.title, content: t.content }));
  }
}
