import { Readable } from 'node:stream';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type ByteRange, checkStorageKey, DEFAULT_MAX_STORED_BYTES, type FileStorage, limitBytes, StoredFileTooLarge } from './file-storage.port.ts';

/** 256 KB per row: a download holds one chunk in memory at a time, and TOAST stores each compactly. */
export const PG_CHUNK_BYTES = 256 * 1024;

/**
 * Files in PostgreSQL (table file_chunk: key, sequence number, bytes), so every process on the
 * database reads what any of them wrote, with no shared disk or object store to run. A write is one
 * transaction (readers see the old file or the new one, never a mix) under an advisory lock on the
 * key (two writers of one key take turns; the last wins); reads stream chunk by chunk.
 */
export class PgStorage implements FileStorage {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxBytes = DEFAULT_MAX_STORED_BYTES,
  ) {}

  async put(key: string, data: Buffer) {
    if (data.length > this.maxBytes) throw new StoredFileTooLarge(this.maxBytes);
    await this.putStream(key, Readable.from([data]));
  }

  async putStream(key: string, source: Readable) {
    checkStorageKey(key);
    const counted = { bytes: 0 };
    await this.db.transaction().execute(async (trx) => {
      await this.lockKey(trx, key);
      await trx.deleteFrom('file_chunk').where('storage_key', '=', key).execute();
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        await trx
          .insertInto('file_chunk')
          .values({ storage_key: key, seq: seq++, data: Buffer.concat(pending, pendingBytes) })
          .execute();
        pending = [];
        pendingBytes = 0;
      };
      for await (const b of limitBytes(source, this.maxBytes, counted)) {
        for (let at = 0; at < b.length; ) {
          const take = Math.min(PG_CHUNK_BYTES - pendingBytes, b.length - at);
          pending.push(b.subarray(at, at + take));
          pendingBytes += take;
          at += take;
          if (pendingBytes === PG_CHUNK_BYTES) await flush();
        }
      }
      // an empty file still has its (empty) first chunk, so it reads as present
      if (pendingBytes > 0 || seq === 0) await flush();
    });
    return counted.bytes;
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    checkStorageKey(key);
    const sizes = await this.db
      .selectFrom('file_chunk')
      .select(['seq', sql<number>`octet_length(data)`.as('bytes')])
      .where('storage_key', '=', key)
      .orderBy('seq')
      .execute();
    if (sizes.length === 0) return null;
    const total = sizes.reduce((n, c) => n + Number(c.bytes), 0);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? total - 1, total - 1);
    const db = this.db;
    async function* chunks() {
      let offset = 0;
      for (const c of sizes) {
        const from = offset;
        offset += Number(c.bytes);
        if (offset <= start || from > end) continue;
        const row = await db.selectFrom('file_chunk').select('data').where('storage_key', '=', key).where('seq', '=', c.seq).executeTakeFirst();
        // deleted while being read: the answer ends short rather than mixing files
        if (!row) return;
        yield Buffer.from(row.data).subarray(Math.max(0, start - from), Math.min(Number(c.bytes), end - from + 1));
      }
    }
    return Readable.from(chunks());
  }

  async delete(key: string) {
    checkStorageKey(key);
    await this.db.transaction().execute(async (trx) => {
      await this.lockKey(trx, key);
      await trx.deleteFrom('file_chunk').where('storage_key', '=', key).execute();
    });
  }

  private async lockKey(trx: Transaction<DB>, key: string) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}
