import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { ItemSectionsRepository } from './item-sections.repository.ts';

/** Section moves of a supplier's items, bound to the caller's transaction. */
export interface SectionMoves {
  /** a deleted section's items return to 全部商品 only */
  empty(supplierId: number, sectionIds: number[]): Promise<void>;
  /** puts the supplier's items in a section (null: in none) */
  place(supplierId: number, itemIds: number[], sectionId: number | null): Promise<void>;
}

/**
 * Which section of its shop an item sits in is a column of the item (catalog's row), while the
 * sections themselves are 店铺管理's (supply/shop): shop moves items through this, inside its own
 * transaction (`sections.within(trx).place(…)`). Shop checks that the section and the items are
 * the supplier's; the writes are held to the supplier's items as well.
 */
export class ItemSections {
  constructor(private readonly repo: ItemSectionsRepository) {}

  within(trx: Transaction<DB>): SectionMoves {
    const r = this.repo.within(trx);
    return {
      empty: (supplierId, sectionIds) => r.clearSections(supplierId, sectionIds),
      place: (supplierId, itemIds, sectionId) => r.setSection(supplierId, itemIds, sectionId),
    };
  }
}
