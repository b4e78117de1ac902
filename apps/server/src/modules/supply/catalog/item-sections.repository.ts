import type { Executor } from '../../../platform/db/executor.ts';

/** SQL of which shop section an item sits in (item.section_id), on the caller's executor. */
export class ItemSectionsRepository {
  constructor(private readonly db: Executor) {}

  within(trx: Executor) {
    return new ItemSectionsRepository(trx);
  }

  /** the supplier's items of these sections are in no section afterwards */
  async clearSections(supplierId: number, sectionIds: number[]) {
    if (!sectionIds.length) return;
    await this.db.updateTable('item').set({ section_id: null }).where('section_id', 'in', sectionIds).where('supplier_id', '=', supplierId).execute();
  }

  /** these items of the supplier sit in `sectionId` (null: none) afterwards */
  async setSection(supplierId: number, itemIds: number[], sectionId: number | null) {
    if (!itemIds.length) return;
    await this.db.updateTable('item').set({ section_id: sectionId }).where('id', 'in', itemIds).where('supplier_id', '=', supplierId).execute();
  }
}
