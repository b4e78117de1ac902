import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, ItemTable } from '../../../platform/db/schema.ts';

/** deleted = 2: an awarded bid's line, never a catalogue item (searches and shops read deleted = 0, the recycle bin 1). */
export const AWARDED_LINE_ITEM = 2;

/** Goods of an awarded bid, which become order lines (modules/buying/bids → orders). */
export interface AwardedGoods {
  supplierId: number;
  projectNo: string;
  round: number;
  lines: { lineNo: number; name: string; spec: string; cas: string | null; unit: string; unitPrice: number }[];
}

/**
 * The stock and sales counters of items, and the placeholder items of awarded bids: what orders
 * change in the catalog's `item` table, through this service bound to the order's transaction
 * (catalog owns `item`: scripts/table-owners.ts).
 */
export class ItemStockLedger {
  constructor(private readonly db: Executor) {}

  within(trx: Transaction<DB>): ItemStockLedger {
    return new ItemStockLedger(trx);
  }

  /** Takes stock only if enough is left and the item is still for sale; false otherwise (conditional update). */
  async take(itemId: number, quantity: number): Promise<boolean> {
    const res = await this.db
      .updateTable('item')
      .set((eb) => ({ stock: eb('stock', '-', quantity), sales: eb('sales', '+', quantity) }))
      .where('id', '=', itemId)
      .where('stock', '>=', quantity)
      .where('on_shelf', '=', 1)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Puts quantities back (an order cancelled, refused or stopped before delivery). */
  async giveBack(returns: readonly { itemId: number; quantity: number }[]): Promise<void> {
    for (const r of returns) {
      if (r.quantity <= 0) continue;
      await this.db
        .updateTable('item')
        .set((eb) => ({ stock: eb('stock', '+', r.quantity), sales: eb('sales', '-', r.quantity) }))
        .where('id', '=', r.itemId)
        .execute();
    }
  }

  /**
   * An awarded bid's lines as items of the winning supplier. Every order line names an item
   * (order_line.item_id is NOT NULL, and invoices, claims and statements join through it), so each
   * awarded line is a placeholder: deleted = AWARDED_LINE_ITEM, off the shelf, no stock, no search
   * tokens. By line number.
   */
  async placeholders(a: AwardedGoods, at: string): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    for (const l of a.lines) {
      const row: Insertable<ItemTable> = {
        supplier_id: a.supplierId,
        name: l.name,
        name_en: null,
        cas: l.cas,
        brand_id: null,
        catalog_no: `${a.projectNo}-${l.lineNo}`,
        spec: l.spec,
        pack_amount: null,
        pack_unit: null,
        grade: null,
        unit: l.unit,
        price: l.unitPrice,
        stock: 0,
        category_id: null,
        section_id: null,
        images: '[]',
        hazard_dangerous: 0,
        hazard_precursor: 0,
        hazard_explosive: 0,
        hazard_toxic: 0,
        supply_areas: '',
        on_shelf: 0,
        deleted: AWARDED_LINE_ITEM,
        deleted_at: null,
        lead_days: null,
        sales: 0,
        product_key: `bid:${a.projectNo}:${a.round}:${l.lineNo}`,
        tokens: '',
        version: 1,
        created_at: at,
        updated_at: at,
      };
      const { id } = await this.db.insertInto('item').values(row).returning('id').executeTakeFirstOrThrow();
      ids.set(l.lineNo, id);
    }
    return ids;
  }
}
