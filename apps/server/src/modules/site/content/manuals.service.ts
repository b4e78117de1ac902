import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { ManualFilter, ManualsRepository } from './manuals.repository.ts';

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
    private readonly repo: ManualsRepository,
    private readonly files: FilesService,
  ) {}

  private async vo(ids: number[]) {
    if (!ids.length) return [];
    const { manuals, roles, versions } = await this.repo.withVersions(ids);
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

  async page(q: ManualFilter & { current: number; size: number }) {
    const { ids, total } = await this.repo.pageIds(q, q.size, (q.current - 1) * q.size);
    return { records: await this.vo(ids), total, current: q.current, size: q.size };
  }

  /** Roles a manual may be for: the shared (platform-wide) roles of both sides. */
  roleOptions() {
    return this.repo.sharedRoles();
  }

  private async checkRoles(roleIds: number[]) {
    const ok = new Set((await this.roleOptions()).map((r) => r.id));
    if (roleIds.some((id) => !ok.has(id))) fail('BAD_REQUEST', '所选角色不存在或不能设置操作手册');
  }

  async add(w: Who, b: ManualInput & { fileId: number }) {
    await this.checkRoles(b.roleIds);
    await this.files.mustBeAttachable([b.fileId], 'manual', w.caller.userId);
    const now = nowIso();
    const by = w.caller.userId;
    return this.repo.inTransaction(async (r) => {
      const id = await r.insert({ title: b.title, description: b.description, by, now });
      await r.insertVersion({ manualId: id, version: 1, fileId: b.fileId, note: b.note, by, now });
      await r.setRoles(id, b.roleIds);
      await r.audit({ userId: by, action: 'manual.add', target: `manual:${id}`, detail: { title: b.title }, ip: w.ip });
      return { id };
    });
  }

  /** Title, description and roles; a file other than the latest version's becomes the next version. */
  async update(w: Who, b: ManualInput & { id: number }) {
    await this.checkRoles(b.roleIds);
    const m = await this.repo.byId(b.id);
    if (!m) return fail('NOT_FOUND', '操作手册不存在');
    const latest = await this.repo.version(b.id, m.latest_version);
    const newFile = b.fileId !== undefined && b.fileId !== latest?.file_id;
    if (newFile) await this.files.mustBeAttachable([b.fileId as number], 'manual', w.caller.userId);
    const version = newFile ? m.latest_version + 1 : m.latest_version;
    const now = nowIso();
    const by = w.caller.userId;
    return this.repo.inTransaction(async (r) => {
      // the optimistic check: two editors uploading at once do not both make version n+1
      if (!(await r.updateIfLatest(b.id, m.latest_version, { title: b.title, description: b.description, latestVersion: version, now })))
        return fail('STATE_CONFLICT', '手册已被他人修改，请刷新后重试');
      if (newFile) await r.insertVersion({ manualId: b.id, version, fileId: b.fileId as number, note: b.note, by, now });
      await r.setRoles(b.id, b.roleIds);
      await r.audit({ userId: by, action: 'manual.update', target: `manual:${b.id}`, detail: { version }, ip: w.ip });
      return { version };
    });
  }

  /** Publishes a version (default the latest), or takes the manual offline. */
  async publish(w: Who, b: { id: number; version?: number; publish: boolean }) {
    await this.repo.inTransaction(async (r) => {
      const m = await r.byId(b.id);
      if (!m) return fail('NOT_FOUND', '操作手册不存在');
      const now = nowIso();
      if (!b.publish) {
        if (m.published_version === null) return fail('STATE_CONFLICT', '手册未发布，无需下线');
        await r.setPublished(b.id, null, now);
      } else {
        const version = b.version ?? m.latest_version;
        const v = await r.version(b.id, version);
        if (!v) return fail('NOT_FOUND', `版本 V${version} 不存在`);
        if (m.published_version === version) return fail('STATE_CONFLICT', `V${version} 已是发布版本`);
        await r.setPublished(b.id, version, now);
      }
      await r.audit({
        userId: w.caller.userId,
        action: b.publish ? 'manual.publish' : 'manual.withdraw',
        target: `manual:${b.id}`,
        detail: { version: b.publish ? (b.version ?? m.latest_version) : null },
        ip: w.ip,
      });
    });
  }

  async remove(w: Who, id: number) {
    await this.repo.inTransaction(async (r) => {
      if (!(await r.delete(id))) fail('NOT_FOUND', '操作手册不存在');
      await r.audit({ userId: w.caller.userId, action: 'manual.delete', target: `manual:${id}`, ip: w.ip });
    });
  }

  /** The help centre: published manuals for any of the caller's roles, in the published version. */
  async listForMe(caller: Caller) {
    if (!caller.roleIds.length) return [];
    const rows = await this.repo.publishedFor(caller.roleIds);
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
