import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';

export interface ManualFilter {
  title?: string;
  roleId?: number;
  status?: 'published' | 'unpublished';
}

/** SQL of 操作手册: manuals, their roles and their versions (each version a file of the files module). */
export class ManualsRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: ManualsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ManualsRepository(trx)));
  }

  /** the ids of one page, most recently changed first, and the total */
  async pageIds(q: ManualFilter, limit: number, offset: number) {
    let b = this.db.selectFrom('operation_manual as m');
    if (q.title) b = b.where(containsText('m.title', q.title));
    if (q.roleId)
      b = b.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('operation_manual_role as mr')
            .select('mr.role_id')
            .whereRef('mr.manual_id', '=', 'm.id')
            .where('mr.role_id', '=', q.roleId as number),
        ),
      );
    if (q.status === 'published') b = b.where('m.published_version', 'is not', null);
    if (q.status === 'unpublished') b = b.where('m.published_version', 'is', null);
    const [rows, count] = await Promise.all([
      b.select('m.id').orderBy('m.updated_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** the manuals, their roles and every version with its file */
  async withVersions(ids: number[]) {
    const [manuals, roles, versions] = await Promise.all([
      this.db.selectFrom('operation_manual').selectAll().where('id', 'in', ids).execute(),
      this.db
        .selectFrom('operation_manual_role as mr')
        .innerJoin('role as r', 'r.id', 'mr.role_id')
        .select(['mr.manual_id', 'r.id', 'r.name'])
        .where('mr.manual_id', 'in', ids)
        .orderBy('r.id')
        .execute(),
      this.db
        .selectFrom('operation_manual_version as v')
        .innerJoin('file_object as f', 'f.id', 'v.file_id')
        .select(['v.manual_id', 'v.version', 'v.file_id', 'v.note', 'v.created_at', 'f.original_name', 'f.mime', 'f.size'])
        .where('v.manual_id', 'in', ids)
        .orderBy('v.version', 'desc')
        .execute(),
    ]);
    return { manuals, roles, versions };
  }

  /** the shared (platform-wide) roles of both sides */
  sharedRoles() {
    return this.db
      .selectFrom('role')
      .select(['id', 'name', 'code', 'side'])
      .where('institute_id', 'is', null)
      .where('supplier_id', 'is', null)
      .orderBy('side')
      .orderBy('id')
      .execute();
  }

  byId(id: number) {
    return this.db.selectFrom('operation_manual').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** the id of a version, or its file */
  version(manualId: number, version: number) {
    return this.db
      .selectFrom('operation_manual_version')
      .select(['id', 'file_id'])
      .where('manual_id', '=', manualId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  async insert(v: { title: string; description: string; by: number; now: string }) {
    const { id } = await this.db
      .insertInto('operation_manual')
      .values({
        title: v.title,
        description: v.description,
        latest_version: 1,
        published_version: null,
        published_at: null,
        created_by: v.by,
        created_at: v.now,
        updated_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async insertVersion(v: { manualId: number; version: number; fileId: number; note: string; by: number; now: string }) {
    await this.db
      .insertInto('operation_manual_version')
      .values({ manual_id: v.manualId, version: v.version, file_id: v.fileId, note: v.note, created_by: v.by, created_at: v.now })
      .execute();
  }

  /** the optimistic check: false when someone else moved the latest version since it was read */
  async updateIfLatest(id: number, readLatest: number, v: { title: string; description: string; latestVersion: number; now: string }) {
    const res = await this.db
      .updateTable('operation_manual')
      .set({ title: v.title, description: v.description, latest_version: v.latestVersion, updated_at: v.now })
      .where('id', '=', id)
      .where('latest_version', '=', readLatest)
      .executeTakeFirst();
    return Boolean(res.numUpdatedRows);
  }

  async setRoles(id: number, roleIds: number[]) {
    await this.db.deleteFrom('operation_manual_role').where('manual_id', '=', id).execute();
    await this.db
      .insertInto('operation_manual_role')
      .values([...new Set(roleIds)].map((role_id) => ({ manual_id: id, role_id })))
      .execute();
  }

  /** the version users see (null: offline) */
  async setPublished(id: number, version: number | null, now: string) {
    const set = version === null ? { published_version: null, updated_at: now } : { published_version: version, published_at: now, updated_at: now };
    await this.db.updateTable('operation_manual').set(set).where('id', '=', id).execute();
  }

  /** false when there was no such manual */
  async delete(id: number) {
    const res = await this.db.deleteFrom('operation_manual').where('id', '=', id).executeTakeFirst();
    return Boolean(res.numDeletedRows);
  }

  /** the published manuals for any of these roles, in their published version */
  publishedFor(roleIds: number[]) {
    return this.db
      .selectFrom('operation_manual as m')
      .innerJoin('operation_manual_version as v', (j) => j.onRef('v.manual_id', '=', 'm.id').onRef('v.version', '=', 'm.published_version'))
      .innerJoin('file_object as f', 'f.id', 'v.file_id')
      .select(['m.id', 'm.title', 'm.description', 'm.published_at', 'v.version', 'v.file_id', 'f.original_name', 'f.mime'])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('operation_manual_role as mr').select('mr.role_id').whereRef('mr.manual_id', '=', 'm.id').where('mr.role_id', 'in', roleIds)),
      )
      .orderBy('m.title')
      .orderBy('m.id')
      .execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
