import { afterEach, describe, expect, it } from 'vitest';
import { kvContract } from './kv-contract.ts';
import { MemoryKv } from './memory-kv.ts';

describe('MemoryKv (fake clock)', () => {
  let clock = 1_700_000_000_000;
  let kv: MemoryKv | null = null;
  afterEach(async () => {
    await kv?.close();
    kv = null;
  });

  kvContract({
    kv: () => {
      kv = new MemoryKv(() => clock);
      return kv;
    },
    advance: async (ms) => {
      clock += ms;
    },
    unit: 1000,
  });

  it('expires at exactly the ttl, not a millisecond later', async () => {
    kv = new MemoryKv(() => clock);
    await kv.set('k', 'v', 1000);
    clock += 999;
    expect(await kv.get('k')).toBe('v');
    clock += 1;
    expect(await kv.get('k')).toBeNull();
  });

  it('incr after the window restarts from 1 with a fresh window', async () => {
    kv = new MemoryKv(() => clock);
    expect(await kv.incr('c', 1000)).toBe(1);
    clock += 1000;
    expect(await kv.incr('c', 1000)).toBe(1);
    clock += 999;
    expect(await kv.incr('c', 1000)).toBe(2);
  });
});
