import type { Kysely } from 'kysely';
import { brandText } from '../../src/modules/supply/catalog/item-rules.ts';
import { productKey } from '../../src/modules/supply/catalog/product-key.ts';
import { nowIso } from '../../src/platform/db/database.ts';
import type { DB } from '../../src/platform/db/schema.ts';
import { itemTokens } from '../../src/platform/search/tokenize.ts';

export const supplierId = async (db: Kysely<DB>, fragment: '国药' | '阿拉丁' | '麦克林') =>
  (await db.selectFrom('supplier').select('id').where('company_name', 'like', `%${fragment}%`).executeTakeFirstOrThrow()).id;

/** A brand of its own, so a test can narrow a search to exactly its fixtures. */
export async function makeBrand(db: Kysely<DB>, name: string, nameEn: string | null = null) {
  const { id } = await db
    .insertInto('brand')
    .values({ name, name_en: nameEn, country: '中国', logo_file_id: null, intro: null, sort: 99, recommended: 0, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, nameEn };
}

export const categoryId = async (db: Kysely<DB>, name: string) =>
  (await db.selectFrom('category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** Inserts an item the way writers must: tokens and product key computed in the same INSERT. */
export async function makeCatalogItem(
  db: Kysely<DB>,
  o: {
    supplierId: number;
    brand: { id: number; name: string; nameEn: string | null };
    name: string;
    nameEn?: string | null;
    cas?: string | null;
    catalogNo: string;
    spec?: string;
    packAmount?: number | null;
    packUnit?: string | null;
    grade?: string | null;
    price: number;
    stock?: number;
    category: { id: number; name: string };
    onShelf?: number;
    deleted?: number;
    sales?: number;
    hazards?: Partial<Record<'hazard_dangerous' | 'hazard_precursor' | 'hazard_explosive' | 'hazard_toxic', number>>;
  },
) {
  const now = nowIso();
  const grade = o.grade === undefined ? '分析纯' : o.grade;
  const spec = o.spec ?? '500ml';
  const { id } = await db
    .insertInto('item')
    .values({
      supplier_id: o.supplierId,
      name: o.name,
      name_en: o.nameEn ?? null,
      cas: o.cas ?? null,
      brand_id: o.brand.id,
      catalog_no: o.catalogNo,
      spec,
      pack_amount: o.packAmount === undefined ? 500 : o.packAmount,
      pack_unit: o.packUnit === undefined ? 'ml' : o.packUnit,
      grade,
      unit: '瓶',
      price: o.price,
      stock: o.stock ?? 100,
      category_id: o.category.id,
      section_id: null,
      images: '[]',
      hazard_dangerous: o.hazards?.hazard_dangerous ?? 0,
      hazard_precursor: o.hazards?.hazard_precursor ?? 0,
      hazard_explosive: o.hazards?.hazard_explosive ?? 0,
      hazard_toxic: o.hazards?.hazard_toxic ?? 0,
      supply_areas: '',
      on_shelf: o.onShelf ?? 1,
      deleted: o.deleted ?? 0,
      sales: o.sales ?? 0,
      product_key: productKey({ brandName: o.brand.name, catalogNo: o.catalogNo, cas: o.cas ?? null, grade }),
      tokens: itemTokens({ name: o.name, name_en: o.nameEn ?? null, grade, spec, catalog_no: o.catalogNo }, brandText(o.brand), o.category.name),
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
