import { NoticeStatus } from '@kc/contracts/site/content';
import type { ExpressionBuilder, Insertable, Transaction, Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, HelpItemTable, NoticeTable, PageConfigTable } from '../../../platform/db/schema.ts';

/** Who reads: the notice types of their side, their institute and roles, at a moment. */
export interface NoticeReader {
  userId: number | null;
  types: number[];
  instituteId: number | null;
  roleIds: number[];
  now: string;
}

/** Managers: every notice (platform) or one institute's. */
export type NoticeManageScope = { all: true; instituteId?: number } | { all: false; instituteId: number };

type N = ExpressionBuilder<DB & { n: NoticeTable }, 'n'>;

/** A published notice inside its window, of the reader's types, institute and roles. */
export function visibleToReader(eb: N, r: NoticeReader) {
  const roleMatch = eb.exists(
    eb
      .selectFrom('notice_role as nr')
      .select('nr.role_id')
      .whereRef('nr.notice_id', '=', 'n.id')
      .where('nr.role_id', 'in', r.roleIds.length ? r.roleIds : [-1]),
  );
  return eb.and([
    eb('n.status', '=', NoticeStatus.PUBLISHED),
    eb('n.type', 'in', r.types),
    eb.or([eb('n.publish_at', 'is', null), eb('n.publish_at', '<=', r.now)]),
    eb.or([eb('n.withdraw_at', 'is', null), eb('n.withdraw_at', '>', r.now)]),
    r.instituteId === null ? eb('n.institute_id', 'is', null) : eb.or([eb('n.institute_id', 'is', null), eb('n.institute_id', '=', r.instituteId)]),
    eb.or([eb.not(eb.exists(eb.selectFrom('notice_role as nr').select('nr.role_id').whereRef('nr.notice_id', '=', 'n.id'))), roleMatch]),
  ]);
}

/** SQL for notices, page configuration and help items. */
export class ContentRepository {
  constructor(private readonly db: Executor) {}

