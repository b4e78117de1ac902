import type { Kysely } from 'kysely';
import type { DB } from '../../../../platform/db/schema.ts';
import type { SupplierHead } from './print-model.ts';

/** The reads printing needs beyond the order detail: the supplier's heading and deliveries. */
export class PrintRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async supplier(id: number): Promise<SupplierHead | null> {
    const s = await this.db.selectFrom('supplier').select(['company_name', 'contact_name', 'contact_phone']).where('id', '=', id).executeTakeFirst();
    return s ? { name: s.company_name, contact: s.contact_name, phone: s.contact_phone } : null;
  }

  subOrder(id: number) {
    return this.db.selectFrom('sub_order').select(['id', 'order_id', 'supplier_id']).where('id', '=', id).executeTakeFirst();
  }

  delivery(id: number) {
    return this.db
      .selectFrom('delivery')
      .innerJoin('sub_order', 'sub_order.id', 'delivery.sub_order_id')
      .select(['delivery.id', 'delivery.sub_order_id', 'sub_order.order_id', 'sub_order.supplier_id'])
      .where('delivery.id', '=', id)
      .executeTakeFirst();
  }
}
