/** docs/domains/platform.md#chunk-load: a page chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazily loaded page that failed to arrive (network, a deploy that removed the old chunk, or the timeout). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const BROWSER_CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return BROWSER_CHUNK_MESSAGES.some((m) => message.includes(m));
}

/** Wraps a dynamic import: rejects with ChunkLoadError on failure or after `timeoutMs`. */
export function withChunkTimeout<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('页面资源加载超时')), timeoutMs);
      importer().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (cause: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('页面资源加载失败', { cause }));
        },
      );
    });
}
