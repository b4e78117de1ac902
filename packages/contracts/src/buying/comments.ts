import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 评价 (comments): after acceptance the buyer rates each sub-order line once (quality, delivery,
 * service, 1–5) with a text; the supplier may reply; the platform admin hides abusive ones with a
 * reason. The item page shows the visible ones with their averages.
 */
const Score = z.number({ error: '请打分' }).int('评分须为 1–5 的整数').min(1, '评分须为 1–5 的整数').max(5, '评分须为 1–5 的整数');

export const CommentBody = z
  .object({
    lineId: Id,
    quality: Score,
    delivery: Score,
    service: Score,
    content: z.string().trim().min(1, '请填写评价内容').max(500, '评价内容最多 500 字'),
  })
  .strict();
export type CommentBody = z.infer<typeof CommentBody>;

export const CommentReplyBody = z.object({ id: Id, content: z.string().trim().min(1, '请填写回复').max(500, '回复最多 500 字') }).strict();
export const CommentHideBody = z.object({ id: Id, reason: z.string().trim().min(1, '请填写隐藏原因').max(200, '原因最多 200 字') }).strict();
export const CommentIdBody = z.object({ id: Id }).strict();

export const CommentQuery = PageQuery.extend({
  /** 'hidden' / 'visible' (platform); 'unreplied' (supplier) */
  state: z.enum(['hidden', 'visible', 'unreplied'], { error: '状态不正确' }).optional(),
  itemName: z.string().trim().max(60).optional(),
  minScore: z.coerce.number().int().min(1).max(5).optional(),
  maxScore: z.coerce.number().int().min(1).max(5).optional(),
}).strict();

export const CommentVO = z.object({
  id: z.number().int(),
  lineId: z.number().int(),
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  spec: z.string(),
  supplierName: z.string(),
  buyerName: z.string(),
  quality: z.number().int(),
  delivery: z.number().int(),
  service: z.number().int(),
  content: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  hidden: z.boolean(),
  hideReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CommentVO = z.infer<typeof CommentVO>;
export const CommentPage = pageOf(CommentVO);

/** What the item page shows: the buyer's name masked, never hidden comments. */
export const ItemReviewVO = z.object({
  id: z.number().int(),
  buyerName: z.string(),
  spec: z.string(),
  quality: z.number().int(),
  delivery: z.number().int(),
  service: z.number().int(),
  content: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
});
export const ItemReviews = z.object({
  count: z.number().int(),
  /** averages to one decimal, null without comments */
  quality: z.number().nullable(),
  delivery: z.number().nullable(),
  service: z.number().nullable(),
  page: pageOf(ItemReviewVO),
});
export type ItemReviews = z.infer<typeof ItemReviews>;
export const ItemReviewQuery = PageQuery.extend({}).strict();

/** The caller's comments on an order's lines (the order detail's 评价 buttons). */
export const OrderCommentState = z.array(z.object({ lineId: z.number().int(), commentId: z.number().int().nullable(), commentable: z.boolean() }));

/** Masks a person's name for public pages: 王晓明 → 王**. */
export const maskName = (name: string) => (name.length <= 1 ? '*' : `${name[0]}${'*'.repeat(Math.min(name.length - 1, 2))}`);
