import type { KeyValueStore, LocalKv } from './kv.port.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process adapter: the embedded default. Expired entries are dropped on read and by a sweep. */
export class MemoryKv implements KeyValueStore, LocalKv {
  /** answers synchronously too: it is in this process */
  readonly local: LocalKv = this;
  private readonly map = new Map<string, Entry>();
  /** markOnce keys per ttl, in two generations: a key lives between ttl and twice the ttl */
  private readonly seen = new Map<number, { current: Set<string>; previous: Set<string>; rotatedAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep() {
    const t = this.now();
    for (const [k, e] of this.map) if (e.expiresAt <= t) this.map.delete(k);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async mget(keys: string[]) {
    return this.mgetNow(keys);
  }
  mgetNow(keys: string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async set(key: string, value: string, ttlMs: number) {
    this.map.set(key, { value, expiresAt: this.now() + ttlMs });
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.map.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }
  async markOnce(key: string, ttlMs: number) {
    return this.markOnceNow(key, ttlMs);
  }
  markOnceNow(key: string, ttlMs: number) {
    const t = this.now();
    let g = this.seen.get(ttlMs);
    if (!g) {
      g = { current: new Set(), previous: new Set(), rotatedAt: t };
      this.seen.set(ttlMs, g);
    } else if (t - g.rotatedAt >= ttlMs) {
      g.previous = t - g.rotatedAt >= 2 * ttlMs ? new Set() : g.current;
      g.current = new Set();
      g.rotatedAt = t;
    }
    if (g.current.has(key) || g.previous.has(key)) return false;
    g.current.add(key);
    return true;
  }
  async take(key: string) {
    const e = this.live(key);
    this.map.delete(key);
    return e?.value ?? null;
  }
  async del(...keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }
  async incr(key: string, ttlMs: number) {
    const e = this.live(key);
    const n = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, { value: String(n), expiresAt: e ? e.expiresAt : this.now() + ttlMs });
    return n;
  }
  async expire(key: string, ttlMs: number) {
    return this.expireNow(key, ttlMs);
  }
  expireNow(key: string, ttlMs: number) {
    const e = this.live(key);
    if (!e) return false;
    e.expiresAt = this.now() + ttlMs;
    return true;
  }
  async close() {
    clearInterval(this.sweeper);
    this.map.clear();
    this.seen.clear();
  }
}
