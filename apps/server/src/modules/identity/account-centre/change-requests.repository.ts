import type { ChangeKind, ChangeStatus } from '@kc/contracts/identity/account-centre';
import { sql, type Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { writeSetting } from '../../../platform/db/settings.ts';

/** change_request rows and the few user columns the account centre reads (uac writes them: AccountsService). */
export class ChangeRequestsRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it (and the transaction, for uac's account writes). */
  inTransaction<T>(fn: (r: ChangeRequestsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ChangeRequestsRepository(trx), trx));
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }

  user(id: number) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'user_name', 'real_name', 'phone_num', 'email', 'account_type', 'institute_id', 'verification', 'deleted', 'status'])
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
  }
  userByName(userName: string) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'user_name', 'real_name', 'phone_num', 'email', 'account_type', 'institute_id', 'verification', 'deleted', 'status'])
      .where(sql<boolean>`lower(user_name) = ${userName.toLowerCase()}`)
      .where('deleted', '=', 0)
      .executeTakeFirst();
  }
  /** A name is taken by any account (deleted ones too: their name stays with their history) or reserved by a pending request. */
  async nameTaken(userName: string, exceptRequest?: number) {
    const key = userName.toLowerCase();
    const user = await this.db.selectFrom('app_user').select('id').where(sql<boolean>`lower(user_name) = ${key}`).executeTakeFirst();
    if (user) return true;
    let q = this.db.selectFrom('change_request').select('id').where('name_key', '=', key).where('status', '=', 'pending');
    if (exceptRequest) q = q.where('id', '!=', exceptRequest);
    return !!(await q.executeTakeFirst());
  }
  phoneTaken(phone: string, exceptUser: number) {
    return this.db
      .selectFrom('app_user')
      .select('id')
      .where('phone_num', '=', phone)
      .where('deleted', '=', 0)
      .where('id', '!=', exceptUser)
      .executeTakeFirst()
      .then((r) => !!r);
  }
  insert(r: {
    kind: ChangeKind;
    userId: number;
    instituteId: number | null;
    oldValue: unknown;
    newValue: unknown;
    nameKey: string | null;
    status?: ChangeStatus;
    reviewerId?: number;
    reason?: string;
  }) {
    const now = nowIso();
    return this.db
      .insertInto('change_request')
      .values({
        kind: r.kind,
        user_id: r.userId,
        institute_id: r.instituteId,
        old_value: JSON.stringify(r.oldValue),
        new_value: JSON.stringify(r.newValue),
        name_key: r.nameKey,
        status: r.status ?? 'pending',
        reviewer_id: r.reviewerId ?? null,
        reason: r.reason ?? null,
        created_at: now,
        decided_at: r.status && r.status !== 'pending' ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  get(id: number) {
    return this.db.selectFrom('change_request').selectAll().where('id', '=', id).executeTakeFirst();
  }
  pendingOf(userId: number, kind: ChangeKind) {
    return this.db
      .selectFrom('change_request')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }
  /** Decides a request only while it is still pending (two reviewers at once: one wins). The reserved name is released. */
  async decide(id: number, to: ChangeStatus, reviewerId: number, reason: string | null) {
    const r = await this.db
      .updateTable('change_request')
      .set({ status: to, reviewer_id: reviewerId, reason, decided_at: nowIso(), name_key: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private listed() {
    return this.db
      .selectFrom('change_request as c')
      .innerJoin('app_user as u', 'u.id', 'c.user_id')
      .leftJoin('app_user as r', 'r.id', 'c.reviewer_id')
      .leftJoin('institute as i', 'i.id', 'c.institute_id');
  }
  private columns = [
    'c.id',
    'c.kind',
    'c.user_id',
    'u.user_name',
    'u.real_name',
    'i.name as institute_name',
    'c.old_value',
    'c.new_value',
    'c.status',
    'r.user_name as reviewer_name',
    'c.reason',
    'c.created_at',
    'c.decided_at',
  ] as const;

  /** instituteId: null = every request (platform); a number = that institute's users only. */
  async page(kind: ChangeKind, scope: { all: true } | { instituteId: number }, f: { status?: ChangeStatus; userName?: string }, offset: number, limit: number) {
    let q = this.listed().where('c.kind', '=', kind);
    if (!('all' in scope)) q = q.where('c.institute_id', '=', scope.instituteId);
    if (f.status) q = q.where('c.status', '=', f.status);
    if (f.userName) q = q.where(containsText('u.user_name', f.userName));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.select(this.columns).orderBy('c.id', 'desc').offset(offset).limit(limit).execute();
    return { total: Number(total.n), rows };
  }
  latestOf(userId: number, kind: ChangeKind) {
    return this.listed().select(this.columns).where('c.user_id', '=', userId).where('c.kind', '=', kind).orderBy('c.id', 'desc').executeTakeFirst();
  }
  setting(name: string) {
    return this.db.selectFrom('setting').select('value').where('name', '=', name).executeTakeFirst();
  }
  saveSetting(name: string, value: string) {
    return writeSetting(this.db, name, value);
  }
  instituteByCode(code: string) {
    return this.db
      .selectFrom('institute')
      .select(['id', 'name'])
      .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
      .where('status', '=', 1)
      .executeTakeFirst();
  }
}
export type RequestRow = NonNullable<Awaited<ReturnType<ChangeRequestsRepository['latestOf']>>>;
