import type { Insertable, Kysely } from 'kysely';
import type { DB, FileObjectTable } from '../../platform/db/schema.ts';

export class FilesRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
