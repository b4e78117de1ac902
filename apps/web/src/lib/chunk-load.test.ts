import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk-load failure (docs/domains/platform.md#chunk-load: 120000 ms)', () => {
  it('waits 120 s before a pending chunk counts as failed', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const result = load().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadError);
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const load = withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ ok: 1 }))()).resolves.toEqual({ ok: 1 });
  });

  it("recognises the browsers' own chunk errors", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