  /** Runs fn with a repository bound to one transaction (the write and its audit row commit together). */
  inTransaction<T>(fn: (repo: ContentRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ContentRepository(trx), trx));
  }

  async noticePage(f: { status?: number; types?: number[]; title?: string; current: number; size: number }) {
    let q = this.db.selectFrom('notice');
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.types) q = q.where('type', 'in', f.types);
    if (f.title) q = q.where('title', 'like', `%${f.title.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('top', 'desc')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  noticeById(id: number) {
    return this.db.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A reader's list: visible notices with the reader's receipt time (null: unread). */
  async readerNoticePage(r: NoticeReader, f: { types?: number[]; title?: string; unread?: boolean; current: number; size: number }) {
    let q = this.db.selectFrom('notice as n').where((eb) => visibleToReader(eb, r));
    if (f.types) q = q.where('n.type', 'in', f.types);
    if (f.title) q = q.where(containsText('n.title', f.title));
    if (f.unread && r.userId !== null)
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notice_read as rd')
              .select('rd.user_id')
              .whereRef('rd.notice_id', '=', 'n.id')
              .where('rd.user_id', '=', r.userId as number),
          ),
        ),
      );
    const [rows, count] = await Promise.all([
      q
        .selectAll('n')
        .select((eb) =>
          eb
            .selectFrom('notice_read as rd')
            .select('rd.read_at')
            .whereRef('rd.notice_id', '=', 'n.id')
            .where('rd.user_id', '=', r.userId ?? -1)
            .as('read_at'),
        )
        .orderBy('n.top', 'desc')
        .orderBy('n.published_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async readerNoticeById(r: NoticeReader, id: number) {
    return this.db
      .selectFrom('notice as n')
      .selectAll('n')
      .where('n.id', '=', id)
      .where((eb) => visibleToReader(eb, r))
      .executeTakeFirst();
  }

  /** A manager's list (every state) within their scope. */
  async manageNoticePage(s: NoticeManageScope, f: { status?: number; types?: number[]; title?: string; current: number; size: number }) {
    let q = this.db.selectFrom('notice as n');
    if (s.instituteId !== undefined) q = q.where('n.institute_id', '=', s.instituteId);
    if (f.status !== undefined) q = q.where('n.status', '=', f.status);
    if (f.types) q = q.where('n.type', 'in', f.types);
    if (f.title) q = q.where(containsText('n.title', f.title));
    const [rows, count] = await Promise.all([
      q
        .selectAll('n')
        .orderBy('n.top', 'desc')
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async markRead(noticeId: number, userId: number, at: string) {
    await this.db
      .insertInto('notice_read')
      .values({ notice_id: noticeId, user_id: userId, read_at: at })
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .execute();
  }

  async unreadCount(r: NoticeReader & { userId: number }) {
    const row = await this.db
      .selectFrom('notice as n')
      .where((eb) => visibleToReader(eb, r))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('notice_read as rd').select('rd.user_id').whereRef('rd.notice_id', '=', 'n.id').where('rd.user_id', '=', r.userId))),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Users a notice is addressed to: active accounts of its side, institute and roles. */
  private audience(n: { id: number; type: number; institute_id: number | null }) {
    let q = this.db.selectFrom('app_user as u').where('u.deleted', '=', 0).where('u.status', '<>', 0);
    if (n.type === 2) q = q.where('u.account_type', '<>', 2);
    if (n.type === 3) q = q.where('u.account_type', '=', 2);
    if (n.institute_id !== null) q = q.where('u.institute_id', '=', n.institute_id);
    return q.where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('notice_role as nr').select('nr.role_id').where('nr.notice_id', '=', n.id))),
        eb.exists(
          eb
            .selectFrom('notice_role as nr')
            .innerJoin('user_role as ur', 'ur.role_id', 'nr.role_id')
            .select('nr.role_id')
            .where('nr.notice_id', '=', n.id)
            .whereRef('ur.user_id', '=', 'u.id'),
        ),
      ]),
    );
  }

  /** Read receipts and the audience members without one. */
  async readCounts(n: { id: number; type: number; institute_id: number | null }) {
    const [read, unread] = await Promise.all([
      this.db
        .selectFrom('notice_read')
        .where('notice_id', '=', n.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      this.audience(n)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('notice_read as rd').select('rd.user_id').where('rd.notice_id', '=', n.id).whereRef('rd.user_id', '=', 'u.id'))),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { readCount: Number(read.n), unreadCount: Number(unread.n) };
  }

  /** Who read it (newest first), or who in its audience has not yet. */
  async readers(n: { id: number; type: number; institute_id: number | null }, f: { read: boolean; userName?: string; current: number; size: number }) {
    let q = f.read
      ? this.db.selectFrom('app_user as u').innerJoin('notice_read as rd', (j) => j.onRef('rd.user_id', '=', 'u.id').on('rd.notice_id', '=', n.id))
      : this.audience(n)
          .leftJoin('notice_read as rd', (j) => j.onRef('rd.user_id', '=', 'u.id').on('rd.notice_id', '=', n.id))
          .where('rd.user_id', 'is', null);
    if (f.userName) q = q.where((eb) => eb.or([containsText('u.user_name', f.userName as string), containsText('u.real_name', f.userName as string)]));
    const [rows, count] = await Promise.all([
      q
        .leftJoin('institute as i', 'i.id', 'u.institute_id')
        .select(['u.id as userId', 'u.user_name as userName', 'u.real_name as realName', 'i.name as instituteName', 'rd.read_at as readAt'])
        .orderBy('rd.read_at', 'desc')
        .orderBy('u.id')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  noticeRoles(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('notice_role as nr')
      .innerJoin('role as r', 'r.id', 'nr.role_id')
      .select(['nr.notice_id', 'r.id', 'r.name'])
      .where('nr.notice_id', 'in', ids)
      .orderBy('r.id')
      .execute();
  }
  noticeFiles(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('notice_file as nf')
      .innerJoin('file_object as f', 'f.id', 'nf.file_id')
      .select(['nf.notice_id', 'f.id', 'f.original_name', 'f.mime', 'f.size'])
      .where('nf.notice_id', 'in', ids)
      .orderBy('nf.sort')
      .orderBy('f.id')
      .execute();
  }
  async instituteNames(ids: number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await this.db.selectFrom('institute').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  async setNoticeRoles(noticeId: number, roleIds: number[]) {
    await this.db.deleteFrom('notice_role').where('notice_id', '=', noticeId).execute();
    if (roleIds.length)
      await this.db
        .insertInto('notice_role')
        .values(roleIds.map((role_id) => ({ notice_id: noticeId, role_id })))
        .execute();
  }
  async setNoticeFiles(noticeId: number, fileIds: number[]) {
    await this.db.deleteFrom('notice_file').where('notice_id', '=', noticeId).execute();
    if (fileIds.length)
      await this.db
        .insertInto('notice_file')
        .values(fileIds.map((file_id, sort) => ({ notice_id: noticeId, file_id, sort })))
        .execute();
  }
  /** Roles a notice of an institute (null: the platform's) may address: shared roles and the institute's own. */
  assignableRoles(instituteId: number | null) {
    let q = this.db.selectFrom('role').select(['id', 'name', 'code', 'side']).where('supplier_id', 'is', null);
    q =
      instituteId === null
        ? q.where('institute_id', 'is', null)
        : q.where((eb) => eb.or([eb('institute_id', 'is', null), eb('institute_id', '=', instituteId)]));
    return q.orderBy('side').orderBy('id').execute();
  }
  institutes() {
    return this.db.selectFrom('institute').select(['id', 'name', 'code']).execute();
  }
  /** The caller's own notice files by name (newest first): attachments named in a batch that were uploaded before. */
  ownNoticeFiles(userId: number, names: string[]) {
    if (!names.length) return Promise.resolve([]);
    return this.db
      .selectFrom('file_object')
      .select(['id', 'original_name', 'mime'])
      .where('uploaded_by', '=', userId)
      .where('purpose', '=', 'notice')
      .where('original_name', 'in', names)
      .orderBy('id', 'desc')
      .execute();
  }
  insertNotice(row: Insertable<NoticeTable>) {
    return this.db.insertInto('notice').values(row).returning('id').executeTakeFirstOrThrow();
  }
  updateNotice(id: number, set: Updateable<NoticeTable>) {
    return this.db.updateTable('notice').set(set).where('id', '=', id).executeTakeFirst();
  }
  deleteNotice(id: number) {
    return this.db.deleteFrom('notice').where('id', '=', id).executeTakeFirst();
  }

  async pageConfigPage(f: { kind?: string; status?: number; current: number; size: number }) {
    let q = this.db.selectFrom('page_config');
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('kind')
        .orderBy('sort')
        .orderBy('id')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
  activePageConfigs(kind: string) {
    return this.db.selectFrom('page_config').selectAll().where('kind', '=', kind).where('status', '=', 1).orderBy('sort').orderBy('id').execute();
  }
  pageConfigById(id: number) {
    return this.db.selectFrom('page_config').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insertPageConfig(row: Insertable<PageConfigTable>) {
    return this.db.insertInto('page_config').values(row).returning('id').executeTakeFirstOrThrow();
  }
  updatePageConfig(id: number, set: Updateable<PageConfigTable>) {
    return this.db.updateTable('page_config').set(set).where('id', '=', id).executeTakeFirst();
  }
  deletePageConfig(id: number) {
    return this.db.deleteFrom('page_config').where('id', '=', id).executeTakeFirst();
  }

  helpItems() {
    return this.db.selectFrom('help_item').selectAll().orderBy('sort').orderBy('id').execute();
  }
  helpById(id: number) {
    return this.db.selectFrom('help_item').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insertHelp(row: Insertable<HelpItemTable>) {
    return this.db.insertInto('help_item').values(row).returning('id').executeTakeFirstOrThrow();
  }
  updateHelp(id: number, set: Updateable<HelpItemTable>) {
    return this.db.updateTable('help_item').set(set).where('id', '=', id).executeTakeFirst();
  }
  async helpHasChildren(id: number) {
    return !!(await this.db.selectFrom('help_item').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst());
  }
  deleteHelp(id: number) {
    return this.db.deleteFrom('help_item').where('id', '=', id).executeTakeFirst();
  }
}
