import { looksLikeCas } from '@kc/contracts/platform/cas';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type Buyer, purchasableItems } from './purchasable.repository.ts';

/** SQL for a buyer's favourites (收藏夹); every query is bound to the owner's user id. */
export class FavoriteRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: FavoriteRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new FavoriteRepository(trx), trx));
  }

  /** The items of these ids as the mall sells them (price, stock, availability). */
  items(ids: number[], buyer: Buyer) {
    return purchasableItems(this.db, ids, buyer);
  }

  /**
   * One page of the owner's favourites, newest first. The keyword matches the item's name (Chinese
   * or English) or its CAS number: exactly when it looks like one, else as a part.
   */
  async page(userId: number, keyword: string | undefined, current: number, size: number) {
    let base = this.db.selectFrom('favorite').innerJoin('item', 'item.id', 'favorite.item_id').where('favorite.user_id', '=', userId);
    const k = keyword?.trim();
    if (k) {
      base = looksLikeCas(k)
        ? base.where('item.cas', '=', k)
        : base.where((eb) => eb.or([containsText('item.name', k), containsText('item.name_en', k), containsText('item.cas', k)]));
    }
    const [rows, count] = await Promise.all([
      base
        .select(['favorite.item_id', 'favorite.created_at'])
        .orderBy('favorite.created_at', 'desc')
        .orderBy('favorite.item_id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async has(userId: number, itemId: number) {
    const r = await this.db.selectFrom('favorite').select('item_id').where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst();
    return r !== undefined;
  }

  async count(userId: number) {
    const r = await this.db
      .selectFrom('favorite')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Adds items; ones already favourited stay as they are (with their first date). */
  async add(userId: number, itemIds: number[]) {
    if (itemIds.length === 0) return;
    const now = nowIso();
    await this.db
      .insertInto('favorite')
      .values(itemIds.map((item_id) => ({ user_id: userId, item_id, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
      .execute();
  }

  /** Removes the owner's favourites of these items; answers how many there were. */
  async remove(userId: number, itemIds: number[]) {
    if (itemIds.length === 0) return 0;
    const res = await this.db.deleteFrom('favorite').where('user_id', '=', userId).where('item_id', 'in', itemIds).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
