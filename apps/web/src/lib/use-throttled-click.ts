import { useMemo, useRef } from 'react';
import { CLICK_THROTTLE_MS, throttle } from './throttle.ts';

/** A click handler that ignores repeated clicks for `waitMs` (1000 ms by default); always calls the latest `fn`. */
export function useThrottledClick<A extends unknown[]>(fn: (...args: A) => void, waitMs = CLICK_THROTTLE_MS): (...args: A) => void {
  const latest = useRef(fn);
  latest.current = fn;
  return useMemo(() => throttle((...args: A) => latest.current(...args), waitMs), [waitMs]);
}
