import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { KeyValueStore } from '../kv/kv.port.ts';
import { type CallerBase, loadCaller } from './caller.repository.ts';
import { ACL_VERSION_KEY } from './session-store.ts';

const MAX_AGE_MS = 60_000;

/**
 * Per-process cache of callers. Any change to users, roles, grants or departments bumps
 * acl:ver in the key-value store; every request reads that version with its session (one MGET),
 * so all processes drop stale entries at once. Entries also expire after a minute.
 */
export class CallerCache {
  private readonly map = new Map<number, { ver: string | null; at: number; value: CallerBase | { inactive: number } | null }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kv: KeyValueStore,
  ) {}

  async get(uid: number, aclVersion: string | null) {
    const hit = this.peek(uid, aclVersion);
    if (hit !== undefined) return hit;
    const now = Date.now();
    const value = await loadCaller(this.db, uid);
    if (this.map.size > 10_000) this.map.clear();
    this.map.set(uid, { ver: aclVersion, at: now, value });
    return value;
  }

  /** The cached caller when it is current, else undefined (the request guard's fast path; get loads it). */
  peek(uid: number, aclVersion: string | null) {
    const hit = this.map.get(uid);
    return hit && hit.ver === aclVersion && Date.now() - hit.at < MAX_AGE_MS ? hit.value : undefined;
  }

  /** Call after any write that changes who may do what (after the transaction commits). */
  async invalidate(): Promise<void> {
    this.map.clear();
    await this.kv.incr(ACL_VERSION_KEY, 30 * 24 * 60 * 60 * 1000);
  }
}
