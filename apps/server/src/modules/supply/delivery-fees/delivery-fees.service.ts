import { type DeliveryFeeRuleInput, type DeliveryFeeRuleVO, regionText } from '@kc/contracts/supply/delivery-fees';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';

/** At most this many rows per supplier (every province and a few cities). */
const MAX_RULES = 100;

/**
 * 运费设置: the supplier's own delivery-fee rows (by province and city, plus the default row). The
 * fee itself is computed at checkout from these rows (contracts' subOrderFee); nothing here trusts
 * a supplier id from the client.
 */
export class DeliveryFeesService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(caller: Caller): Promise<DeliveryFeeRuleVO[]> {
    const rows = await this.db
      .selectFrom('delivery_fee_rule')
      .selectAll()
      .where('supplier_id', '=', ownSupplier(caller))
      // the default row first, then by region
      .orderBy('province')
      .orderBy('city')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      province: r.province,
      city: r.city,
      firstFee: r.first_fee,
      freeAbove: r.free_above,
      hazardFee: r.hazard_fee,
      region: regionText(r),
      updatedAt: r.updated_at,
    }));
  }

  /** Adds a row or changes one of the caller's; one row per region. */
  async save(w: Who, b: DeliveryFeeRuleInput) {
    const supplierId = ownSupplier(w.caller);
    const values = { province: b.province, city: b.city, first_fee: b.firstFee, free_above: b.freeAbove, hazard_fee: b.hazardFee, updated_at: nowIso() };
    return this.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('delivery_fee_rule')
        .select('id')
        .where('supplier_id', '=', supplierId)
        .where('province', '=', b.province)
        .where('city', '=', b.city)
        .$if(b.id !== undefined, (q) => q.where('id', '!=', b.id as number))
        .executeTakeFirst();
      if (clash) fail('DUPLICATE', `${regionText(b)}已有运费设置，请直接修改它`);
      let id: number;
      if (b.id !== undefined) {
        const res = await trx.updateTable('delivery_fee_rule').set(values).where('id', '=', b.id).where('supplier_id', '=', supplierId).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) fail('NOT_FOUND', '运费设置不存在');
        id = b.id;
      } else {
        const n = await trx
          .selectFrom('delivery_fee_rule')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('supplier_id', '=', supplierId)
          .executeTakeFirstOrThrow();
        if (Number(n.n) >= MAX_RULES) fail('LIMIT_REACHED', `运费设置最多 ${MAX_RULES} 条`);
        ({ id } = await trx
          .insertInto('delivery_fee_rule')
          .values({ supplier_id: supplierId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      await writeAudit(trx, { userId: w.caller.userId, action: 'deliveryFee.save', target: `deliveryFee:${id}`, detail: b, ip: w.ip });
      return { id };
    });
  }

  async remove(w: Who, id: number) {
    const supplierId = ownSupplier(w.caller);
    await this.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('delivery_fee_rule').where('id', '=', id).where('supplier_id', '=', supplierId).executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) fail('NOT_FOUND', '运费设置不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'deliveryFee.delete', target: `deliveryFee:${id}`, ip: w.ip });
    });
  }
}
