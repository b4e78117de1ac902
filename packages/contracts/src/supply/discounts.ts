import { z } from 'zod';
import { BodyId } from '../identity/org.ts';
import { namedStatus, PageQuery } from '../platform/common.ts';

/**
 * 协议价 (deptDiscount, issue 10 §4): a supplier gives an institute, or one department of it and
 * the departments below, a discount on all its items or a negotiated price for one item, within
 * dates. The most specific rule wins: a department over the institute, a deeper department over
 * its parent, one item over all items. The buyer never pays more than the list price.
 */

export const DISCOUNT_STATUS_NAMES = { disabled: 0, active: 1 } as const;
export const DISCOUNT_STATUS_LABELS: Record<number, string> = { 0: '已停用', 1: '启用' };

/** 折扣 in per-mille of the list price: 920 = 九二折 (pay 92%). */
export const MIN_RATE = 100;
export const MAX_RATE = 999;

const DateText = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const DeptDiscountBody = z
  .object({
    instituteId: BodyId,
    /** absent: the whole institute */
    deptId: BodyId.optional(),
    /** absent: every item of the supplier (a discount rate only) */
    itemId: BodyId.optional(),
    kind: z.enum(['rate', 'price'], { error: '请选择折扣或协议价' }),
    /** for kind rate: per-mille of the list price */
    rate: z.number().int('折扣须为整数（千分比）').min(MIN_RATE, '折扣不能低于一折').max(MAX_RATE, '折扣须低于原价').optional(),
    /** for kind price: fen */
    price: z.number().int('价格以分为单位，必须为整数').min(1, '协议价必须大于 0').max(100_000_000, '协议价最高 1,000,000.00 元').optional(),
    validFrom: DateText,
    validTo: DateText,
    note: z.string().trim().max(200, '备注最多 200 字').optional(),
  })
  .strict()
  .refine((b) => b.validTo >= b.validFrom, { message: '结束日期不能早于开始日期', path: ['validTo'] })
  .refine((b) => (b.kind === 'rate' ? b.rate !== undefined && b.price === undefined : b.price !== undefined && b.rate === undefined), {
    message: '折扣填写折扣率，协议价填写价格',
    path: ['kind'],
  })
  .refine((b) => b.kind === 'rate' || b.itemId !== undefined, { message: '协议价须指定商品', path: ['itemId'] });
export type DeptDiscountBody = z.infer<typeof DeptDiscountBody>;

export const DeptDiscountUpdateBody = z.object({ id: BodyId, rule: DeptDiscountBody }).strict();

export const DeptDiscountQuery = PageQuery.extend({
  instituteId: z.coerce.number().int().positive().optional(),
  status: namedStatus(DISCOUNT_STATUS_NAMES, 1).optional(),
  /** item name or 货号 */
  keyword: z.string().trim().max(100).optional(),
}).strict();

export const DeptDiscountVO = z.object({
  id: z.number().int(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  catalogNo: z.string().nullable(),
  /** the item's list price, fen */
  listPrice: z.number().int().nullable(),
  kind: z.enum(['rate', 'price']),
  rate: z.number().int().nullable(),
  price: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.number().int(),
  /** in force today (enabled and within its dates) */
  inForce: z.boolean(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeptDiscountVO = z.infer<typeof DeptDiscountVO>;

/** 920 → 9.2折, 950 → 9.5折, 925 → 9.25折: as the cart, the order and the supplier's list print a rate. */
export function rateLabel(rate: number): string {
  return `${(rate / 100).toFixed(2).replace(/\.?0+$/, '')}折`;
}
