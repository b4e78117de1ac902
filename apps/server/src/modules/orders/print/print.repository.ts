import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { PrintParties, SupplierHead } from './print-model.ts';

/** The reads printing needs beyond the order detail: names of the parties, the supplier, deliveries. */
export class PrintRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async parties(o: { buyerId: number; placedById: number; instituteId: number | null; deptId: number | null; teamId: number | null }): Promise<PrintParties> {
    const [users, institute, dept, team] = await Promise.all([
      this.db.selectFrom('app_user').select(['id', 'real_name', 'user_name', 'phone_num']).where('id', 'in', [o.buyerId, o.placedById]).execute(),
      o.instituteId === null ? undefined : this.db.selectFrom('institute').select('name').where('id', '=', o.instituteId).executeTakeFirst(),
      o.deptId === null ? undefined : this.db.selectFrom('dept').select('name').where('id', '=', o.deptId).executeTakeFirst(),
      o.teamId === null ? undefined : this.db.selectFrom('team').select('name').where('id', '=', o.teamId).executeTakeFirst(),
    ]);
    const who = (id: number) => {
      const u = users.find((x) => x.id === id);
      return u ? { name: u.real_name ?? u.user_name, phone: u.phone_num } : null;
    };
    return { buyer: who(o.buyerId), placedBy: who(o.placedById), institute: institute?.name ?? null, dept: dept?.name ?? null, team: team?.name ?? null };
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

  deliveryLines(deliveryId: number) {
    return this.db.selectFrom('delivery_line').select(['order_line_id', 'quantity']).where('delivery_id', '=', deliveryId).execute();
  }
}
