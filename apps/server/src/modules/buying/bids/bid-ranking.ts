/** A bid as read at opening. */
export interface OpenedBid {
  id: number;
  supplierId: number;
  totalAmount: number;
  submittedAt: string;
  void: boolean;
}

export interface RankedBid<B extends OpenedBid> {
  bid: B;
  rank: number | null;
  valid: boolean;
  invalidReason: string | null;
}

/**
 * Pure: the opening result. Every bid of the round is listed; the valid ones first, by amount,
 * then the earliest (the time of the amount in force), then the lower id — so equal amounts go to
 * whoever bid first and the order is total. A bid is invalid when it was voided by an edit of the
 * request, is above the ceiling, or its supplier no longer has a contract in force with the
 * institute (or is no longer active).
 */
export function rankBids<B extends OpenedBid>(bids: B[], ceiling: number, eligible: ReadonlySet<number>): RankedBid<B>[] {
  const judged = bids.map((bid) => {
    const invalidReason = bid.void
      ? '招标内容修改后作废'
      : bid.totalAmount > ceiling
        ? '报价超过最高限价'
        : !eligible.has(bid.supplierId)
          ? '开标时与本单位无生效的供货合同'
          : null;
    return { bid, valid: invalidReason === null, invalidReason, rank: null as number | null };
  });
  const byPrice = (a: RankedBid<B>, b: RankedBid<B>) =>
    a.bid.totalAmount - b.bid.totalAmount || a.bid.submittedAt.localeCompare(b.bid.submittedAt) || a.bid.id - b.bid.id;
  const valid = judged.filter((j) => j.valid).sort(byPrice);
  valid.forEach((j, i) => {
    j.rank = i + 1;
  });
  return [...valid, ...judged.filter((j) => !j.valid).sort(byPrice)];
}
