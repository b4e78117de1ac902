import type { Readable } from 'node:stream';

/** Where uploaded bytes live: a directory under DATA_DIR by default; S3-compatible storage can implement the same port. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** the bytes, or null when the key holds nothing (a lost file answers 404, not 500) */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
