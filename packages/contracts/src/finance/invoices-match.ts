import { z } from 'zod';

/**
 * Three-way match of a sub-order (ordered → accepted by the checker → invoiced), per tax-rate bucket.
 * Shown as a badge to the buyer, the supplier and finance; a claim takes only matched sub-orders.
 */
export const MATCH_STATES = ['none', 'partial', 'matched', 'exception'] as const;
export type MatchState = (typeof MATCH_STATES)[number];
export const MATCH_STATE_TEXT: Record<MatchState, string> = {
  none: '未开票',
  partial: '部分开票',
  matched: '已匹配',
  exception: '异常',
};

/** One rate bucket of a sub-order, all in fen (tax-inclusive). */
export const BucketMatchSchema = z.object({
  taxRate: z.string(),
  ordered: z.number().int(),
  accepted: z.number().int(),
  refunded: z.number().int(),
  invoiced: z.number().int(),
});
export type BucketMatch = z.infer<typeof BucketMatchSchema>;

export const SubOrderMatchSchema = z.object({
  subOrderId: z.number().int(),
  state: z.enum(MATCH_STATES),
  buckets: z.array(BucketMatchSchema),
  /** why the state is partial or exception, in Chinese */
  problems: z.array(z.string()),
  /** invoices allocated to the sub-order (blue and red) */
  invoiceIds: z.array(z.number().int()),
});
export type SubOrderMatch = z.infer<typeof SubOrderMatchSchema>;
