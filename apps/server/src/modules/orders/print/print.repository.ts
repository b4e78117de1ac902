import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { LifecycleRepository } from '../lifecycle.repository.ts';
import type { PrintParties, SupplierHead } from './print-model.ts';

/** The reads printing needs beyond the order detail: names of the parties, the supplier, deliveries. */
export class PrintRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The names (and phones) of the order's buyer, placer and unit, from the lifecycle's one query. */
  async parties(orderId: number): Promise<PrintParties> {
    const p = await new LifecycleRepository(this.db).parties(orderId);
    const person = (name: string | null | undefined, user: string | null | undefined, phone: string | null | undefined) =>
      user ? { name: name ?? user, phone: phone ?? null } : null;
    return {
      buyer: person(p?.buyer_name, p?.buyer_user, p?.buyer_phone),
      placedBy: person(p?.placer_name, p?.placer_user, p?.placer_phone),
      institute: p?.institute_name ?? null,
      dept: p?.dept_name ?? null,
      team: p?.team_name ?? null,
    };
  }

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
