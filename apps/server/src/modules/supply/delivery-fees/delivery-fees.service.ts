import { type DeliveryFeeRuleInput, type DeliveryFeeRuleVO, regionText } from '@kc/contracts/supply/delivery-fees';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { DeliveryFeesRepository } from './delivery-fees.repository.ts';

/** At most this many rows per supplier (every province and a few cities). */
const MAX_RULES = 100;

/**
 * 运费设置: the supplier's own delivery-fee rows (by province and city, plus the default row). The
 * fee itself is computed at checkout from these rows (contracts' subOrderFee); nothing here trusts
 * a supplier id from the client.
 */
export class DeliveryFeesService {
  constructor(private readonly repo: DeliveryFeesRepository) {}

  async list(caller: Caller): Promise<DeliveryFeeRuleVO[]> {
    const rows = await this.repo.list(ownSupplier(caller));
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
    return this.repo.inTransaction(async (r) => {
      if (await r.regionTaken(supplierId, b, b.id)) fail('DUPLICATE', `${regionText(b)}已有运费设置，请直接修改它`);
      let id: number;
      if (b.id !== undefined) {
        if (!(await r.update(supplierId, b.id, values))) fail('NOT_FOUND', '运费设置不存在');
        id = b.id;
      } else {
        if ((await r.count(supplierId)) >= MAX_RULES) fail('LIMIT_REACHED', `运费设置最多 ${MAX_RULES} 条`);
        id = await r.insert(supplierId, values);
      }
      await r.audit({ userId: w.caller.userId, action: 'deliveryFee.save', target: `deliveryFee:${id}`, detail: b, ip: w.ip });
      return { id };
    });
  }

  async remove(w: Who, id: number) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r) => {
      if (!(await r.delete(supplierId, id))) fail('NOT_FOUND', '运费设置不存在');
      await r.audit({ userId: w.caller.userId, action: 'deliveryFee.delete', target: `deliveryFee:${id}`, ip: w.ip });
    });
  }
}
