import type { KeyValueStore } from './kv.port.ts';
import { MemoryKv } from './memory-kv.ts';
import { RedisKv } from './redis-kv.ts';

export function openKv(redisUrl: string | null): KeyValueStore {
  return redisUrl ? new RedisKv(redisUrl) : new MemoryKv();
}
