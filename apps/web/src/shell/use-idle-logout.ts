import { useEffect } from 'react';
import { isLoggedIn, lastActivity, markActivity } from '../lib/session.ts';
import { signOut } from '../lib/sign-out.ts';

/** docs/domains/platform.md#session: the session ends after one hour without activity. */
export const IDLE_LIMIT_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;
/** mousemove fires constantly; write the timestamp at most this often */
const WRITE_THROTTLE_MS = 5 * 1000;

export function isIdle(now: number, last: number | null): boolean {
  return last !== null && now - last > IDLE_LIMIT_MS;
}

/** Tracks activity (mousemove, keydown, click) in storage, shared by tabs, and logs out an idle session. */
export function useIdleLogout(): void {
  useEffect(() => {
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < WRITE_THROTTLE_MS || !isLoggedIn()) return;
      lastWrite = now;
      markActivity(now);
    };
    const check = () => {
      if (!isLoggedIn()) return;
      const last = lastActivity();
      if (last === null) markActivity();
      else if (isIdle(Date.now(), last)) void signOut();
    };
    const events = ['mousemove', 'keydown', 'click'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true });
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, []);
}
