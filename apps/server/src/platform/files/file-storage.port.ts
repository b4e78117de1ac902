import type { Readable } from 'node:stream';

/** Where uploaded bytes live: a directory under DATA_DIR by default; S3-compatible storage can implement the same port. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}
