import { type HelpNode, NoticeStatus, NoticeType } from '@kc/contracts/content';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../platform/audit/audit.ts';
import type { Caller } from '../../platform/auth/access.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { NoticeTable, PageConfigTable } from '../../platform/db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { transition } from '../approvals/index.ts';
import type { FilesService } from '../files/index.ts';
import type { ContentRepository } from './content.repository.ts';
import { NOTICE_STATE_CODE, NOTICE_TRANSITIONS, type NoticeAction, noticeStateOf, PAGE_CONFIG_TRANSITIONS } from './content-states.ts';
import { sanitizeRichText } from './sanitize.ts';

type Who = { caller: Caller; ip: string };

/** Notice types an account may read: the public ones plus its side's (SPEC.md §7: 2 buyers, 3 suppliers). */
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
});

/** Notices, page configuration (banners, login carousel, agreements) and help-centre items, managed by the platform admin. */
export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly files: FilesService,
  ) {}

  // ── notices ───────────────────────────────────────────────────────────────
  /** Readers see published notices of their types; managers see every state. */
  async noticePage(caller: Caller | null, canManage: boolean, q: { status?: number; type?: number; title?: string; current: number; size: number }) {
    const allowed = caller ? readableNoticeTypes(caller.accountType) : [NoticeType.PUBLIC];
    if (!canManage && q.type !== undefined && !allowed.includes(q.type as 1)) fail('FORBIDDEN', '无权查看该类公告');
    const types = q.type !== undefined ? [q.type] : canManage ? undefined : allowed;
    const status = canManage ? q.status : NoticeStatus.PUBLISHED;
    const { rows, total } = await this.repo.noticePage({ status, types, title: q.title, current: q.current, size: q.size });
    return { records: rows.map(noticeVO), total, current: q.current, size: q.size };
  }

  async noticeById(caller: Caller | null, canManage: boolean, id: number) {
    const n = await this.repo.noticeById(id);
    const allowed = caller ? readableNoticeTypes(caller.accountType) : [NoticeType.PUBLIC];
    if (!n || (!canManage && (n.status !== NoticeStatus.PUBLISHED || !allowed.includes(n.type as 1)))) return fail('NOT_FOUND', '公告不存在或已下线');
    return noticeVO(n);
  }

  async addNotice(w: Who, b: { title: string; content: string; type: number; top: boolean }) {
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insertNotice({
        title: b.title,
        content: sanitizeRichText(b.content),
        type: b.type,
        status: NoticeStatus.DRAFT,
        top: b.top ? 1 : 0,
        published_at: null,
        created_by: w.caller.userId,
        created_at: now,
        updated_at: now,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'notice.add', target: `notice:${id}`, detail: { title: b.title }, ip: w.ip });
      return { id };
    });
  }

  async updateNotice(w: Who, b: { id: number; title: string; content: string; type: number; top: boolean }) {
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.updateNotice(b.id, { title: b.title, content: sanitizeRichText(b.content), type: b.type, top: b.top ? 1 : 0, updated_at: nowIso() });
      if (!res.numUpdatedRows) fail('NOT_FOUND', '公告不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'notice.update', target: `notice:${b.id}`, ip: w.ip });
    });
  }

  /** Publishes or takes a notice offline; the transitions table says from which states. */
  async moveNotice(w: Who, id: number, action: NoticeAction) {
    await this.repo.inTransaction(async (r, trx) => {
      const n = await r.noticeById(id);
      if (!n) return fail('NOT_FOUND', '公告不存在');
      const to = transition(NOTICE_TRANSITIONS, noticeStateOf(n.status), action, 'manager');
      if (!to) return fail('STATE_CONFLICT', action === 'publish' ? '公告已发布' : '公告未发布，无需下线');
      await r.updateNotice(id, { status: NOTICE_STATE_CODE[to], published_at: to === 'published' ? nowIso() : n.published_at, updated_at: nowIso() });
      await writeAudit(trx, { userId: w.caller.userId, action: `notice.${action}`, target: `notice:${id}`, ip: w.ip });
    });
  }

  async deleteNotice(w: Who, id: number) {
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
  /** The three-level menu with contents (SPEC.md §3 help-centre item: meun, content, child). */
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
