import type { BreakerState } from '@kc/contracts/supply/external';

export interface BreakerOptions {
  /** how many recent calls are judged */
  window: number;
  /** no opening on fewer calls than this */
  minCalls: number;
  /** opens when failures / calls in the window reach this */
  failureRatio: number;
  /** how long it stays open before one probe may go out */
  resetMs: number;
}

/** docs/domains/supply.md#external-interfaces: opens at ≥ 50 % failures over the last 20 calls, lets one probe out after 30 s. */
export const DEFAULT_BREAKER: BreakerOptions = { window: 20, minCalls: 5, failureRatio: 0.5, resetMs: 30_000 };

/**
 * A circuit breaker for one outbound interface, in this process: while open no call goes out (the
 * page answers “外部服务暂不可用” at once instead of waiting a second per visitor); after resetMs a
 * single probe decides whether it closes again.
 */
export class CircuitBreaker {
  private outcomes: boolean[] = [];
  private openedAt: number | null = null;
  private probing = false;

  constructor(private readonly o: BreakerOptions = DEFAULT_BREAKER) {}

  state(now = Date.now()): BreakerState {
    if (this.openedAt === null) return 'closed';
    return now - this.openedAt >= this.o.resetMs ? 'halfOpen' : 'open';
  }

  /** May a call go out now? In the half-open state only the first asker gets to probe. */
  allow(now = Date.now()): boolean {
    const s = this.state(now);
    if (s === 'closed') return true;
    if (s === 'open' || this.probing) return false;
    this.probing = true;
    return true;
  }

  record(failed: boolean, now = Date.now()): void {
    if (this.openedAt !== null) {
      // the probe's answer
      this.probing = false;
      if (failed) this.openedAt = now;
      else {
        this.openedAt = null;
        this.outcomes = [];
      }
      return;
    }
    this.outcomes.push(failed);
    if (this.outcomes.length > this.o.window) this.outcomes.shift();
    const failures = this.outcomes.filter(Boolean).length;
    if (this.outcomes.length >= this.o.minCalls && failures / this.outcomes.length >= this.o.failureRatio) this.openedAt = now;
  }
}
