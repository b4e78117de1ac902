import { type Kysely, sql } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import { applyUserScope } from '../../../platform/db/data-scope.ts';
import { containsText, escapeLike } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL of the admin console's readers: the outbox of mail and SMS, and the audit log. Newest first. */
export class AdminLogsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async outboxPage(f: { channel?: string; recipient?: string }, offset: number, limit: number) {
    let q = this.db.selectFrom('outbox');
    if (f.channel) q = q.where('channel', '=', f.channel);
    if (f.recipient) q = q.where(containsText('recipient', f.recipient));
    const [{ n }, records] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(n), records };
  }

  /**
   * The audit log's rows matching `f`. `scoped` callers (anyone but the platform admin) see only rows
   * written by users inside their data scope: the row's user must pass the same scope filter as the
   * user lists. `from`/`to` are UTC instants (to exclusive).
   */
  private auditQuery(c: Caller, scoped: boolean, f: AuditRowFilter) {
    let q = scoped
      ? applyUserScope(this.db.selectFrom('audit_log').innerJoin('app_user', 'app_user.id', 'audit_log.user_id'), c)
      : this.db.selectFrom('audit_log').leftJoin('app_user', 'app_user.id', 'audit_log.user_id');
    if (f.action) q = q.where(sql<boolean>`audit_log.action like ${`${escapeLike(f.action)}%`} escape '\\'`);
    if (f.module) q = q.where(sql<boolean>`audit_log.action like ${`${escapeLike(f.module)}.%`} escape '\\'`);
    if (f.userId !== undefined) q = q.where('audit_log.user_id', '=', f.userId);
    if (f.userName) q = q.where(containsText('app_user.user_name', f.userName));
    if (f.from) q = q.where('audit_log.created_at', '>=', f.from);
    if (f.to) q = q.where('audit_log.created_at', '<', f.to);
    return q;
  }

  private auditRows(q: ReturnType<AdminLogsRepository['auditQuery']>) {
    return q
      .select([
        'audit_log.id',
        'audit_log.user_id',
        'app_user.user_name',
        'audit_log.action',
        'audit_log.target',
        'audit_log.detail',
        'audit_log.ip',
        'audit_log.created_at',
      ])
      .orderBy('audit_log.id', 'desc');
  }

  async auditCount(c: Caller, scoped: boolean, f: AuditRowFilter) {
    const { n } = await this.auditQuery(c, scoped, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async auditPage(c: Caller, scoped: boolean, f: AuditRowFilter, offset: number, limit: number) {
    const [total, records] = await Promise.all([
      this.auditCount(c, scoped, f),
      this.auditRows(this.auditQuery(c, scoped, f))
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total, records };
  }

  /** At most `limit` rows, newest first (the export). */
  auditList(c: Caller, scoped: boolean, f: AuditRowFilter, limit: number) {
    return this.auditRows(this.auditQuery(c, scoped, f))
      .limit(limit)
      .execute();
  }
}

export interface AuditRowFilter {
  action?: string;
  module?: string;
  userId?: number;
  userName?: string;
  from?: string;
  to?: string;
}
