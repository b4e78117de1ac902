/**
 * Key-value port for short-lived shared state: nonces, captchas, codes, rate-limit counters, sessions.
 * Two adapters: in-process (embedded default, one process) and Redis (several processes behave as one).
 * Every operation that must be atomic across processes is one primitive here.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  mget(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it (a nonce seen for the first time). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Records that a key was seen; true only for the first sighting while it is remembered, which is
   * at least `ttlMs` (request nonces). Unlike setIfAbsent it keeps no value, so the in-process
   * adapter can hold millions of them as plain strings.
   */
  markOnce(key: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step (single-use captchas and codes). */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter; the ttl starts with the first increment of a window. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Sets a new ttl on an existing key; false when the key is gone. */
  expire(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The same store answered without a promise, present only when it lives in this process (the
   * embedded default). The request guard uses it to check a request in one synchronous step.
   */
  readonly local?: LocalKv;
}

/** Synchronous forms of the operations the request guard needs (same meaning as their async forms). */
export interface LocalKv {
  mgetNow(keys: string[]): (string | null)[];
  markOnceNow(key: string, ttlMs: number): boolean;
  expireNow(key: string, ttlMs: number): boolean;
}
