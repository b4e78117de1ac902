import { MAX_FAVORITES } from '@kc/contracts/buying/mall';
import { hazardLabels } from '@kc/contracts/platform/hazard';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { isAvailable } from '../eligibility/index.ts';
import type { FavoriteRepository } from './favorite.repository.ts';
import { firstImage, type PurchasableItem } from './purchasable.repository.ts';

/** What a favourite shows of its item: current price and stock, and whether it can still be bought. */
export function favoriteVO(it: PurchasableItem, favoritedAt: string) {
  return {
    itemId: it.id,
    name: it.name,
    cas: it.cas,
    spec: it.spec,
    brand: it.brand_name,
    catalogNo: it.catalog_no,
    grade: it.grade,
    unit: it.unit,
    image: firstImage(it.images),
    price: it.price,
    stock: it.stock,
    supplierId: it.supplier_id,
    supplierName: it.supplier_name,
    hazards: hazardLabels(it),
    state: it.deleted ? ('deleted' as const) : isAvailable(it) ? ('onShelf' as const) : ('offShelf' as const),
    favoritedAt,
  };
}

/**
 * A buyer's favourites (收藏夹). Items taken off the shelf or deleted stay in the list, flagged,
 * so the buyer sees what became of them; only an unknown or deleted item cannot be added.
 */
export class FavoriteService {
  constructor(private readonly repo: FavoriteRepository) {}

  async page(caller: Caller, q: { keyword?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.page(caller.userId, q.keyword, q.current, q.size);
    const items = new Map(
      (
        await this.repo.items(
          rows.map((r) => r.item_id),
          caller,
        )
      ).map((i) => [i.id, i]),
    );
    const records = rows.flatMap((r) => {
      const it = items.get(r.item_id);
      return it ? [favoriteVO(it, r.created_at)] : [];
    });
    return { records, total, current: q.current, size: q.size };
  }

  async status(caller: Caller, itemId: number) {
    return { favorited: await this.repo.has(caller.userId, itemId) };
  }

  async add(w: Who, itemId: number) {
    return this.repo.inTransaction(async (r, trx) => {
      const [it] = await r.items([itemId], w.caller);
      if (!it || it.deleted) return fail('NOT_FOUND', '商品不存在或已删除');
      if (await r.has(w.caller.userId, itemId)) return { favorited: true };
      if ((await r.count(w.caller.userId)) >= MAX_FAVORITES) fail('LIMIT_REACHED', `收藏夹最多 ${MAX_FAVORITES} 个商品，请先清理`);
      await r.add(w.caller.userId, [itemId]);
      await writeAudit(trx, { userId: w.caller.userId, action: 'favorite.add', target: `item:${itemId}`, ip: w.ip });
      return { favorited: true };
    });
  }

  async remove(w: Who, itemIds: number[]) {
    const ids = [...new Set(itemIds)];
    return this.repo.inTransaction(async (r, trx) => {
      const removed = await r.remove(w.caller.userId, ids);
      if (!removed) fail('NOT_FOUND', '收藏夹中没有这些商品');
      await writeAudit(trx, { userId: w.caller.userId, action: 'favorite.delete', target: `item:${ids.join(',')}`, detail: { removed }, ip: w.ip });
      return { count: removed };
    });
  }
}
