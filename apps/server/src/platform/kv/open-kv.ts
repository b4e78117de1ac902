import type { KeyValueStore } from './kv.port.ts';
import { MemoryKv } from './memory-kv.ts';
import { RedisKv } from './redis-kv.ts';

/** Redis when REDIS_URL is set (every key behind REDIS_PREFIX), else in this process's memory. */
export function openKv(redisUrl: string | null, redisPrefix = 'kc:'): KeyValueStore {
  return redisUrl ? new RedisKv(redisUrl, redisPrefix) : new MemoryKv();
}
