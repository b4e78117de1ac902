import type { Kysely, Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { FilesService } from '../../shared/files/index.ts';

type Who = { caller: Caller; ip: string };
type Db = Kysely<DB> | Transaction<DB>;

interface ManualInput {
  title: string;
  description: string;
  roleIds: number[];
  fileId?: number;
  note: string;
}

/**
 * 操作手册: manuals (a PDF or Word file uploaded through the files module) for some roles, managed by
 * the platform admin. Every new file is a new version (1, 2, …), all kept; the published version is
 * the one users see in the help centre (listForMe: the published manuals of any of their roles), so
 * a new version can be uploaded and checked before it replaces the one in use.
 */
export class ManualsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly files: FilesService,
  ) {}

  private async vo(db: Db, ids: number[]) {
    if (!ids.length) return [];
    const [manuals, roles, versions] = await Promise.all([
      db.selectFrom('operation_manual').selectAll().where('id', 'in', ids).execute(),
      db
        .selectFrom('operation_manual_role as mr')
        .innerJoin('role as r', 'r.id', 'mr.role_id')
        .select(['mr.manual_id', 'r.id', 'r.name'])
        .where('mr.manual_id', 'in', ids)
        .orderBy('r.id')
        .execute(),
      db
        .selectFrom('operation_manual_version as v')
        .innerJoin('file_object as f', 'f.id', 'v.file_id')
        .select(['v.manual_id', 'v.version', 'v.file_id', 'v.note', 'v.created_at', 'f.original_name', 'f.mime', 'f.size'])
        .where('v.manual_id', 'in', ids)
        .orderBy('v.version', 'desc')
        .execute(),
    ]);
    const byId = new Map(manuals.map((m) => [m.id, m]));
    return ids
      .map((id) => byId.get(id))
      .filter((m) => m !== undefined)
      .map((m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        roleIds: roles.filter((r) => r.manual_id === m.id).map((r) => r.id),
        roleNames: roles.filter((r) => r.manual_id === m.id).map((r) => r.name),
        latestVersion: m.latest_version,
        publishedVersion: m.published_version,
        publishedAt: m.published_at,
        updatedAt: m.updated_at,
        versions: versions
          .filter((v) => v.manual_id === m.id)
          .map((v) => ({
            version: v.version,
            fileId: v.file_id,
            fileName: v.original_name,
            mime: v.mime,
            size: v.size,
            url: this.files.signedUrl(v.file_id),
            note: v.note,
            createdAt: v.created_at,
          })),
      }));
  }

  async page(q: { title?: string; roleId?: number; status?: 'published' | 'unpublished'; current: number; size: number }) {
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
      b
        .select('m.id')
        .orderBy('m.updated_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: await this.vo(
        this.db,
        rows.map((r) => r.id),
      ),
      total: Number(count.n),
      current: q.current,
      size: q.size,
    };
  }

  /** Roles a manual may be for: the shared (platform-wide) roles of both sides. */
  roleOptions() {
    return this.db
      .selectFrom('role')
      .select(['id', 'name', 'code', 'side'])
      .where('institute_id', 'is', null)
      .where('supplier_id', 'is', null)
      .orderBy('side')
      .orderBy('id')
      .execute();
  }

  private async checkRoles(roleIds: number[]) {
    const ok = new Set((await this.roleOptions()).map((r) => r.id));
    if (roleIds.some((id) => !ok.has(id))) fail('BAD_REQUEST', '所选角色不存在或不能设置操作手册');
  }

  private async setRoles(trx: Db, id: number, roleIds: number[]) {
    await trx.deleteFrom('operation_manual_role').where('manual_id', '=', id).execute();
    await trx
      .insertInto('operation_manual_role')
      .values([...new Set(roleIds)].map((role_id) => ({ manual_id: id, role_id })))
      .execute();
  }

  async add(w: Who, b: ManualInput & { fileId: number }) {
    await this.checkRoles(b.roleIds);
    await this.files.mustBeAttachable([b.fileId], 'manual', w.caller.userId);
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('operation_manual')
        .values({
          title: b.title,
          description: b.description,
          latest_version: 1,
          published_version: null,
          published_at: null,
          created_by: w.caller.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('operation_manual_version')
        .values({ manual_id: id, version: 1, file_id: b.fileId, note: b.note, created_by: w.caller.userId, created_at: now })
        .execute();
      await this.setRoles(trx, id, b.roleIds);
      await writeAudit(trx, { userId: w.caller.userId, action: 'manual.add', target: `manual:${id}`, detail: { title: b.title }, ip: w.ip });
      return { id };
    });
  }

  /** Title, description and roles; a file other than the latest version's becomes the next version. */
  async update(w: Who, b: ManualInput & { id: number }) {
    await this.checkRoles(b.roleIds);
    const m = await this.db.selectFrom('operation_manual').selectAll().where('id', '=', b.id).executeTakeFirst();
    if (!m) return fail('NOT_FOUND', '操作手册不存在');
    const latest = await this.db
      .selectFrom('operation_manual_version')
      .select('file_id')
      .where('manual_id', '=', b.id)
      .where('version', '=', m.latest_version)
      .executeTakeFirst();
    const newFile = b.fileId !== undefined && b.fileId !== latest?.file_id;
    if (newFile) await this.files.mustBeAttachable([b.fileId as number], 'manual', w.caller.userId);
    const version = newFile ? m.latest_version + 1 : m.latest_version;
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      // the optimistic check: two editors uploading at once do not both make version n+1
      const res = await trx
        .updateTable('operation_manual')
        .set({ title: b.title, description: b.description, latest_version: version, updated_at: now })
        .where('id', '=', b.id)
        .where('latest_version', '=', m.latest_version)
        .executeTakeFirst();
      if (!res.numUpdatedRows) return fail('STATE_CONFLICT', '手册已被他人修改，请刷新后重试');
      if (newFile)
        await trx
          .insertInto('operation_manual_version')
          .values({ manual_id: b.id, version, file_id: b.fileId as number, note: b.note, created_by: w.caller.userId, created_at: now })
          .execute();
      await this.setRoles(trx, b.id, b.roleIds);
      await writeAudit(trx, { userId: w.caller.userId, action: 'manual.update', target: `manual:${b.id}`, detail: { version }, ip: w.ip });
      return { version };
    });
  }

  /** Publishes a version (default the latest), or takes the manual offline. */
  async publish(w: Who, b: { id: number; version?: number; publish: boolean }) {
    await this.db.transaction().execute(async (trx) => {
      const m = await trx.selectFrom('operation_manual').selectAll().where('id', '=', b.id).executeTakeFirst();
      if (!m) return fail('NOT_FOUND', '操作手册不存在');
      const now = nowIso();
      if (!b.publish) {
        if (m.published_version === null) return fail('STATE_CONFLICT', '手册未发布，无需下线');
        await trx.updateTable('operation_manual').set({ published_version: null, updated_at: now }).where('id', '=', b.id).execute();
      } else {
        const version = b.version ?? m.latest_version;
        const v = await trx.selectFrom('operation_manual_version').select('id').where('manual_id', '=', b.id).where('version', '=', version).executeTakeFirst();
        if (!v) return fail('NOT_FOUND', `版本 V${version} 不存在`);
        if (m.published_version === version) return fail('STATE_CONFLICT', `V${version} 已是发布版本`);
        await trx.updateTable('operation_manual').set({ published_version: version, published_at: now, updated_at: now }).where('id', '=', b.id).execute();
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: b.publish ? 'manual.publish' : 'manual.withdraw',
        target: `manual:${b.id}`,
        detail: { version: b.publish ? (b.version ?? m.latest_version) : null },
        ip: w.ip,
      });
    });
  }

  async remove(w: Who, id: number) {
    await this.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('operation_manual').where('id', '=', id).executeTakeFirst();
      if (!res.numDeletedRows) fail('NOT_FOUND', '操作手册不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'manual.delete', target: `manual:${id}`, ip: w.ip });
    });
  }

  /** The help centre: published manuals for any of the caller's roles, in the published version. */
  async listForMe(caller: Caller) {
    if (!caller.roleIds.length) return [];
    const rows = await this.db
      .selectFrom('operation_manual as m')
      .innerJoin('operation_manual_version as v', (j) => j.onRef('v.manual_id', '=', 'm.id').onRef('v.version', '=', 'm.published_version'))
      .innerJoin('file_object as f', 'f.id', 'v.file_id')
      .select(['m.id', 'm.title', 'm.description', 'm.published_at', 'v.version', 'v.file_id', 'f.original_name', 'f.mime'])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('operation_manual_role as mr').select('mr.role_id').whereRef('mr.manual_id', '=', 'm.id').where('mr.role_id', 'in', caller.roleIds)),
      )
      .orderBy('m.title')
      .orderBy('m.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      version: r.version,
      fileName: r.original_name,
      mime: r.mime,
      url: this.files.signedUrl(r.file_id),
      publishedAt: r.published_at,
    }));
  }
}
