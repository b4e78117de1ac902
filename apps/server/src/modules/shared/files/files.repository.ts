import type { Insertable, Kysely } from 'kysely';
import type { DB, FileObjectTable } from '../../../platform/db/schema.ts';

export class FilesRepository {
  constructor(readonly db: Kysely<DB>) {}

  /** What an account stored since `since` (ISO): the daily upload quota. */
  async usageSince(uploadedBy: number, since: string): Promise<{ files: number; bytes: number }> {
    const r = await this.db
      .selectFrom('file_object')
      .select((eb) => [eb.fn.countAll<number | string>().as('files'), eb.fn.sum<number | string | null>('size').as('bytes')])
      .where('uploaded_by', '=', uploadedBy)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { files: Number(r.files), bytes: Number(r.bytes ?? 0) };
  }

  insert(row: Insertable<FileObjectTable>) {
    return this.db.insertInto('file_object').values(row).returning(['id', 'original_name', 'size', 'mime']).executeTakeFirstOrThrow();
  }

  findById(id: number) {
    return this.db.selectFrom('file_object').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('file_object').selectAll().where('id', 'in', ids).execute();
  }
}
