import type { DeptOption } from '@kc/contracts/identity/uac';
import { useEffect } from 'react';
import { feedback } from '../lib/feedback.ts';
import { SESSION_ENDED_EVENT } from '../lib/session.ts';
import { STORAGE_PREFIX, StorageKey, storage } from '../lib/storage.ts';
import { onTabActivated, UNIT_NOTICE_MS, VISIBILITY_DEBOUNCE_MS } from './unit-change.ts';

/** Per tab (sessionStorage survives this tab's reloads): the unit it showed at its last activation. */
const SEEN_KEY = 'kc:dept-seen';

function readSeen(): number | null {
  const raw = sessionStorage.getItem(SEEN_KEY);
  return raw === null ? null : Number(raw);
}

/**
 * docs/domains/identity.md#unit-switching: another tab changing the current unit reloads this one; when this
 * tab is activated (loaded visible, or shown) after a change, '已切换至：{单位}' appears for 2 s,
 * debounced 300 ms, never on the tab's first activation.
 */
export function useDeptSync(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_PREFIX + StorageKey.currentDept || event.newValue === null || event.newValue === event.oldValue) return;
      window.location.reload();
    };

    const activate = () => {
      if (document.visibilityState !== 'visible') return;
      const { message, seen } = onTabActivated(readSeen(), storage.get<DeptOption>(StorageKey.currentDept));
      if (seen !== null) sessionStorage.setItem(SEEN_KEY, String(seen));
      if (message) feedback.info(message, 'dept-switched', UNIT_NOTICE_MS / 1000);
    };

    let timer: number | undefined;
    const onVisibility = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(activate, VISIBILITY_DEBOUNCE_MS);
    };
    const onSessionEnded = () => sessionStorage.removeItem(SEEN_KEY);

    onVisibility();
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_ENDED_EVENT, onSessionEnded);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_ENDED_EVENT, onSessionEnded);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearTimeout(timer);
    };
  }, []);
}
