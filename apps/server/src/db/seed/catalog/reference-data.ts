import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { BRANDS, DEMO_SUPPLIERS } from './brands.ts';
import { seedShopContent } from './shop-content.ts';

type Trx = Transaction<DB>;
type CategoryTree = readonly { name: string; children: readonly string[] }[];

/** The ids the items refer to: brands by key, leaf categories by name, shop sections by `<supplierId>:<top category>`. */
export interface ReferenceIds {
  brandIds: Map<string, number>;
  leafIds: Map<string, number>;
  sectionIds: Map<string, number>;
}

/** The catalog's reference data, in one transaction: brands, the two-level category tree, one shop per demo supplier. */
export function seedReferenceData(db: Kysely<DB>, sup: number[], tree: CategoryTree, now: string): Promise<ReferenceIds> {
  return db.transaction().execute(async (trx) => {
    const brandIds = await insertBrands(trx, now);
    const leafIds = await insertCategories(trx, tree, now);
    const { sectionIds, shopIds } = await insertShops(trx, sup, tree, now);
    await seedShopContent(trx, shopIds, now);
    return { brandIds, leafIds, sectionIds };
  });
}

/** The brands in BRANDS order. */
async function insertBrands(trx: Trx, now: string) {
  const brandIds = new Map<string, number>();
  for (const [i, b] of BRANDS.entries()) {
    const { id } = await trx
      .insertInto('brand')
      .values({
        name: b.name,
        name_en: b.nameEn,
        country: b.country,
        logo_file_id: null,
        intro: b.intro,
        sort: i,
        recommended: b.recommended ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    brandIds.set(b.key, id);
  }
  return brandIds;
}

/** Each top category with its path, then its leaves under it. */
async function insertCategories(trx: Trx, tree: CategoryTree, now: string) {
  const leafIds = new Map<string, number>();
  for (const [i, top] of tree.entries()) {
    const { id } = await trx
      .insertInto('category')
      .values({ parent_id: null, name: top.name, path: '', level: 1, sort: i, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('category')
      .set({ path: `/${id}/` })
      .where('id', '=', id)
      .execute();
    for (const [j, leaf] of top.children.entries()) {
      const { id: cid } = await trx
        .insertInto('category')
        .values({ parent_id: id, name: leaf, path: '', level: 2, sort: j, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('category')
        .set({ path: `/${id}/${cid}/` })
        .where('id', '=', cid)
        .execute();
      leafIds.set(leaf, cid);
    }
  }
  return leafIds;
}

/** One shop per demo supplier (kept when it has one), its sections following the top categories, and two banners. */
async function insertShops(trx: Trx, sup: number[], tree: CategoryTree, now: string) {
  const sectionIds = new Map<string, number>();
  const shopNames = ['国药集团化学试剂旗舰店', '阿拉丁官方旗舰店', '麦克林官方旗舰店'];
  const banners = [
    ['双十一试剂节 满千减百', '色谱纯溶剂新品上架'],
    ['阿拉丁科研试剂节 全场 9 折', '生化试剂现货速发'],
    ['麦克林开学季 满减活动', '有机合成试剂专区'],
  ];
  const shopIds: number[] = [];
  for (const [i, supplierId] of sup.entries()) {
    let shop = await trx.selectFrom('shop').select('id').where('supplier_id', '=', supplierId).executeTakeFirst();
    if (!shop) {
      shop = await trx
        .insertInto('shop')
        .values({
          supplier_id: supplierId,
          name: shopNames[i],
          intro: `${DEMO_SUPPLIERS[i]}官方店铺，正品保障，现货速发。`,
          logo_file_id: null,
          status: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    for (const [j, top] of tree.entries()) {
      const { id } = await trx
        .insertInto('shop_section')
        .values({ shop_id: shop.id, name: `${top.name}专区`, sort: j })
        .returning('id')
        .executeTakeFirstOrThrow();
      sectionIds.set(`${supplierId}:${top.name}`, id);
    }
    shopIds.push(shop.id);
    for (const [j, title] of banners[i].entries()) {
      await trx.insertInto('shop_banner').values({ shop_id: shop.id, title, image_file_id: null, link_url: null, sort: j }).execute();
    }
  }
  return { sectionIds, shopIds };
}
