import { SHOP_REVIEW } from '@kc/contracts/supply/shop';
import type { TransitionTable } from '../../../platform/transitions.ts';

/**
 * The review of a shop thing's latest submission. Submitting again while pending replaces the
 * waiting version; the approved version keeps showing through every state until an approval
 * replaces it.
 */
export type ShopReviewState = 'pending' | 'approved' | 'refused' | 'withdrawn';
export type ShopReviewAction = 'submit' | 'withdraw' | 'approve' | 'refuse';

export const SHOP_REVIEW_TRANSITIONS: TransitionTable<ShopReviewState, ShopReviewAction, 'supplier' | 'platform'> = [
  { from: ['approved', 'refused', 'withdrawn', 'pending'], action: 'submit', actor: ['supplier'], to: 'pending' },
  { from: ['pending'], action: 'withdraw', actor: ['supplier'], to: 'withdrawn' },
  { from: ['pending'], action: 'approve', actor: ['platform'], to: 'approved' },
  { from: ['pending'], action: 'refuse', actor: ['platform'], to: 'refused' },
];

export const SHOP_REVIEW_CODE: Record<ShopReviewState, number> = {
  pending: SHOP_REVIEW.PENDING,
  approved: SHOP_REVIEW.APPROVED,
  refused: SHOP_REVIEW.REFUSED,
  withdrawn: SHOP_REVIEW.WITHDRAWN,
};
export const shopReviewStateOf = (code: number): ShopReviewState =>
  (Object.entries(SHOP_REVIEW_CODE).find(([, c]) => c === code)?.[0] as ShopReviewState | undefined) ?? 'approved';
