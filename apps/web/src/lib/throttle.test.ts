import { describe, expect, it, vi } from 'vitest';
import { CLICK_THROTTLE_MS, throttle } from './throttle.ts';

describe('click throttle (docs/domains/platform.md#click-throttle: 1000 ms by default)', () => {
  it('runs the first click and drops the ones within 1000 ms', () => {
    let now = 0;
    const fn = vi.fn();
    const click = throttle(fn, undefined, () => now);
    click('a');
    now = 999;
    click('b');
    now = 1000;
    click('c');
    expect(CLICK_THROTTLE_MS).toBe(1000);
    expect(fn.mock.calls).toEqual([['a'], ['c']]);
  });

  it('takes another window when asked', () => {
    let now = 0;
    const fn = vi.fn();
    const click = throttle(fn, 300, () => now);
    click();
    now = 300;
    click();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
