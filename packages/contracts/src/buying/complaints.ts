import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 投诉 (complaints): a buyer complains about a supplier, usually about one of its sub-orders; the
 * platform admin accepts (受理) and resolves or rejects it with a reply; the supplier reads the
 * complaints about itself and may answer. modules/complaints/complaint-states.ts holds the table.
 */
export const COMPLAINT_CATEGORY_TEXT = { quality: '质量', delivery: '货期', price: '价格', service: '服务', qualification: '资质' } as const;
export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORY_TEXT;
export const COMPLAINT_CATEGORIES = Object.keys(COMPLAINT_CATEGORY_TEXT) as [ComplaintCategory, ...ComplaintCategory[]];

export const COMPLAINT_STATUS_TEXT = { submitted: '待受理', processing: '处理中', resolved: '已解决', rejected: '已驳回' } as const;
export type ComplaintStatus = keyof typeof COMPLAINT_STATUS_TEXT;
export const COMPLAINT_STATUSES = Object.keys(COMPLAINT_STATUS_TEXT) as [ComplaintStatus, ...ComplaintStatus[]];
export const COMPLAINT_MAX_FILES = 6;

export const ComplaintBody = z
  .object({
    /** the sub-order complained about (its supplier is the one complained about) */
    subOrderId: Id.optional(),
    /** a complaint about a supplier without a particular order */
    supplierId: Id.optional(),
    category: z.enum(COMPLAINT_CATEGORIES, { error: '投诉类型不正确' }),
    content: z.string().trim().min(5, '投诉内容至少 5 个字').max(1000, '投诉内容最多 1000 字'),
    fileIds: z.array(Id).max(COMPLAINT_MAX_FILES, `最多 ${COMPLAINT_MAX_FILES} 个附件`).default([]),
  })
  .strict()
  .refine((b) => (b.subOrderId === undefined) !== (b.supplierId === undefined), { message: '请选择投诉的订单或供应商（二选一）' });
export type ComplaintBody = z.infer<typeof ComplaintBody>;

export const ComplaintReplyBody = z.object({ id: Id, content: z.string().trim().min(1, '请填写回复').max(1000, '回复最多 1000 字') }).strict();
export const ComplaintIdBody = z.object({ id: Id }).strict();

export const ComplaintQuery = PageQuery.extend({
  status: z.enum(COMPLAINT_STATUSES, { error: '状态不正确' }).optional(),
  category: z.enum(COMPLAINT_CATEGORIES, { error: '投诉类型不正确' }).optional(),
  complaintNo: z.string().trim().max(40).optional(),
}).strict();

export const ComplaintVO = z.object({
  id: z.number().int(),
  complaintNo: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  categoryText: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  statusText: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  subOrderId: z.number().int().nullable(),
  subNo: z.string().nullable(),
  orderId: z.number().int().nullable(),
  buyerName: z.string(),
  instituteName: z.string().nullable(),
  content: z.string(),
  supplierReply: z.string().nullable(),
  supplierRepliedAt: z.string().nullable(),
  adminReply: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ComplaintVO = z.infer<typeof ComplaintVO>;
export const ComplaintPage = pageOf(ComplaintVO);
export const ComplaintDetail = ComplaintVO.extend({ files: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })) });
export type ComplaintDetail = z.infer<typeof ComplaintDetail>;
