/**
 * Separation of duties, one rule for every approval chain (orders today; claims, statements and
 * contracts as they arrive): whoever decides must not be a party to what they decide on. An
 * approver never decides on a document that they placed, that was placed for them (an assistant's
 * 代下单 makes the buyer a party), or that they will accept on delivery.
 */
export interface DutyParties {
  /** who submitted it (the buyer, or the assistant who ordered on the buyer's behalf) */
  placedBy: number;
  /** whose it is: the buyer of an order, the claimant of a claim */
  placedFor: number;
  /** who will accept the goods or the service, when that is one named person */
  acceptedBy?: number | null;
}

export const DUTY_CONFLICT_MESSAGE = '不能审批或验收本人提交、为本人代下或由本人验收的单据';

/** Null when `userId` may decide; otherwise the Chinese reason. */
export function dutyConflict(userId: number, p: DutyParties): string | null {
  if (userId === p.placedBy || userId === p.placedFor) return DUTY_CONFLICT_MESSAGE;
  if (p.acceptedBy !== undefined && p.acceptedBy !== null && userId === p.acceptedBy) return DUTY_CONFLICT_MESSAGE;
  return null;
}

/** Everyone of `candidates` who may decide (for chains that pick an approver from a pool). */
export function independentOf<U extends { id: number }>(candidates: U[], p: DutyParties): U[] {
  return candidates.filter((u) => dutyConflict(u.id, p) === null);
}
