import { expect, it } from 'vitest';
import type { KeyValueStore } from './kv.port.ts';

/**
 * The behaviour every key-value adapter must show; run by memory-kv.test.ts (fake clock) and
 * redis-kv.test.ts (real Redis, real time). `advance` moves time forward by at least ms.
 */
export function kvContract(h: { kv: () => KeyValueStore; advance: (ms: number) => Promise<void>; unit: number }) {
  const u = h.unit;
  const key = (n: string) => `${n}:${Math.random().toString(36).slice(2)}`;

  it('set, get and mget; missing keys are null', async () => {
    const kv = h.kv();
    const a = key('a');
    const b = key('b');
    expect(await kv.get(a)).toBeNull();
    await kv.set(a, '1', 100 * u);
    await kv.set(b, '二', 100 * u);
    expect(await kv.get(a)).toBe('1');
    expect(await kv.mget([a, key('none'), b])).toEqual(['1', null, '二']);
    expect(await kv.mget([])).toEqual([]);
  });

  it('set replaces the value and its ttl; values expire', async () => {
    const kv = h.kv();
    const a = key('a');
    await kv.set(a, 'old', 2 * u);
    await kv.set(a, 'new', 100 * u);
    await h.advance(4 * u);
    expect(await kv.get(a)).toBe('new');
    await kv.set(a, 'short', 2 * u);
    await h.advance(4 * u);
    expect(await kv.get(a)).toBeNull();
  });

  it('setIfAbsent sets once, then refuses until the key expires', async () => {
    const kv = h.kv();
    const n = key('nonce');
    expect(await kv.setIfAbsent(n, '1', 3 * u)).toBe(true);
    expect(await kv.setIfAbsent(n, '2', 3 * u)).toBe(false);
    expect(await kv.get(n)).toBe('1');
    await h.advance(5 * u);
    expect(await kv.setIfAbsent(n, '3', 3 * u)).toBe(true);
    expect(await kv.get(n)).toBe('3');
  });

  it('setIfAbsent admits exactly one of many concurrent callers', async () => {
    const kv = h.kv();
    const n = key('race');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent(n, String(i), 100 * u)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('markOnce admits a key once while it is remembered (at least its ttl), then again after twice the ttl', async () => {
    const kv = h.kv();
    const n = key('nonce');
    expect(await kv.markOnce(n, 10 * u)).toBe(true);
    expect(await kv.markOnce(n, 10 * u)).toBe(false);
    await h.advance(6 * u);
    expect(await kv.markOnce(n, 10 * u)).toBe(false);
    await h.advance(6 * u);
    // past its ttl a key may be forgotten; it must be by twice the ttl
    await h.advance(10 * u);
    expect(await kv.markOnce(n, 10 * u)).toBe(true);
    const results = await Promise.all(Array.from({ length: 20 }, () => kv.markOnce(key('once') + n, 100 * u)));
    expect(results.every(Boolean)).toBe(true);
    const same = key('race');
    expect((await Promise.all(Array.from({ length: 20 }, () => kv.markOnce(same, 100 * u)))).filter(Boolean)).toHaveLength(1);
  });

  it('take reads and deletes in one step: a second take gets nothing', async () => {
    const kv = h.kv();
    const c = key('cap');
    await kv.set(c, 'abcd', 100 * u);
    const both = await Promise.all([kv.take(c), kv.take(c)]);
    expect(both.filter((x) => x === 'abcd')).toHaveLength(1);
    expect(both.filter((x) => x === null)).toHaveLength(1);
    expect(await kv.get(c)).toBeNull();
    expect(await kv.take(key('none'))).toBeNull();
  });

  it('take of an expired key gets nothing', async () => {
    const kv = h.kv();
    const c = key('cap');
    await kv.set(c, 'abcd', 2 * u);
    await h.advance(4 * u);
    expect(await kv.take(c)).toBeNull();
  });

  it('incr counts within a fixed window that starts with the first hit', async () => {
    const kv = h.kv();
    const r = key('rl');
    expect(await kv.incr(r, 6 * u)).toBe(1);
    await h.advance(2 * u);
    expect(await kv.incr(r, 6 * u)).toBe(2);
    await h.advance(2 * u);
    // later hits do not push the window further
    expect(await kv.incr(r, 6 * u)).toBe(3);
    await h.advance(4 * u);
    expect(await kv.incr(r, 6 * u)).toBe(1);
  });

  it('incr is atomic under concurrency', async () => {
    const kv = h.kv();
    const r = key('rl');
    const got = await Promise.all(Array.from({ length: 25 }, () => kv.incr(r, 100 * u)));
    expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('expire sets a new ttl on a live key and is false for a missing one', async () => {
    const kv = h.kv();
    const f = key('fam');
    await kv.set(f, 'x', 3 * u);
    await h.advance(2 * u);
    expect(await kv.expire(f, 6 * u)).toBe(true);
    await h.advance(3 * u);
    expect(await kv.get(f)).toBe('x');
    await h.advance(4 * u);
    expect(await kv.get(f)).toBeNull();
    expect(await kv.expire(f, 10 * u)).toBe(false);
    expect(await kv.expire(key('none'), 10 * u)).toBe(false);
  });

  it('del removes several keys', async () => {
    const kv = h.kv();
    const a = key('a');
    const b = key('b');
    await kv.set(a, '1', 100 * u);
    await kv.set(b, '2', 100 * u);
    await kv.del(a, b, key('none'));
    await kv.del();
    expect(await kv.mget([a, b])).toEqual([null, null]);
  });
}
