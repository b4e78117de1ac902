import type { HazardFlags } from '@kc/contracts/platform/hazard';
import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { contractedSql, contractedSuppliers, noContractMessage } from '../../supply/agreements/index.ts';
import { isAvailable, suppliesTo } from '../../supply/catalog/index.ts';
import { hasNeededQualifications, qualificationProblems } from '../../supply/qualifications/index.ts';

/**
 * The purchase gates: "may this buyer buy this item, here, now", each rule once. Every path that
 * shows or sells goods iterates PURCHASE_GATES through this module (eligibility.ts), never a
 * gate's own function: catalog search and the item page, cart, placement, bid award, tech
 * services, warnings. A new gate (a permit, an ordering window) is one more entry here.
 *
 * A gate has up to three forms of one rule:
 * - `sellerWhere`: a SQL condition on a supplier id (lists of suppliers, shops, tech services);
 * - `where`: a SQL condition on `item` (searches);
 * - `problems`: why each of these items fails, in Chinese, by item id (cart, placement).
 * `problems` is the authority; the SQL forms say the same for lists.
 */

export type GateName = 'availability' | 'contract' | 'qualification' | 'supplyArea';

/** Who buys, where: the institute decides contracts, the delivery province the supply area (null: not known yet). */
export interface GateBuyer {
  instituteId: number | null;
  province?: string | null;
}

/** What the gates read of an item (the mall's purchasable items carry all of it). */
export interface GateItem extends HazardFlags {
  id: number;
  supplier_id: number;
  supplier_name: string;
  supplier_status: number;
  on_shelf: number;
  deleted: number;
  supply_areas: string;
}

export interface PurchaseGate {
  readonly name: GateName;
  sellerWhere?(supplierIdRef: string, buyer: GateBuyer, today: string): RawBuilder<boolean>;
  where?(eb: ExpressionBuilder<DB, 'item'>, buyer: GateBuyer, today: string): Expression<SqlBool>;
  /** suppliers of these that pass (only gates that judge suppliers alone) */
  sellers?(db: Executor, buyer: GateBuyer, supplierIds: number[], today: string): Promise<Set<number>>;
  problems(db: Executor, buyer: GateBuyer, items: readonly GateItem[], today: string): Promise<Map<number, string>>;
}

/** On the shelf, not deleted, supplier active. */
const availability: PurchaseGate = {
  name: 'availability',
  where: (eb) => eb.and([eb('item.deleted', '=', 0), eb('item.on_shelf', '=', 1)]),
  problems: async (_db, _buyer, items) => new Map(items.filter((i) => !isAvailable(i)).map((i) => [i.id, '商品已下架'])),
};

/** A supplier sells to an institute only while a contract between them is in force (modules/supply/agreements). */
const contract: PurchaseGate = {
  name: 'contract',
  sellerWhere: (ref, buyer, today) => contractedSql(ref, buyer.instituteId, today),
  sellers: (db, buyer, supplierIds, today) => contractedSuppliers(db, buyer.instituteId, supplierIds, today),
  problems: async (db, buyer, items, today) => {
    const ok = await contractedSuppliers(
      db,
      buyer.instituteId,
      items.map((i) => i.supplier_id),
      today,
    );
    return new Map(items.filter((i) => !ok.has(i.supplier_id)).map((i) => [i.id, noContractMessage(i.supplier_name)]));
  },
};

/** An item whose hazard flags need a qualification is sold only while its supplier holds it (modules/supply/qualifications). */
const qualification: PurchaseGate = {
  name: 'qualification',
  where: (eb, _buyer, today) => hasNeededQualifications(today)(eb),
  problems: (db, _buyer, items, today) => qualificationProblems(db, [...items], today),
};

/** Delivered only inside the item's supply areas; judged once the delivery province is known. */
const supplyArea: PurchaseGate = {
  name: 'supplyArea',
  problems: async (_db, buyer, items) => {
    const province = buyer.province ?? null;
    if (province === null) return new Map();
    return new Map(items.filter((i) => !suppliesTo(i.supply_areas, province)).map((i) => [i.id, `不在 ${i.supplier_name} 的供货区域（${province}）内`]));
  },
};

/** In the order a refusal is reported: the first gate an item fails names the reason. */
export const PURCHASE_GATES: readonly PurchaseGate[] = [availability, contract, qualification, supplyArea];
