import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, checkStorageKey, DEFAULT_MAX_STORED_BYTES, type FileStorage, limitBytes, StoredFileTooLarge } from './file-storage.port.ts';

/** Files under <DATA_DIR>/files, keyed by server-made names only (never a client path). */
export class DiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly maxBytes = DEFAULT_MAX_STORED_BYTES,
  ) {}

  private resolve(key: string) {
    return path.join(this.root, checkStorageKey(key));
  }

  async put(key: string, data: Buffer) {
    if (data.length > this.maxBytes) throw new StoredFileTooLarge(this.maxBytes);
    await this.putStream(key, Readable.from([data]));
  }

  async putStream(key: string, source: Readable) {
    const p = this.resolve(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    // write a part file, then rename: a crash or a failed source never leaves half a file under the
    // final name, and two writers of one key each rename a whole file (the last one wins)
    const part = `${p}.${process.pid}-${Math.random().toString(36).slice(2)}.part`;
    const counted = { bytes: 0 };
    try {
      await pipeline(limitBytes(source, this.maxBytes, counted), fs.createWriteStream(part));
      await fs.promises.rename(part, p);
    } catch (e) {
      await fs.promises.rm(part, { force: true });
      throw e;
    }
    return counted.bytes;
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const p = this.resolve(key);
    try {
      // open first: a stream on a missing path would only fail once piped into the answer
      const handle = await fs.promises.open(p, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}
