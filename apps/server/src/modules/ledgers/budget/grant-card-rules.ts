import { CARD_STATUS_TEXT, type CardStatus } from '@kc/contracts/ledgers/budget';
import { shanghaiDate } from '@kc/contracts/platform/common';

/**
 * Why a card may not be charged today (Shanghai calendar), or null: it must be 有效 and today
 * within its validity, both days inclusive. Read at submission and again at the final approval.
 */
export function cardUnusable(card: { card_no: string; status: string; valid_from: string; valid_to: string }, today: string = shanghaiDate()): string | null {
  if (card.status !== 'active') return `经费卡 ${card.card_no} 已${CARD_STATUS_TEXT[card.status as CardStatus] ?? '停用'}`;
  if (today < card.valid_from || today > card.valid_to) return `经费卡 ${card.card_no} 不在有效期内（${card.valid_from} 至 ${card.valid_to}）`;
  return null;
}

/** May this user charge the card: its PI or one of its members. */
export const mayCharge = (card: { pi_id: number }, userId: number, memberIds: readonly number[]) => card.pi_id === userId || memberIds.includes(userId);
