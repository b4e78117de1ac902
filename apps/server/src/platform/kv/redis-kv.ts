import { Redis } from 'ioredis';
import type { KeyValueStore } from './kv.port.ts';

interface Scripts {
  kcTake(key: string): Promise<string | null>;
  kcIncr(key: string, ttlMs: number): Promise<number>;
}

/** Redis adapter: shared by every server process behind the load balancer. */
export class RedisKv implements KeyValueStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'kc:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // Lua keeps each step atomic on every Redis version: GETDEL needs 6.2 and PEXPIRE NX 7.0, and
    // without NX a rate-limit counter could be left with no ttl and lock its address out for good.
    this.redis.defineCommand('kcTake', { numberOfKeys: 1, lua: "local v = redis.call('GET', KEYS[1]); if v then redis.call('DEL', KEYS[1]) end; return v" });
    this.redis.defineCommand('kcIncr', {
      numberOfKeys: 1,
      lua: "local n = redis.call('INCR', KEYS[1]); if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end; return n",
    });
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.redis.get(this.k(key));
  }
  async mget(keys: string[]) {
    if (keys.length === 0) return [];
    return this.redis.mget(keys.map((k) => this.k(k)));
  }
  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.k(key), value, 'PX', ttlMs);
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.k(key), value, 'PX', ttlMs, 'NX')) === 'OK';
  }
  async markOnce(key: string, ttlMs: number) {
    return (await this.redis.set(this.k(key), '1', 'PX', ttlMs, 'NX')) === 'OK';
  }
  async take(key: string) {
    return (await (this.redis as unknown as Scripts).kcTake(this.k(key))) ?? null;
  }
  async del(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys.map((k) => this.k(k)));
  }
  async incr(key: string, ttlMs: number) {
    // one round trip; the window starts with the first hit and later hits do not move it
    return Number(await (this.redis as unknown as Scripts).kcIncr(this.k(key), ttlMs));
  }
  async expire(key: string, ttlMs: number) {
    return (await this.redis.pexpire(this.k(key), ttlMs)) === 1;
  }
  async close() {
    await this.redis.quit();
  }
}
