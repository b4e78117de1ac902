import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { AddressRepository } from './address.repository.ts';
import { type Buyer, purchasableItems } from './purchasable.repository.ts';

/** SQL for a buyer's cart; every query is bound to the owner's user id. */
export class CartRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: CartRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CartRepository(trx), trx));
  }

  /** The province of the address checkout starts with (address.repository's findDefault), or null without one. */
  async defaultProvince(userId: number): Promise<string | null> {
    return (await new AddressRepository(this.db).findDefault(userId))?.province ?? null;
  }

  /** The items of these ids as the mall sells them (price, stock, availability). */
  items(ids: number[], buyer: Buyer) {
    return purchasableItems(this.db, ids, buyer);
  }

  lines(userId: number, ids?: number[]) {
    let q = this.db.selectFrom('cart_item').select(['id', 'item_id', 'quantity', 'price_at_add', 'created_at']).where('user_id', '=', userId);
    if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
    return q.orderBy('id', 'desc').execute();
  }

  findByItem(userId: number, itemId: number) {
    return this.db.selectFrom('cart_item').select(['id', 'quantity']).where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst();
  }

  async count(userId: number) {
    const r = await this.db
      .selectFrom('cart_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  insert(userId: number, itemId: number, quantity: number, price: number) {
    const now = nowIso();
    return this.db
      .insertInto('cart_item')
      .values({ user_id: userId, item_id: itemId, quantity, price_at_add: price, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  setQuantity(userId: number, id: number, quantity: number) {
    return this.db.updateTable('cart_item').set({ quantity, updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  delete(userId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve({ numDeletedRows: 0n });
    return this.db.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  }
}
