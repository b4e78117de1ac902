import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * 运费模板 per demo supplier, in fen: [province, city, first-order fee, free from, hazardous surcharge];
 * province '' is the default row for every other region.
 */
export async function seedDemoDeliveryFees(trx: Transaction<DB>, now: string) {
  const rules: Record<string, [string, string, number, number | null, number][]> = {
    国药: [
      ['', '', 1_500, 20_000, 0],
      ['新疆维吾尔自治区', '', 3_500, 50_000, 8_000],
      ['西藏自治区', '', 3_500, 50_000, 8_000],
    ],
    阿拉丁: [
      ['', '', 2_000, 30_000, 0],
      ['江苏省', '', 1_500, 20_000, 3_000],
      ['江苏省', '苏州市', 1_000, 15_000, 3_000],
    ],
    麦克林: [
      ['', '', 1_200, 9_900, 0],
      ['浙江省', '', 1_000, 9_900, 2_500],
      ['广东省', '', 1_800, 19_900, 5_000],
    ],
  };
  const suppliers = await trx.selectFrom('supplier').select(['id', 'company_name']).execute();
  for (const s of suppliers) {
    const key = Object.keys(rules).find((k) => s.company_name.includes(k));
    if (!key) continue;
    await trx
      .insertInto('delivery_fee_rule')
      .values(
        rules[key].map(([province, city, first, free, hazard]) => ({
          supplier_id: s.id,
          province,
          city,
          first_fee: first,
          free_above: free,
          hazard_fee: hazard,
          updated_at: now,
        })),
      )
      .execute();
  }
}
