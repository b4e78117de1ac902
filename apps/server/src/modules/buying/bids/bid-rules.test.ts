import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { rankBids } from './bid-ranking.ts';
import { BID_TRANSITIONS } from './bid-states.ts';

describe('bid states', () => {
  it('opens with three valid bids, fails with fewer', () => {
    expect(transition(BID_TRANSITIONS, 'bidding', 'open', 'system', { validBids: 3, minValid: 3 })).toBe('opened');
    expect(transition(BID_TRANSITIONS, 'bidding', 'open', 'system', { validBids: 2, minValid: 3 })).toBe('failed');
    expect(transition(BID_TRANSITIONS, 'bidding', 'open', 'system', { validBids: 0, minValid: 3 })).toBe('failed');
  });
  it('only the system opens, only once, and only the buyer awards an opened round', () => {
    expect(transition(BID_TRANSITIONS, 'bidding', 'open', 'buyer', { validBids: 5, minValid: 3 })).toBeNull();
    expect(transition(BID_TRANSITIONS, 'opened', 'open', 'system', { validBids: 5, minValid: 3 })).toBeNull();
    expect(transition(BID_TRANSITIONS, 'opened', 'award', 'buyer')).toBe('awarded');
    expect(transition(BID_TRANSITIONS, 'failed', 'award', 'buyer')).toBeNull();
    expect(transition(BID_TRANSITIONS, 'bidding', 'award', 'buyer')).toBeNull();
  });
  it('edits only while bidding; a failed round re-bids or closes; awarded and closed are final', () => {
    expect(transition(BID_TRANSITIONS, 'bidding', 'edit', 'buyer')).toBe('bidding');
    expect(transition(BID_TRANSITIONS, 'opened', 'edit', 'buyer')).toBeNull();
    expect(transition(BID_TRANSITIONS, 'failed', 'rebid', 'buyer')).toBe('bidding');
    expect(transition(BID_TRANSITIONS, 'failed', 'close', 'buyer')).toBe('closed');
    for (const a of ['edit', 'award', 'rebid', 'close'] as const) {
      expect(transition(BID_TRANSITIONS, 'awarded', a, 'buyer')).toBeNull();
      expect(transition(BID_TRANSITIONS, 'closed', a, 'buyer')).toBeNull();
    }
  });
});

describe('ranking at opening', () => {
  const bid = (id: number, supplierId: number, totalAmount: number, submittedAt: string, v = false) => ({ id, supplierId, totalAmount, submittedAt, void: v });
  it('lowest first; a tie goes to the earliest bid; every bid is listed', () => {
    const r = rankBids(
      [
        bid(1, 11, 50_000, '2026-11-26T02:00:03.000Z'),
        bid(2, 12, 48_000, '2026-11-26T02:00:05.000Z'),
        bid(3, 13, 48_000, '2026-11-26T02:00:01.000Z'),
        bid(4, 14, 40_000, '2026-11-26T02:00:00.000Z', true),
        bid(5, 15, 90_000, '2026-11-26T02:00:00.000Z'),
        bid(6, 16, 30_000, '2026-11-26T02:00:00.000Z'),
      ],
      80_000,
      new Set([11, 12, 13, 14, 15]),
    );
    expect(r.map((x) => [x.bid.id, x.rank, x.valid])).toEqual([
      [3, 1, true],
      [2, 2, true],
      [1, 3, true],
      [6, null, false],
      [4, null, false],
      [5, null, false],
    ]);
    expect(r.find((x) => x.bid.id === 4)?.invalidReason).toBe('招标内容修改后作废');
    expect(r.find((x) => x.bid.id === 5)?.invalidReason).toBe('报价超过最高限价');
    expect(r.find((x) => x.bid.id === 6)?.invalidReason).toContain('供货合同');
  });
});
