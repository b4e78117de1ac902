import type { Kysely } from 'kysely';
import { writeAudit } from '../../../../platform/audit/audit.ts';
import type { DB } from '../../../../platform/db/schema.ts';

/** Sub-orders per query: IN lists stay far below both engines' bound-parameter limits. */
const CHUNK = 2000;

/** The lines of the sub-orders an export covers, with the names a spreadsheet shows; and the export's audit row. */
export class ExportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async lines(subOrderIds: number[]) {
    const out = [];
    for (let i = 0; i < subOrderIds.length; i += CHUNK) {
      const ids = subOrderIds.slice(i, i + CHUNK);
      out.push(
        ...(await this.db
          .selectFrom('order_line')
          .innerJoin('sub_order', 'sub_order.id', 'order_line.sub_order_id')
          .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
          .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
          .innerJoin('app_user', 'app_user.id', 'purchase_order.buyer_id')
          .leftJoin('team', 'team.id', 'purchase_order.team_id')
          .select([
            'order_line.id',
            'order_line.sub_order_id',
            'order_line.name',
            'order_line.grade',
            'order_line.spec',
            'order_line.quantity',
            'order_line.unit_price',
            'order_line.amount',
            'sub_order.sub_no',
            'sub_order.status as sub_status',
            'sub_order.remark',
            'purchase_order.order_no',
            'purchase_order.status as order_status',
            'purchase_order.created_at',
            'purchase_order.recv_contact',
            'supplier.company_name',
            'app_user.real_name',
            'app_user.user_name',
            'team.name as team_name',
          ])
          .where('order_line.sub_order_id', 'in', ids)
          .orderBy('order_line.id')
          .execute()),
      );
    }
    return out;
  }

  audit(e: { userId: number; page: string; rows: number; filter: unknown; ip: string }) {
    return writeAudit(this.db, { userId: e.userId, action: 'order.export', target: `orders:${e.page}`, detail: { rows: e.rows, filter: e.filter }, ip: e.ip });
  }
}
