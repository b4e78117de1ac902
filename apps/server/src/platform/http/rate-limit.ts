import type { KeyValueStore } from '../kv/kv.port.ts';
import { fail } from './errors.ts';

/** Fixed-window limit kept in the key-value store, so it holds across processes. */
export async function rateLimit(kv: KeyValueStore, key: string, limit: number, windowMs: number): Promise<void> {
  const n = await kv.incr(`rl:${key}`, windowMs);
  if (n > limit) fail('TOO_MANY');
}

/** The limits in one place (docs/API.md repeats them). */
export const Limits = {
  loginPerIp: { limit: 30, windowMs: 60_000 },
  captchaPerIp: { limit: 60, windowMs: 60_000 },
  /** one code per account per minute, at most 10 per hour per address */
  sendPerAccount: { limit: 1, windowMs: 60_000 },
  sendPerIp: { limit: 10, windowMs: 60 * 60_000 },
  /** every lookup without login (reset, unfreeze): per address and per account name */
  lookupPerIp: { limit: 30, windowMs: 60_000 },
  lookupPerName: { limit: 10, windowMs: 60_000 },
} as const;
