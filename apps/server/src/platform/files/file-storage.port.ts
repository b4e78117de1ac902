import type { Readable } from 'node:stream';

/** Where uploaded bytes live: a directory under DATA_DIR by default; S3-compatible storage can implement the same port. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes what `source` yields under `key` as it comes (generated exports: never the whole file in
   * memory); answers the bytes written. Nothing is left under `key` when the source fails.
   */
  putStream(key: string, source: Readable): Promise<number>;
  /** the bytes, or null when the key holds nothing (a lost file answers 404, not 500) */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
