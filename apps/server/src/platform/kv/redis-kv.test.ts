import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { kvContract } from './kv-contract.ts';
import { RedisKv } from './redis-kv.ts';

const url = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs against a real Redis (REDIS_URL, e.g. redis://127.0.0.1:6379); keys under a random prefix. */
describe.skipIf(!url)('RedisKv (real Redis)', () => {
  const prefix = `kc-test-${randomBytes(4).toString('hex')}:`;
  const kv = url ? new RedisKv(url, prefix) : null;
  const raw = url ? new Redis(url) : null;
  afterAll(async () => {
    await kv?.close();
    if (raw) {
      const keys = await raw.keys(`${prefix}*`);
      if (keys.length) await raw.del(...keys);
      await raw.quit();
    }
  });

  kvContract({
    kv: () => kv as RedisKv,
    // Redis expires keys by its own clock: wait a little longer than asked
    advance: (ms) => sleep(ms + 15),
    // generous: on 2 shared cores a timer can fire a few hundred ms late
    unit: 250,
  });

  it('keys live under the prefix', async () => {
    await kv!.set('pfx', 'v', 10_000);
    expect(await raw!.get(`${prefix}pfx`)).toBe('v');
  });

  it('a counter found without a ttl gets one, so an address is never locked out for good', async () => {
    await raw!.set(`${prefix}rl:stuck`, '41');
    expect(await kv!.incr('rl:stuck', 60_000)).toBe(42);
    const ttl = await raw!.pttl(`${prefix}rl:stuck`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
