import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.port.ts';

/** Files under <DATA_DIR>/files, keyed by server-made names only (never a client path). */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string) {
    if (!/^[a-z0-9/_-]+(\.[a-z0-9]+)?$/i.test(key) || key.includes('..')) throw new Error(`非法的存储键：${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    const p = this.resolve(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    // write then rename: a crash never leaves half a file under the final name
    await fs.promises.writeFile(`${p}.part`, data);
    await fs.promises.rename(`${p}.part`, p);
  }

  async putStream(key: string, source: Readable) {
    const p = this.resolve(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    try {
      await pipeline(source, fs.createWriteStream(`${p}.part`));
    } catch (e) {
      await fs.promises.rm(`${p}.part`, { force: true });
      throw e;
    }
    await fs.promises.rename(`${p}.part`, p);
    return (await fs.promises.stat(p)).size;
  }

  async get(key: string): Promise<Readable | null> {
    const p = this.resolve(key);
    try {
      // open first: a stream on a missing path would only fail once piped into the answer
      const handle = await fs.promises.open(p, 'r');
      return handle.createReadStream();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}
