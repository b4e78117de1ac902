import type { Insertable, Kysely, Transaction } from 'kysely';
import { holdsRoleCode } from '../../../../platform/auth/role-holders.ts';
import type { DB, OrderLineTable, PurchaseOrderTable, SubOrderTable } from '../../../../platform/db/schema.ts';

/** SQL for placing orders: delivery rules, the order with its sub-orders and lines, stock by conditional update. */
export class PlacementRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: PlacementRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new PlacementRepository(trx), trx));
  }

  /** Whether the user holds a built-in role ('assistant' may order for the team's buyers). */
  holdsRole(userId: number, code: string) {
    return holdsRoleCode(this.db, userId, code);
  }

  /** The suppliers' 运费模板 rows (delivery-fees module's table, read here at checkout). */
  deliveryRules(supplierIds: number[]) {
    if (supplierIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('delivery_fee_rule')
      .select(['supplier_id', 'province', 'city', 'first_fee', 'free_above', 'hazard_fee'])
      .where('supplier_id', 'in', supplierIds)
      .execute();
  }

  /** Active accounts holding the buyer role in a team of an institute. */
  teamBuyers(teamId: number, instituteId: number) {
    return this.db
      .selectFrom('app_user')
      .innerJoin('user_dept', 'user_dept.user_id', 'app_user.id')
      .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['app_user.id', 'app_user.real_name', 'app_user.user_name'])
      .distinct()
      .where('user_dept.team_id', '=', teamId)
      .where('app_user.institute_id', '=', instituteId)
      .where('role.code', '=', 'buyer')
      .where('app_user.deleted', '=', 0)
      .where('app_user.status', '=', 1)
      .orderBy('app_user.id')
      .execute();
  }

  findByKey(placedBy: number, key: string) {
    return this.db
      .selectFrom('purchase_order')
      .select(['id', 'order_no', 'total_amount'])
      .where('placed_by_id', '=', placedBy)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  subOrders(orderId: number) {
    return this.db
      .selectFrom('sub_order')
      .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
      .select(['sub_order.id', 'sub_order.sub_no', 'sub_order.supplier_id', 'supplier.company_name', 'sub_order.total_amount'])
      .where('sub_order.order_id', '=', orderId)
      .orderBy('sub_order.id')
      .execute();
  }

  /** Inserts the order unless this submission key was used before; undefined means "already placed". */
  insertOrder(row: Insertable<PurchaseOrderTable>) {
    return this.db
      .insertInto('purchase_order')
      .values(row)
      .onConflict((oc) => oc.columns(['placed_by_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  insertSubOrder(row: Insertable<SubOrderTable>) {
    return this.db.insertInto('sub_order').values(row).returning('id').executeTakeFirstOrThrow();
  }

  insertLines(rows: Insertable<OrderLineTable>[]) {
    return this.db.insertInto('order_line').values(rows).execute();
  }
}
