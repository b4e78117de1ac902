import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/**
 * Every column that attaches a stored file to a record. A file none of them names is an orphan
 * (uploaded, then the form was abandoned) and is removed a day after its upload. A test compares
 * this list with the database: a new `*file_id` column that is not listed here fails it, so a
 * new attachment can never be swept away by mistake.
 */
export const FILE_ID_COLUMNS = [
  { table: 'page_config', column: 'image_file_id' },
  { table: 'supplier_qualification', column: 'file_id' },
  { table: 'supplier_contract', column: 'file_id' },
  { table: 'qualification', column: 'file_id' },
  { table: 'brand', column: 'logo_file_id' },
  { table: 'shop', column: 'logo_file_id' },
  { table: 'shop_banner', column: 'image_file_id' },
  // versions waiting for platform review (店铺管理)
  { table: 'shop', column: 'pending_logo_file_id' },
  { table: 'shop_banner', column: 'pending_image_file_id' },
  // supplier invoices (发票管理)
  { table: 'invoice', column: 'file_id' },
  // 报销附件
  { table: 'claim_file', column: 'file_id' },
  // 技术服务的检测报告
  { table: 'tech_request_report', column: 'file_id' },
  // asynchronous exports (导出记录), deleted with their record after 7 days
  { table: 'export_record', column: 'file_id' },
  // 售后 photos and 投诉 attachments
  { table: 'after_sale_picture', column: 'file_id' },
  { table: 'complaint_file', column: 'file_id' },
  // 公告附件 and 操作手册 (every version is kept)
  { table: 'notice_file', column: 'file_id' },
  { table: 'operation_manual_version', column: 'file_id' },
] as const;

type FileRow = ExpressionBuilder<DB & { f: DB['file_object'] }, 'f'>;

/** No attaching column names file `f`. */
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

/** item.images holds a JSON array of file ids or URLs, where a file id is a bare number. */
const inItemImages = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('item')
    .select('id')
    .where((eb) => eb.or([`%[${id}]%`, `%[${id},%`, `%,${id},%`, `%,${id}]%`].map((p) => eb('images', 'like', p))))
    .limit(1)
    .executeTakeFirst();

/** Files uploaded before `before` that nothing attaches, oldest first, at most `limit`. */
export async function orphanFiles(db: Kysely<DB>, before: string, limit: number): Promise<{ id: number; storage_key: string }[]> {
  const candidates = await db
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
    if (c.purpose === 'item' && (await inItemImages(db, c.id))) continue;
    out.push({ id: c.id, storage_key: c.storage_key });
  }
  return out;
}

/** Deletes the rows of these files that are still unattached (checked again in the same statement); answers the ids deleted. */
export async function deleteIfUnattached(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // the check is a subquery: SQLite takes no alias on the table a DELETE names
  const gone = await db
    .deleteFrom('file_object')
    .where('id', 'in', db.selectFrom('file_object as f').select('f.id').where('f.id', 'in', ids).where(unattached))
    .returning('id')
    .execute();
  return gone.map((g) => g.id);
}
