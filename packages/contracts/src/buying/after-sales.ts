import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 售后 (after-sales) requests: the buyer asks for a return, exchange, reshipment or refund of
 * delivered or accepted lines of one sub-order, with photos; the supplier agrees or refuses, the
 * goods come back when the type needs it, and the supplier refunds or replaces. The server's
 * transition table is modules/after-sales/after-sale-states.ts; refunds are computed there from the
 * order lines' prices, never taken from the client.
 */
export const AFTER_SALE_TYPE_TEXT = { return: '退货', exchange: '换货', reship: '补发', refund: '仅退款' } as const;
export type AfterSaleType = keyof typeof AFTER_SALE_TYPE_TEXT;
export const AFTER_SALE_TYPES = Object.keys(AFTER_SALE_TYPE_TEXT) as [AfterSaleType, ...AfterSaleType[]];
/** Types whose goods go back to the supplier before it acts. */
export const NEEDS_RETURN: readonly AfterSaleType[] = ['return', 'exchange'];
/** Types that end in money back (the rest end in goods sent again). */
export const REFUNDS: readonly AfterSaleType[] = ['return', 'refund'];

export const AFTER_SALE_STATUS_TEXT = {
  requested: '待供应商处理',
  to_return: '待退回商品',
  agreed: '供应商已同意',
  refused: '供应商已拒绝',
  returned: '商品已寄回',
  received: '供应商已收货',
  refunded: '已退款',
  replaced: '已换货/补发',
  cancelled: '已撤销',
  closed: '已关闭',
} as const;
export type AfterSaleStatus = keyof typeof AFTER_SALE_STATUS_TEXT;
export const AFTER_SALE_STATUSES = Object.keys(AFTER_SALE_STATUS_TEXT) as [AfterSaleStatus, ...AfterSaleStatus[]];

export const AFTER_SALE_ACTION_TEXT = {
  apply: '申请售后',
  cancel: '撤销申请',
  agree: '同意',
  refuse: '拒绝',
  return: '寄回商品',
  receive: '确认收货',
  finish: '完成退款/换货',
  close: '关闭',
} as const;
export type AfterSaleAction = keyof typeof AFTER_SALE_ACTION_TEXT;

/** Sub-order states whose delivered goods may be the subject of a request. */
export const AFTER_SALE_SUB_STATES = ['partially_delivered', 'delivered', 'arrived', 'completed'] as const;
/** At most this many photos on one request. */
export const AFTER_SALE_MAX_PICTURES = 9;

const Text = (label: string, max: number) => z.string().trim().min(1, `请填写${label}`).max(max, `${label}最多 ${max} 字`);

export const AfterSaleApplyBody = z
  .object({
    subOrderId: Id,
    type: z.enum(AFTER_SALE_TYPES, { error: '售后类型不正确' }),
    reason: Text('申请原因', 500),
    lines: z
      .array(z.object({ lineId: Id, quantity: z.number().int('数量须为整数').positive('数量须大于 0') }).strict())
      .min(1, '请选择售后商品')
      .max(100),
    pictureIds: z.array(Id).max(AFTER_SALE_MAX_PICTURES, `最多上传 ${AFTER_SALE_MAX_PICTURES} 张图片`).default([]),
  })
  .strict();
export type AfterSaleApplyBody = z.infer<typeof AfterSaleApplyBody>;

export const AfterSaleIdBody = z.object({ id: Id }).strict();
export const AfterSaleRefuseBody = z.object({ id: Id, reason: Text('拒绝原因', 300) }).strict();
export const AfterSaleReturnBody = z.object({ id: Id, expressCompany: Text('快递公司', 30), trackingNo: Text('快递单号', 40) }).strict();
export const AfterSaleNoteBody = z.object({ id: Id, note: z.string().trim().max(300, '说明最多 300 字').optional() }).strict();

export const AfterSaleQuery = PageQuery.extend({
  status: z.enum(AFTER_SALE_STATUSES, { error: '状态不正确' }).optional(),
  requestNo: z.string().trim().max(40).optional(),
  subNo: z.string().trim().max(40).optional(),
}).strict();

export const AfterSaleLineVO = z.object({
  lineId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
});
export const AfterSaleVO = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderId: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  buyerName: z.string(),
  type: z.enum(AFTER_SALE_TYPES),
  typeText: z.string(),
  status: z.enum(AFTER_SALE_STATUSES),
  statusText: z.string(),
  reason: z.string(),
  refundAmount: z.number().int(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AfterSaleVO = z.infer<typeof AfterSaleVO>;
export const AfterSalePage = pageOf(AfterSaleVO);

export const AfterSalePicture = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export const AfterSaleDetail = AfterSaleVO.extend({
  lines: z.array(AfterSaleLineVO),
  pictureCount: z.number().int(),
  expressCompany: z.string().nullable(),
  trackingNo: z.string().nullable(),
  supplierNote: z.string().nullable(),
  logs: z.array(
    z.object({ action: z.string(), actionText: z.string(), actorName: z.string(), toStatus: z.string(), note: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type AfterSaleDetail = z.infer<typeof AfterSaleDetail>;

/** What may still be asked for on each line of a sub-order: delivered minus what live requests already hold. */
export const ApplicableLine = z.object({
  lineId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  unitPrice: z.number().int(),
  delivered: z.number().int(),
  requested: z.number().int(),
  available: z.number().int(),
});
export const Applicable = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  subStatus: z.string(),
  accepted: z.boolean(),
  lines: z.array(ApplicableLine),
});
export type Applicable = z.infer<typeof Applicable>;
