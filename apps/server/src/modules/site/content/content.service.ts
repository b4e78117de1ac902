import { type HelpNode, NoticeStatus, NoticeType } from '@kc/contracts/site/content';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { NoticeTable, PageConfigTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { sanitizeRichText } from '../../../platform/sanitize.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { ContentRepository, NoticeManageScope, NoticeReader } from './content.repository.ts';
import { NOTICE_STATE_CODE, NOTICE_TRANSITIONS, type NoticeAction, noticeStateOf, PAGE_CONFIG_TRANSITIONS } from './content-states.ts';

/** Notice types an account may read: the public ones plus its side's (docs/domains/site.md#notices: 2 buyers, 3 suppliers). */
export const readableNoticeTypes = (accountType: number) =>
  accountType === 2 ? [NoticeType.PUBLIC, NoticeType.SUPPLIER] : [NoticeType.PUBLIC, NoticeType.BUYER];

const noticeVO = (n: Selectable<NoticeTable>) => ({
  id: n.id,
  title: n.title,
  content: n.content,
  type: n.type,
  status: n.status,
  top: n.top === 1,
  publishedAt: n.published_at,
  createdAt: n.created_at,
  instituteId: n.institute_id,
  publishAt: n.publish_at,
  withdrawAt: n.withdraw_at,
});

/** Inside its window now (and published). */
export const noticeVisibleAt = (n: Pick<Selectable<NoticeTable>, 'status' | 'publish_at' | 'withdraw_at'>, now: string) =>
  n.status === NoticeStatus.PUBLISHED && (n.publish_at === null || n.publish_at <= now) && (n.withdraw_at === null || n.withdraw_at > now);

const isoOrNull = (t: string | null | undefined) => (t ? new Date(t).toISOString() : null);

export type NoticeInput = {
  title: string;
  content: string;
  type: number;
  top: boolean;
  instituteId?: number | null;
  publishAt?: string | null;
  withdrawAt?: string | null;
  roleIds: number[];
  fileIds: number[];
};

/** Notices, page configuration (banners, login carousel, agreements) and help-centre items, managed by the platform admin. */
export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly files: FilesService,
  ) {}

  // ── notices ───────────────────────────────────────────────────────────────
  /** What a caller reads: their side's types, their institute's and the platform's notices, their roles, inside the window. */
  reader(caller: Caller | null, now = nowIso()): NoticeReader {
    return caller
      ? { userId: caller.userId, types: readableNoticeTypes(caller.accountType), instituteId: caller.instituteId, roleIds: caller.roleIds, now }
      : { userId: null, types: [NoticeType.PUBLIC], instituteId: null, roleIds: [], now };
  }

  /** The notices a manager manages: all (platform admin) or their institute's. */
  manageScope(caller: Caller, instituteId?: number): NoticeManageScope {
    if (isPlatformAdmin(caller)) return { all: true, instituteId };
    if (caller.instituteId === null) return fail('FORBIDDEN', '仅平台管理员或研究所管理员可以管理公告');
    if (instituteId !== undefined && instituteId !== caller.instituteId) fail('FORBIDDEN', '只能管理本所的公告');
    return { all: false, instituteId: caller.instituteId };
  }

  private inScope(s: NoticeManageScope, n: Selectable<NoticeTable>) {
    return s.all || n.institute_id === s.instituteId;
  }

  /** Roles, attachments, institute names (and for managers the read counts) of a page of notices. */
  private async decorate(rows: (Selectable<NoticeTable> & { read_at?: string | null })[], o: { reader: boolean; counts: boolean }) {
    const ids = rows.map((r) => r.id);
    const [roles, files, insts] = await Promise.all([
      this.repo.noticeRoles(ids),
      this.repo.noticeFiles(ids),
      this.repo.instituteNames([...new Set(rows.map((r) => r.institute_id).filter((i): i is number => i !== null))]),
    ]);
    const now = nowIso();
    return Promise.all(
      rows.map(async (n) => ({
        ...noticeVO(n),
        instituteName: n.institute_id === null ? null : (insts.get(n.institute_id) ?? null),
        roleIds: roles.filter((r) => r.notice_id === n.id).map((r) => r.id),
        roleNames: roles.filter((r) => r.notice_id === n.id).map((r) => r.name),
        attachments: files
          .filter((f) => f.notice_id === n.id)
          .map((f) => ({ id: f.id, name: f.original_name, mime: f.mime, size: f.size, url: this.files.signedUrl(f.id) })),
        read: o.reader ? Boolean(n.read_at) : null,
        visible: noticeVisibleAt(n, now),
        ...(o.counts ? await this.repo.readCounts(n) : {}),
      })),
    );
  }

  /**
   * /notice/page: readers see published notices inside their window, of their types, institute and
   * roles, with their own read flag; the platform admin (as before) sees every state.
   */
  async noticePage(
    caller: Caller | null,
    canManage: boolean,
    q: { status?: number; type?: number; title?: string; unread?: boolean; instituteId?: number; current: number; size: number },
  ) {
    const allowed = caller ? readableNoticeTypes(caller.accountType) : [NoticeType.PUBLIC];
    if (!canManage && q.type !== undefined && !allowed.includes(q.type as 1)) fail('FORBIDDEN', '无权查看该类公告');
    if (canManage && caller && isPlatformAdmin(caller)) return this.manageNoticePage(caller, q, false);
    const types = q.type !== undefined ? [q.type] : undefined;
    const { rows, total } = await this.repo.readerNoticePage(this.reader(caller), {
      types,
      title: q.title,
      unread: q.unread,
      current: q.current,
      size: q.size,
    });
    return { records: await this.decorate(rows, { reader: caller !== null, counts: false }), total, current: q.current, size: q.size };
  }

  /** 公告管理: every state within the manager's scope, with read and unread counts. */
  async manageNoticePage(
    caller: Caller,
    q: { status?: number; type?: number; title?: string; instituteId?: number; current: number; size: number },
    counts = true,
  ) {
    const scope = this.manageScope(caller, q.instituteId);
    const { rows, total } = await this.repo.manageNoticePage(scope, {
      status: q.status,
      types: q.type !== undefined ? [q.type] : undefined,
      title: q.title,
      current: q.current,
      size: q.size,
    });
    return { records: await this.decorate(rows, { reader: false, counts }), total, current: q.current, size: q.size };
  }

  /** A notice: a manager sees any in scope; a reader one visible to them, and the reading is recorded. */
  async noticeById(caller: Caller | null, canManage: boolean, id: number) {
    if (caller && canManage) {
      const n = await this.repo.noticeById(id);
      if (n && this.inScope(this.manageScope(caller), n)) return (await this.decorate([n], { reader: false, counts: false }))[0];
    }
    const now = nowIso();
    const n = await this.repo.readerNoticeById(this.reader(caller, now), id);
    if (!n) return fail('NOT_FOUND', '公告不存在或已下线');
    if (caller) await this.repo.markRead(n.id, caller.userId, now);
    return (await this.decorate([{ ...n, read_at: caller ? now : null }], { reader: caller !== null, counts: false }))[0];
  }

  /** Marks a notice read (the dashboard opens it from the list); only one the caller may see. */
  async markRead(caller: Caller, id: number) {
    const now = nowIso();
    const n = await this.repo.readerNoticeById(this.reader(caller, now), id);
    if (!n) return fail('NOT_FOUND', '公告不存在或已下线');
    await this.repo.markRead(n.id, caller.userId, now);
  }

  async unreadCount(caller: Caller) {
    return { count: await this.repo.unreadCount({ ...this.reader(caller), userId: caller.userId }) };
  }

  /** 阅读情况: the readers of a notice in the manager's scope, or its audience that has not read it. */
  async readers(caller: Caller, q: { id: number; read: 'true' | 'false'; userName?: string; current: number; size: number }) {
    const n = await this.repo.noticeById(q.id);
    if (!n || !this.inScope(this.manageScope(caller), n)) return fail('NOT_FOUND', '公告不存在');
    const { rows, total } = await this.repo.readers(n, { read: q.read === 'true', userName: q.userName, current: q.current, size: q.size });
    return { records: rows, total, current: q.current, size: q.size };
  }

  /** Roles a manager may address a notice to (shared roles and their institute's). */
  async noticeRoleOptions(caller: Caller) {
    const scope = this.manageScope(caller);
    return this.repo.assignableRoles(scope.all ? null : scope.instituteId);
  }

  /** Institutes a manager may write notices for: every one (platform admin) or their own. */
  async noticeInstitutes(caller: Caller) {
    const scope = this.manageScope(caller);
    return (await this.repo.institutes()).filter((i) => scope.all || i.id === scope.instituteId).map((i) => ({ id: i.id, name: i.name }));
  }

  /** The institute a new notice belongs to, its roles and attachments, checked. */
  private async checkNotice(w: Who, b: NoticeInput, instituteId: number | null, keepFiles: number[] = []) {
    if (instituteId !== null && b.type === NoticeType.SUPPLIER) fail('BAD_REQUEST', '研究所公告不能面向供应商（只有本所用户可见）');
    const publishAt = isoOrNull(b.publishAt);
    const withdrawAt = isoOrNull(b.withdrawAt);
    if (publishAt && withdrawAt && withdrawAt <= publishAt) fail('BAD_REQUEST', '下线时间须晚于发布时间');
    if (b.roleIds.length) {
      const roles = await this.repo.assignableRoles(instituteId);
      const side = b.type === NoticeType.SUPPLIER ? 2 : b.type === NoticeType.BUYER ? 1 : null;
      const ok = new Set(roles.filter((r) => side === null || r.side === side).map((r) => r.id));
      if (b.roleIds.some((id) => !ok.has(id))) fail('BAD_REQUEST', '所选角色不存在或不适用于该公告');
    }
    const fresh = b.fileIds.filter((id) => !keepFiles.includes(id));
    if (fresh.length) await this.files.mustBeAttachable(fresh, 'notice', w.caller.userId);
    return { publishAt, withdrawAt, roleIds: [...new Set(b.roleIds)], fileIds: [...new Set(b.fileIds)] };
  }

  async addNotice(w: Who, b: NoticeInput) {
    const scope = this.manageScope(w.caller, b.instituteId ?? undefined);
    const instituteId = scope.all ? (b.instituteId ?? null) : scope.instituteId;
    const c = await this.checkNotice(w, b, instituteId);
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insertNotice({
        title: b.title,
        content: sanitizeRichText(b.content),
        type: b.type,
        status: NoticeStatus.DRAFT,
        top: b.top ? 1 : 0,
        published_at: null,
        institute_id: instituteId,
        publish_at: c.publishAt,
        withdraw_at: c.withdrawAt,
        created_by: w.caller.userId,
        created_at: now,
        updated_at: now,
      });
      await r.setNoticeRoles(id, c.roleIds);
      await r.setNoticeFiles(id, c.fileIds);
      await writeAudit(trx, { userId: w.caller.userId, action: 'notice.add', target: `notice:${id}`, detail: { title: b.title }, ip: w.ip });
      return { id };
    });
  }

  /** The notice, when it is in the caller's scope (otherwise: not found). */
  private async ownNotice(caller: Caller, id: number) {
    const n = await this.repo.noticeById(id);
    if (!n || !this.inScope(this.manageScope(caller), n)) return fail('NOT_FOUND', '公告不存在');
    return n;
  }

  async updateNotice(w: Who, b: NoticeInput & { id: number }) {
    const cur = await this.ownNotice(w.caller, b.id);
    // the institute never changes on edit
    if (b.instituteId !== undefined && b.instituteId !== cur.institute_id) fail('BAD_REQUEST', '公告所属研究所不能修改');
    const kept = (await this.repo.noticeFiles([b.id])).map((f) => f.id);
    const c = await this.checkNotice(w, b, cur.institute_id, kept);
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.updateNotice(b.id, {
        title: b.title,
        content: sanitizeRichText(b.content),
        type: b.type,
        top: b.top ? 1 : 0,
        publish_at: c.publishAt,
        withdraw_at: c.withdrawAt,
        updated_at: nowIso(),
      });
      if (!res.numUpdatedRows) fail('NOT_FOUND', '公告不存在');
      await r.setNoticeRoles(b.id, c.roleIds);
      await r.setNoticeFiles(b.id, c.fileIds);
      await writeAudit(trx, { userId: w.caller.userId, action: 'notice.update', target: `notice:${b.id}`, ip: w.ip });
    });
  }

  /** Publishes or takes a notice offline; the transitions table says from which states. */
  async moveNotice(w: Who, id: number, action: NoticeAction) {
    await this.ownNotice(w.caller, id);
    await this.repo.inTransaction(async (r, trx) => {
      const n = await r.noticeById(id);
      if (!n) return fail('NOT_FOUND', '公告不存在');
      const to = transition(NOTICE_TRANSITIONS, noticeStateOf(n.status), action, 'manager');
      if (!to) return fail('STATE_CONFLICT', action === 'publish' ? '公告已发布' : '公告未发布，无需下线');
      const now = nowIso();
      // publishing again after the window closed would show nothing: the old end is dropped
      const reopen = to === 'published' && n.withdraw_at !== null && n.withdraw_at <= now;
      await r.updateNotice(id, {
        status: NOTICE_STATE_CODE[to],
        published_at: to === 'published' ? now : n.published_at,
        ...(reopen ? { withdraw_at: null } : {}),
        updated_at: now,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: `notice.${action}`, target: `notice:${id}`, ip: w.ip });
    });
  }

  async deleteNotice(w: Who, id: number) {
    await this.ownNotice(w.caller, id);
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.deleteNotice(id);
      if (!res.numDeletedRows) fail('NOT_FOUND', '公告不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'notice.delete', target: `notice:${id}`, ip: w.ip });
    });
  }

  // ── page configuration ───────────────────────────────────────────────────
  private pageConfigVO(p: Selectable<PageConfigTable>) {
    return {
      id: p.id,
      kind: p.kind as 'loginSwiper',
      title: p.title,
      imageFileId: p.image_file_id,
      // an uploaded image, else the built-in picture a fresh install starts with
      imageUrl: p.image_file_id ? this.files.signedUrl(p.image_file_id) : p.image_path,
      linkUrl: p.link_url,
      content: p.content,
      sort: p.sort,
      status: p.status,
    };
  }

  async pageConfigPage(q: { kind?: string; status?: number; current: number; size: number }) {
    const { rows, total } = await this.repo.pageConfigPage(q);
    return { records: rows.map((r) => this.pageConfigVO(r)), total, current: q.current, size: q.size };
  }

  /** What the public pages show: the started configurations of one kind, in order. */
  async validPageConfigs(kind: string) {
    return (await this.repo.activePageConfigs(kind)).map((r) => this.pageConfigVO(r));
  }

  async loginFileUrl(id: number) {
    const p = await this.repo.pageConfigById(id);
    if (p?.status !== 1 || !(p.image_file_id || p.image_path)) return fail('NOT_FOUND', '图片不存在或已停用');
    return { url: p.image_file_id ? this.files.signedUrl(p.image_file_id) : (p.image_path as string) };
  }

  private async checkImage(w: Who, fileId: number | null | undefined) {
    if (fileId) await this.files.mustBeAttachable([fileId], 'pageConfig', w.caller.userId);
  }

  async addPageConfig(w: Who, b: { kind: string; title: string; imageFileId?: number | null; linkUrl?: string | null; content?: string | null; sort: number }) {
    await this.checkImage(w, b.imageFileId);
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insertPageConfig({
        kind: b.kind,
        title: b.title,
        image_file_id: b.imageFileId ?? null,
        link_url: b.linkUrl ?? null,
        content: b.content ? sanitizeRichText(b.content) : null,
        sort: b.sort,
        status: 0,
        created_at: now,
        updated_at: now,
      });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'pageConfig.add',
        target: `pageConfig:${id}`,
        detail: { kind: b.kind, title: b.title },
        ip: w.ip,
      });
      return { id };
    });
  }

  async updatePageConfig(
    w: Who,
    b: { id: number; kind: string; title: string; imageFileId?: number | null; linkUrl?: string | null; content?: string | null; sort: number },
  ) {
    const cur = await this.repo.pageConfigById(b.id);
    if (!cur) return fail('NOT_FOUND', '配置不存在');
    const newImage = Boolean(b.imageFileId && b.imageFileId !== cur.image_file_id);
    if (newImage) await this.checkImage(w, b.imageFileId);
    await this.repo.inTransaction(async (r, trx) => {
      await r.updatePageConfig(b.id, {
        kind: b.kind,
        title: b.title,
        image_file_id: b.imageFileId ?? null,
        // an uploaded image replaces the built-in picture for good
        ...(newImage ? { image_path: null } : {}),
        link_url: b.linkUrl ?? null,
        content: b.content ? sanitizeRichText(b.content) : null,
        sort: b.sort,
        updated_at: nowIso(),
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'pageConfig.update', target: `pageConfig:${b.id}`, ip: w.ip });
    });
  }

  async movePageConfig(w: Who, id: number, action: 'start' | 'stop') {
    await this.repo.inTransaction(async (r, trx) => {
      const p = await r.pageConfigById(id);
      if (!p) return fail('NOT_FOUND', '配置不存在');
      const to = transition(PAGE_CONFIG_TRANSITIONS, p.status === 1 ? 'active' : 'stopped', action, 'manager');
      if (!to) return fail('STATE_CONFLICT', action === 'start' ? '该配置已启用' : '该配置已停用');
      await r.updatePageConfig(id, { status: to === 'active' ? 1 : 0, updated_at: nowIso() });
      await writeAudit(trx, { userId: w.caller.userId, action: `pageConfig.${action}`, target: `pageConfig:${id}`, ip: w.ip });
    });
  }

  async deletePageConfig(w: Who, id: number) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.deletePageConfig(id);
      if (!res.numDeletedRows) fail('NOT_FOUND', '配置不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'pageConfig.delete', target: `pageConfig:${id}`, ip: w.ip });
    });
  }

  // ── help centre ──────────────────────────────────────────────────────────
  /** The three-level menu with contents (docs/domains/site.md#help-menu help-centre item: meun, content, child). */
  async helpTree(): Promise<HelpNode[]> {
    const rows = await this.repo.helpItems();
    const nodes = new Map<number, HelpNode>(rows.map((r) => [r.id, { id: r.id, meun: r.title, content: r.content, sort: r.sort, child: [] }]));
    const roots: HelpNode[] = [];
    for (const r of rows) {
      const n = nodes.get(r.id) as HelpNode;
      const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
      if (parent) parent.child.push(n);
      else roots.push(n);
    }
    return roots;
  }

  private async depthOf(id: number): Promise<number> {
    let depth = 1;
    let cur = await this.repo.helpById(id);
    if (!cur) return fail('NOT_FOUND', '上级条目不存在');
    while (cur?.parent_id) {
      depth++;
      cur = await this.repo.helpById(cur.parent_id);
    }
    return depth;
  }

  async addHelp(w: Who, b: { parentId: number | null; meun: string; content: string; sort: number }) {
    if (b.parentId !== null && (await this.depthOf(b.parentId)) >= 3) fail('BAD_REQUEST', '帮助中心最多三级菜单');
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insertHelp({
        parent_id: b.parentId,
        title: b.meun,
        content: sanitizeRichText(b.content),
        sort: b.sort,
        created_at: now,
        updated_at: now,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'help.add', target: `help:${id}`, detail: { title: b.meun }, ip: w.ip });
      return { id };
    });
  }

  async updateHelp(w: Who, b: { id: number; meun: string; content: string; sort: number }) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.updateHelp(b.id, { title: b.meun, content: sanitizeRichText(b.content), sort: b.sort, updated_at: nowIso() });
      if (!res.numUpdatedRows) fail('NOT_FOUND', '帮助条目不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'help.update', target: `help:${b.id}`, ip: w.ip });
    });
  }

  async deleteHelp(w: Who, id: number) {
    if (await this.repo.helpHasChildren(id)) fail('BAD_REQUEST', '请先删除该条目下的子条目');
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.deleteHelp(id);
      if (!res.numDeletedRows) fail('NOT_FOUND', '帮助条目不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'help.delete', target: `help:${id}`, ip: w.ip });
    });
  }
}
