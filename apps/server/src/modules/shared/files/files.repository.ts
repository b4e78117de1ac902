import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, FileObjectTable } from '../../../platform/db/schema.ts';
import { FILE_ID_COLUMNS } from './file-references.ts';

type FileRow = ExpressionBuilder<DB & { f: DB['file_object'] }, 'f'>;

/** No attaching column (file-references.ts) names file `f`. */
const unattached = (eb: FileRow) =>
  eb.and(
    FILE_ID_COLUMNS.map((ref) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(sql.table(ref.table).as('r'))
            .select(sql.lit(1).as('one'))
            .where(sql.ref(`r.${ref.column}`), '=', sql.ref('f.id')),
        ),
      ),
    ),
  );

/** SQL of the stored files (file_object) and of what attaches them. */
export class FilesRepository {
  constructor(private readonly db: Executor) {}

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

  async delete(id: number) {
    await this.db.deleteFrom('file_object').where('id', '=', id).execute();
  }

  /** item.images holds a JSON array of file ids or URLs, where a file id is a bare number. */
  private async inItemImages(id: number) {
    const hit = await this.db
      .selectFrom('item')
      .select('id')
      .where((eb) => eb.or([`%[${id}]%`, `%[${id},%`, `%,${id},%`, `%,${id}]%`].map((p) => eb('images', 'like', p))))
      .limit(1)
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** Files uploaded before `before` that nothing attaches, oldest first, at most `limit`. */
  async orphans(before: string, limit: number): Promise<{ id: number; storage_key: string }[]> {
    const candidates = await this.db
      .selectFrom('file_object as f')
      .select(['f.id', 'f.storage_key', 'f.purpose'])
      .where('f.created_at', '<', before)
      .where(unattached)
      .orderBy('f.id')
      .limit(limit)
      .execute();
    const out: { id: number; storage_key: string }[] = [];
    for (const c of candidates) {
      // only item pictures can sit in item.images; the few such candidates are checked one by one
      if (c.purpose === 'item' && (await this.inItemImages(c.id))) continue;
      out.push({ id: c.id, storage_key: c.storage_key });
    }
    return out;
  }

  /** Deletes the rows of these files that are still unattached (checked again in the same statement); answers the ids deleted. */
  async deleteIfUnattached(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    // the check is a subquery: SQLite takes no alias on the table a DELETE names
    const gone = await this.db
      .deleteFrom('file_object')
      .where('id', 'in', this.db.selectFrom('file_object as f').select('f.id').where('f.id', 'in', ids).where(unattached))
      .returning('id')
      .execute();
    return gone.map((g) => g.id);
  }
}
