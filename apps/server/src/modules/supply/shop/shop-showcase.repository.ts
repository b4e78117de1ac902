import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { shanghaiDateTime } from '../../../platform/documents/shanghai-time.ts';

type Windowed = 'shop_section' | 'shop_banner' | 'shop_notice';

/** Approved, not deleted, and inside its window now (Beijing time; an open end never closes). */
function shown<T extends Windowed, O>(q: SelectQueryBuilder<DB, T, O>, now: string) {
  return (q as unknown as SelectQueryBuilder<DB, Windowed, O>)
    .where('live', '=', 1)
    .where('deleted', '=', 0)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)])) as unknown as SelectQueryBuilder<DB, T, O>;
}

/**
 * What the buyer's shop page shows of a shop: its approved sections, banners and notices that are
 * in their windows at read time (no job switches them on or off).
 */
export class ShopShowcaseRepository {
  constructor(private readonly db: Executor) {}

  async showcase(shopId: number, at: Date = new Date()) {
    const now = shanghaiDateTime(at);
    const [sections, banners, notices] = await Promise.all([
      shown(this.db.selectFrom('shop_section').select(['id', 'name', 'sort']).where('shop_id', '=', shopId), now)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      shown(this.db.selectFrom('shop_banner').select(['id', 'title', 'image_file_id', 'link_url', 'sort']).where('shop_id', '=', shopId), now)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      shown(this.db.selectFrom('shop_notice').select(['id', 'title', 'content', 'start_at']).where('shop_id', '=', shopId), now)
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
    ]);
    return { sections, banners, notices };
  }
}
