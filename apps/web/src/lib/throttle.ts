/** docs/domains/platform.md#click-throttle: clicks are throttled 1000 ms by default. */
export const CLICK_THROTTLE_MS = 1000;

/**
 * Leading-edge throttle: the first call runs, calls within `waitMs` after it are dropped. Suits
 * buttons whose repeated clicks would send the same request twice.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs = CLICK_THROTTLE_MS, now: () => number = Date.now): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const t = now();
    if (t - last < waitMs) return;
    last = t;
    fn(...args);
  };
}
