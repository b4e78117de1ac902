import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

describe('CircuitBreaker', () => {
  it('stays closed below 5 calls or below 50 % failures in the last 20', () => {
    const b = new CircuitBreaker();
    for (let i = 0; i < 4; i++) b.record(true, 0);
    expect(b.state(0)).toBe('closed');
    const c = new CircuitBreaker();
    for (let i = 0; i < 11; i++) c.record(false, 0);
    for (let i = 0; i < 9; i++) c.record(true, 0);
    expect(c.state(0)).toBe('closed');
    // the 20-call window slides: one more failure pushes out a success → 10 of 20
    c.record(true, 0);
    expect(c.state(0)).toBe('open');
  });

  it('opens at half failures, refuses for 30 s, then lets one probe out', () => {
    const b = new CircuitBreaker();
    for (let i = 0; i < 5; i++) b.record(i % 2 === 0, 1000);
    expect(b.state(1000)).toBe('open');
    expect(b.allow(30_999)).toBe(false);
    expect(b.state(31_000)).toBe('halfOpen');
    expect(b.allow(31_000)).toBe(true);
    // only one probe at a time
    expect(b.allow(31_001)).toBe(false);
  });

  it('a failed probe reopens for another 30 s; a good one closes with a clean window', () => {
    const b = new CircuitBreaker();
    for (let i = 0; i < 5; i++) b.record(true, 0);
    expect(b.allow(30_000)).toBe(true);
    b.record(true, 30_000);
    expect(b.state(59_999)).toBe('open');
    expect(b.allow(60_000)).toBe(true);
    b.record(false, 60_000);
    expect(b.state(60_000)).toBe('closed');
    for (let i = 0; i < 4; i++) b.record(true, 60_000);
    expect(b.state(60_000)).toBe('closed');
  });
});
