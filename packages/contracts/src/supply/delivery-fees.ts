import { z } from 'zod';
import { Id } from '../platform/common.ts';

/**
 * 运费模板 (issue 10 §4): a supplier's delivery fee by region. Rows by province and optionally city,
 * plus one default row (province '') for everywhere else. Per sub-order at checkout: the most
 * specific row for the delivery address wins (city > province > default); the fee is free when the
 * sub-order's goods reach the row's threshold; the hazardous-goods surcharge is added when the
 * sub-order holds hazardous items, free shipping or not (it pays for the dangerous-goods carrier).
 * A supplier without rows ships free.
 */

/** The highest fee or threshold a row may carry: ¥100,000.00, in fen. */
export const MAX_FEE_FEN = 10_000_000;

const Fen = (what: string) =>
  z
    .number({ error: `${what}必须为数字（单位：分）` })
    .int(`${what}以分为单位，必须为整数`)
    .min(0, `${what}不能小于 0`)
    .max(MAX_FEE_FEN, `${what}最高 100,000.00 元`);

export const DeliveryFeeRuleBody = z
  .object({
    /** absent: a new row */
    id: Id.optional(),
    /** '' = the default row (全国其他地区) */
    province: z.string().trim().max(20, '省份名称最多 20 个字'),
    /** '' = the whole province */
    city: z.string().trim().max(20, '城市名称最多 20 个字').default(''),
    firstFee: Fen('首单运费'),
    /** null: never free */
    freeAbove: Fen('包邮门槛').nullable(),
    hazardFee: Fen('危险品附加费'),
  })
  .strict()
  .refine((b) => b.province !== '' || b.city === '', { message: '默认运费不能指定城市', path: ['city'] });
export type DeliveryFeeRuleInput = z.infer<typeof DeliveryFeeRuleBody>;

export const DeliveryFeeRuleVO = z.object({
  id: z.number().int(),
  province: z.string(),
  city: z.string(),
  firstFee: z.number().int(),
  freeAbove: z.number().int().nullable(),
  hazardFee: z.number().int(),
  /** 全国其他地区 / 江苏 / 江苏 苏州 */
  region: z.string(),
  updatedAt: z.string(),
});
export type DeliveryFeeRuleVO = z.infer<typeof DeliveryFeeRuleVO>;

export interface FeeRule {
  province: string;
  city: string;
  first_fee: number;
  free_above: number | null;
  hazard_fee: number;
}

/** Region names as addresses and rows write them: '上海市' and '上海' are one province, '苏州市' and '苏州' one city. */
const sameRegion = (a: string, b: string) => a !== '' && b !== '' && (a.startsWith(b) || b.startsWith(a));

export const regionText = (r: { province: string; city: string }) => (r.province === '' ? '全国其他地区' : r.city ? `${r.province} ${r.city}` : r.province);

/** The most specific row for an address: city > province > default; undefined when none applies. */
export function pickFeeRule<R extends FeeRule>(rules: readonly R[], province: string | null, city: string | null): R | undefined {
  const p = province ?? '';
  const c = city ?? '';
  return (
    rules.find((r) => r.city !== '' && sameRegion(r.province, p) && sameRegion(r.city, c)) ??
    rules.find((r) => r.province !== '' && r.city === '' && sameRegion(r.province, p)) ??
    rules.find((r) => r.province === '')
  );
}

export interface SubOrderFee {
  /** everything the buyer pays for delivery, surcharge included */
  deliveryFee: number;
  hazardFee: number;
  freeAbove: number | null;
  /** the row applied ('' when the supplier has none) */
  region: string;
}

/** The delivery fee of one sub-order. */
export function subOrderFee(rules: readonly FeeRule[], province: string | null, city: string | null, goodsAmount: number, hasHazard: boolean): SubOrderFee {
  const rule = pickFeeRule(rules, province, city);
  if (!rule) return { deliveryFee: 0, hazardFee: 0, freeAbove: null, region: '' };
  const base = rule.free_above !== null && goodsAmount >= rule.free_above ? 0 : rule.first_fee;
  const hazardFee = hasHazard ? rule.hazard_fee : 0;
  return { deliveryFee: base + hazardFee, hazardFee, freeAbove: rule.free_above, region: regionText(rule) };
}
