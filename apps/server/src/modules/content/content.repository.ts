import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, HelpItemTable, NoticeTable, PageConfigTable } from '../../platform/db/schema.ts';

/** SQL for notices, page configuration and help items. */
export class ContentRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

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
