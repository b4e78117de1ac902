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
    /** its (leaf) category */
    categoryId?: number;
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
      category_id: o.categoryId ?? null,
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

/** One flat fee for the supplier everywhere (its 运费模板 becomes a single default row without surcharge). */
export async function setDeliveryRule(db: Kysely<DB>, supplierId: number, freeAbove: number, fee: number) {
  await setFeeRules(db, supplierId, [{ province: '', city: '', first_fee: fee, free_above: freeAbove, hazard_fee: 0 }]);
}

/** Replaces the supplier's 运费模板 rows. */
export async function setFeeRules(
  db: Kysely<DB>,
  supplierId: number,
  rows: { province: string; city: string; first_fee: number; free_above: number | null; hazard_fee: number }[],
) {
  await db.deleteFrom('delivery_fee_rule').where('supplier_id', '=', supplierId).execute();
  if (rows.length)
    await db
      .insertInto('delivery_fee_rule')
      .values(rows.map((r) => ({ ...r, supplier_id: supplierId, updated_at: nowIso() })))
      .execute();
}

/** buyer1's delivery address at 化学所 (北京市海淀区), the one most order tests ship to. */
export const BEIJING_ADDRESS = {
  province: '北京市',
  city: '北京市',
  district: '海淀区',
  detail: '中关村北一街2号 化学所1号楼301',
  contact: '王晓明',
  phone: '13810230001',
};

/** Adds BEIJING_ADDRESS for `user` (buyer1 by default) through the API and answers its id. */
export async function addBeijingAddress(
  req: (user: string, method: string, url: string, json?: unknown) => Promise<{ body: any }>,
  user = 'buyer1',
): Promise<number> {
  return (await req(user, 'POST', '/mall/v1/recvAddress/add', BEIJING_ADDRESS)).body.data.id;
}
