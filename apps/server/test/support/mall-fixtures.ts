import type { Kysely } from 'kysely';
import { nowIso } from '../../src/platform/db/database.ts';
import type { DB } from '../../src/platform/db/schema.ts';

let seq = 0;

/** Inserts a purchasable item for a demo supplier (by company name fragment) and answers its id. */
export async function makeItem(
  db: Kysely<DB>,
  o: {
    supplier: '国药' | '阿拉丁' | '麦克林';
    name: string;
    price: number;
    stock: number;
    spec?: string;
    hazard?: Partial<Record<'hazard_dangerous' | 'hazard_precursor' | 'hazard_explosive' | 'hazard_toxic', number>>;
    supplyAreas?: string;
    cas?: string;
  },
) {
  const s = await db.selectFrom('supplier').select('id').where('company_name', 'like', `%${o.supplier}%`).executeTakeFirstOrThrow();
  const now = nowIso();
  seq++;
  const { id } = await db
    .insertInto('item')
    .values({
      supplier_id: s.id,
      name: o.name,
      name_en: null,
      cas: o.cas ?? null,
      brand_id: null,
      catalog_no: `T${seq}`,
      spec: o.spec ?? '500ml',
      pack_amount: 500,
      pack_unit: 'ml',
      grade: '分析纯',
      unit: '瓶',
      price: o.price,
      stock: o.stock,
      category_id: null,
      section_id: null,
      images: '[]',
      hazard_dangerous: o.hazard?.hazard_dangerous ?? 0,
      hazard_precursor: o.hazard?.hazard_precursor ?? 0,
      hazard_explosive: o.hazard?.hazard_explosive ?? 0,
      hazard_toxic: o.hazard?.hazard_toxic ?? 0,
      supply_areas: o.supplyAreas ?? '',
      on_shelf: 1,
      deleted: 0,
      sales: 0,
      product_key: `test:${seq}`,
      tokens: '',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, supplierId: s.id };
}

export async function setDeliveryRule(db: Kysely<DB>, supplierId: number, freeAbove: number, fee: number) {
  await db
    .insertInto('delivery_rule')
    .values({ supplier_id: supplierId, free_above: freeAbove, fee, updated_at: nowIso() })
    .onConflict((oc) => oc.column('supplier_id').doUpdateSet({ free_above: freeAbove, fee }))
    .execute();
}
