/** Prefix of every key this app writes to localStorage (docs/domains/platform.md#session). */
export const STORAGE_PREFIX = 'pro__';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Lifetimes of the stored records (docs/domains/platform.md#session). */
export const TTL = {
  /** the token record */
  token: 2 * HOUR,
  /** the remembered login name */
  loginName: 7 * DAY,
  /** the frozen-account data handed to /UnFreeze */
  unfreeze: 30 * 60 * 1000,
} as const;

/** Every key the app uses, in one place so logout can clear the right ones. */
export const StorageKey = {
  token: 'token',
  loginName: 'loginName',
  currentDept: 'currentDept',
  /** a login waiting for its department choice or forced password change */
  loginStep: 'loginStep',
  lastActivity: 'lastActivity',
  unfreeze: 'unfreeze',
  /** set while one tab refreshes the token, so other tabs wait instead of reusing the refresh token */
  refreshLock: 'refreshLock',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

interface StoredRecord<T> {
  value: T;
  /** epoch milliseconds after which the record is dropped; null = never */
  expire: number | null;
}

function backend(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw in privacy modes; the app then behaves as logged out.
    return null;
  }
}

/** localStorage wrapper with the 'pro__' prefix and a per-key expiry. */
export const storage = {
  set<T>(key: StorageKey, value: T, ttlMs?: number): void {
    const record: StoredRecord<T> = { value, expire: ttlMs ? Date.now() + ttlMs : null };
    backend()?.setItem(STORAGE_PREFIX + key, JSON.stringify(record));
  },

  get<T>(key: StorageKey): T | null {
    const store = backend();
    const raw = store?.getItem(STORAGE_PREFIX + key);
    if (!store || raw == null) return null;
    try {
      const record = JSON.parse(raw) as StoredRecord<T>;
      if (record.expire !== null && Date.now() > record.expire) {
        store.removeItem(STORAGE_PREFIX + key);
        return null;
      }
      return record.value;
    } catch {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
  },

  remove(key: StorageKey): void {
    backend()?.removeItem(STORAGE_PREFIX + key);
  },
};
