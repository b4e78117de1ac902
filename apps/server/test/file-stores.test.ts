import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { FilesRepository } from '../src/modules/shared/files/files.repository.ts';
import { FilesService } from '../src/modules/shared/files/files.service.ts';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import { DiskStorage } from '../src/platform/files/disk-storage.ts';
import { type FileStorage, StoredFileTooLarge } from '../src/platform/files/file-storage.port.ts';
import { PG_CHUNK_BYTES, PgStorage } from '../src/platform/files/pg-storage.ts';
import { S3_PART_BYTES, S3Storage } from '../src/platform/files/s3-storage.ts';
import { AppError } from '../src/platform/http/errors.ts';
import { startFakeS3 } from './support/fake-s3.ts';
import { createPgDatabase } from './support/harness.ts';

/**
 * One contract for every file store (disk, PostgreSQL, S3-compatible): put, streamed put, get whole
 * and by range, delete, a missing key, the size limit, a failing source, concurrent writers, and a
 * download through FilesService on each store (a lost file is a 404 in the product's envelope).
 */
const LIMIT = 20 * 1024 * 1024;

async function read(s: Readable | null): Promise<Buffer | null> {
  if (!s) return null;
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** A stream of `total` bytes in uneven pieces, optionally failing after `failAfter` bytes. */
function source(data: Buffer, failAfter?: number): Readable {
  async function* gen() {
    for (let at = 0; at < data.length; ) {
      const n = Math.min(data.length - at, 70_001 + (at % 3) * 10_000);
      if (failAfter !== undefined && at + n > failAfter) throw new Error('来源中断');
      yield data.subarray(at, at + n);
      at += n;
      await new Promise((r) => setImmediate(r));
    }
  }
  return Readable.from(gen());
}

function contract(name: string, open: () => Promise<{ store: FileStorage; close: () => Promise<void> }>, big: number) {
  describe(name, () => {
    let store: FileStorage;
    let close: () => Promise<void>;
    const key = (s: string) => `contract/${randomBytes(4).toString('hex')}-${s}.bin`;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('keeps what is put, whole and by range, and forgets it on delete', async () => {
      const k = key('small');
      const data = Buffer.from('科研采购平台 file store contract 0123456789');
      await store.put(k, data);
      expect(await read(await store.get(k))).toEqual(data);
      expect(await read(await store.get(k, { start: 3, end: 8 }))).toEqual(data.subarray(3, 9));
      expect(await read(await store.get(k, { start: 10 }))).toEqual(data.subarray(10));
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
      // deleting what is not there is no error
      await store.delete(k);
    });

    it('answers null for a key never written, and keeps an empty file as present', async () => {
      expect(await store.get(key('never'))).toBeNull();
      const k = key('empty');
      await store.put(k, Buffer.alloc(0));
      expect(await read(await store.get(k))).toEqual(Buffer.alloc(0));
    });

    it('streams a large file in and reads any range of it across chunk boundaries', async () => {
      const k = key('big');
      const data = randomBytes(big);
      expect(await store.putStream(k, source(data))).toBe(big);
      expect((await read(await store.get(k)))?.equals(data)).toBe(true);
      const start = Math.floor(big / 3) - 17;
      const end = Math.floor((2 * big) / 3) + 5;
      expect((await read(await store.get(k, { start, end })))?.equals(data.subarray(start, end + 1))).toBe(true);
    });

    it('refuses a file above its limit and keeps nothing (or the old file) under the key', async () => {
      const k = key('limit');
      await store.put(k, Buffer.from('旧文件'));
      await expect(store.putStream(k, source(Buffer.alloc(LIMIT + 1)))).rejects.toBeInstanceOf(StoredFileTooLarge);
      await expect(store.put(k, Buffer.alloc(LIMIT + 1))).rejects.toBeInstanceOf(StoredFileTooLarge);
      expect((await read(await store.get(k)))?.toString()).toBe('旧文件');
      const fresh = key('limit-fresh');
      await expect(store.putStream(fresh, source(Buffer.alloc(LIMIT + 1)))).rejects.toBeInstanceOf(StoredFileTooLarge);
      expect(await store.get(fresh)).toBeNull();
    });

    it('keeps nothing of a source that fails half-way', async () => {
      const k = key('broken');
      await expect(store.putStream(k, source(randomBytes(600_000), 300_000))).rejects.toThrow('来源中断');
      expect(await store.get(k)).toBeNull();
    });

    it('leaves one whole file when writers of one key race', async () => {
      const k = key('race');
      const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(300_000 + i, i + 1));
      await Promise.all(versions.map((v) => store.putStream(k, source(v))));
      const got = await read(await store.get(k));
      expect(versions.some((v) => v.equals(got as Buffer))).toBe(true);
    });

    it('gives the download of a file whose bytes are missing a 404 in the product’s envelope, and a range of one that is there', async () => {
      const k = key('served');
      await store.put(k, Buffer.from('0123456789'));
      const rows: Record<number, { storage_key: string; size: number; original_name: string; mime: string }> = {
        1: { storage_key: k, size: 10, original_name: '说明.txt', mime: 'text/plain' },
        2: { storage_key: key('gone'), size: 10, original_name: '丢失.txt', mime: 'text/plain' },
      };
      const repo = { findById: async (id: number) => rows[id] } as unknown as FilesRepository;
      const files = new FilesService(repo, store, 'contract-secret');
      const link = (id: number) => Object.fromEntries(new URL(files.signedUrl(id), 'http://x').searchParams) as Record<string, string>;
      const q = (id: number) => ({ id, expires: Number(link(id).expires), sig: link(id).sig });
      const part = await files.open(q(1), { start: 2, end: 4 });
      expect((await read(part.stream))?.toString()).toBe('234');
      const lost = await files.open(q(2)).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(AppError);
      expect(lost).toMatchObject({ status: 404, code: 404, message: '文件不存在或已被删除' });
    });

    it('refuses a key that is not one the server makes', async () => {
      await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('非法的存储键');
    });
  });
}

contract(
  'disk',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-store-'));
    return { store: new DiskStorage(dir, LIMIT), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
  3 * 1024 * 1024,
);

contract(
  'S3-compatible',
  async () => {
    const s3 = await startFakeS3();
    const store = new S3Storage(
      {
        endpoint: s3.endpoint,
        region: 'cn-north-1',
        bucket: 'kc-test',
        prefix: 'kc/',
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      },
      LIMIT,
    );
    return { store, close: s3.close };
  },
  // two parts and a remainder: the multipart path
  2 * S3_PART_BYTES + 12_345,
);

const PG = process.env.DATABASE_URL;
describe.skipIf(!PG)('PostgreSQL store', () => {
  contract(
    'PostgreSQL',
    async () => {
      const made = await createPgDatabase(PG as string);
      const database: Database = openDatabase({ databaseUrl: made.url, dataDir: os.tmpdir() });
      await migrateToLatest(database.db);
      return {
        store: new PgStorage(database.db, LIMIT),
        close: async () => {
          await database.close();
          await made.drop();
        },
      };
    },
    10 * PG_CHUNK_BYTES + 777,
  );
});
