import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';

export interface FeeValues {
  province: string;
  city: string;
  first_fee: number;
  free_above: number | null;
  hazard_fee: number;
  updated_at: string;
}

/** SQL of 运费设置 (delivery_fee_rule), always held to one supplier. */
export class DeliveryFeesRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: DeliveryFeesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new DeliveryFeesRepository(trx)));
  }

  /** the default row first, then by region */
  list(supplierId: number) {
    return this.db.selectFrom('delivery_fee_rule').selectAll().where('supplier_id', '=', supplierId).orderBy('province').orderBy('city').execute();
  }

  /** whether another row of the supplier has this region */
  async regionTaken(supplierId: number, region: { province: string; city: string }, exceptId?: number) {
    const clash = await this.db
      .selectFrom('delivery_fee_rule')
      .select('id')
      .where('supplier_id', '=', supplierId)
      .where('province', '=', region.province)
      .where('city', '=', region.city)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst();
    return clash !== undefined;
  }

  async count(supplierId: number) {
    const n = await this.db
      .selectFrom('delivery_fee_rule')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supplier_id', '=', supplierId)
      .executeTakeFirstOrThrow();
    return Number(n.n);
  }

  async insert(supplierId: number, v: FeeValues) {
    const { id } = await this.db
      .insertInto('delivery_fee_rule')
      .values({ supplier_id: supplierId, ...v })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** false when the row is not the supplier's */
  async update(supplierId: number, id: number, v: FeeValues) {
    const res = await this.db.updateTable('delivery_fee_rule').set(v).where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** false when the row is not the supplier's */
  async delete(supplierId: number, id: number) {
    const res = await this.db.deleteFrom('delivery_fee_rule').where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
