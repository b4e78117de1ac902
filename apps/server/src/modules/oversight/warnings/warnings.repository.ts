import type { RuleType, WarningQuery, WarningState } from '@kc/contracts/oversight/warnings';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { type Scope, type ScopeColumns, scopeWhere } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { Candidate, RuleCheck } from './warning-checks.ts';
import { addDays, dayStartIso } from './warning-days.ts';

/**
 * How warnings meet a data scope: the institute's people see its warnings, a department's those of
 * its teams, a team leader the team's, everyone their own (`user_id`). The owner condition is added
 * to every scope (`visible`), so a PI sees the warning about their grant card whatever their role.
 */
export const WARNING_SCOPE: ScopeColumns<'warning'> = {
  institute: (eb, instituteId) => eb('warning.institute_id', '=', instituteId),
  dept: (eb, prefix) =>
    eb.exists(
      eb
        .selectFrom('team as wt')
        .innerJoin('dept as wd', 'wd.id', 'wt.dept_id')
        .select('wt.id')
        .whereRef('wt.id', '=', 'warning.team_id')
        .where('wd.path', 'like', prefix),
    ),
  teams: (eb, teamIds, instituteId) => eb.and([eb('warning.institute_id', '=', instituteId), eb('warning.team_id', 'in', teamIds)]),
  self: (eb, userId) => eb('warning.user_id', '=', userId),
};

const CHUNK = 200;

export class WarningsRepository {
  constructor(readonly db: Kysely<DB>) {}

  inTransaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The scope condition plus “the caller's own”. */
  private visible(scope: Scope, userId: number): Expression<SqlBool> | null {
    const cond = scopeWhere(scope, WARNING_SCOPE);
    if (cond === null) return null;
    return sql<SqlBool>`(${cond} or warning.user_id = ${userId})`;
  }

  // ── rules ──
  /** The institute's saved rules (on this repository's executor). */
  rules(instituteId: number) {
    return this.rulesOf(this.db, instituteId);
  }

  /** What one rule's check finds in the institute today (the checks are read-only queries, warning-checks.ts). */
  find(check: RuleCheck, instituteId: number, threshold: number, today: string, names?: Map<string, string>) {
    return check(this.db, instituteId, threshold, today, names);
  }

  rulesOf(db: Executor, instituteId: number) {
    return db.selectFrom('warning_rule').selectAll().where('institute_id', '=', instituteId).execute();
  }

  async saveRule(trx: Transaction<DB>, r: { instituteId: number; type: RuleType; enabled: boolean; threshold: number; by: number }) {
    const now = nowIso();
    await trx
      .insertInto('warning_rule')
      .values({ institute_id: r.instituteId, rule_type: r.type, enabled: r.enabled ? 1 : 0, threshold: r.threshold, updated_by: r.by, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['institute_id', 'rule_type']).doUpdateSet({ enabled: r.enabled ? 1 : 0, threshold: r.threshold, updated_by: r.by, updated_at: now }),
      )
      .execute();
  }

  institutes(onlyId?: number) {
    let q = this.db.selectFrom('institute').select(['id', 'name']).orderBy('id');
    if (onlyId !== undefined) q = q.where('id', '=', onlyId);
    return q.execute();
  }

  // ── the scan ──
  /** Inserts what is not recorded yet; the unique (institute, type, subject) index drops the rest. */
  async record(trx: Transaction<DB>, instituteId: number, type: RuleType, found: Candidate[]): Promise<number> {
    const now = nowIso();
    let created = 0;
    for (let i = 0; i < found.length; i += CHUNK) {
      const r = await trx
        .insertInto('warning')
        .values(
          found.slice(i, i + CHUNK).map((c) => ({
            institute_id: instituteId,
            rule_type: type,
            subject_key: c.subjectKey,
            team_id: c.teamId,
            user_id: c.userId,
            title: c.title,
            detail: c.detail,
            link: c.link,
            due_on: c.dueOn,
            state: 'new',
            snoozed_until: null,
            acted_by: null,
            acted_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['institute_id', 'rule_type', 'subject_key']).doNothing())
        .executeTakeFirst();
      created += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return created;
  }

  unresolved(trx: Transaction<DB>, instituteId: number, type: RuleType) {
    return trx
      .selectFrom('warning')
      .select(['id', 'subject_key'])
      .where('institute_id', '=', instituteId)
      .where('rule_type', '=', type)
      .where('state', '!=', 'resolved')
      .execute();
  }

  dueSnoozed(trx: Transaction<DB>, instituteId: number, today: string) {
    return trx
      .selectFrom('warning')
      .select('id')
      .where('institute_id', '=', instituteId)
      .where('state', '=', 'snoozed')
      .where('snoozed_until', '<=', today)
      .execute();
  }

  /** A conditional move of many rows (each still in one of `from`); answers how many moved. */
  async moveMany(trx: Transaction<DB>, ids: number[], from: WarningState[], to: WarningState, actedBy: number | null): Promise<number> {
    let moved = 0;
    const now = nowIso();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const r = await trx
        .updateTable('warning')
        .set({ state: to, snoozed_until: null, acted_by: actedBy, acted_at: now, updated_at: now })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('state', 'in', from)
        .executeTakeFirst();
      moved += Number(r.numUpdatedRows);
    }
    return moved;
  }

  // ── people ──
  private listQuery(scope: Scope, userId: number, f: WarningQuery) {
    let q = this.db.selectFrom('warning');
    const vis = this.visible(scope, userId);
    if (vis) q = q.where(vis);
    if (f.type) q = q.where('warning.rule_type', '=', f.type);
    if (f.state === 'open') q = q.where('warning.state', 'in', ['new', 'acknowledged']);
    else if (f.state) q = q.where('warning.state', '=', f.state);
    if (f.dateFrom) q = q.where('warning.created_at', '>=', dayStartIso(f.dateFrom));
    if (f.dateTo) q = q.where('warning.created_at', '<', dayStartIso(addDays(f.dateTo, 1)));
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([containsText('warning.title', k), containsText('warning.detail', k)]));
    }
    return q;
  }

  async page(scope: Scope, userId: number, f: WarningQuery) {
    const base = this.listQuery(scope, userId, f);
    const [rows, count] = await Promise.all([
      base
        .leftJoin('team', 'team.id', 'warning.team_id')
        .leftJoin('app_user as owner', 'owner.id', 'warning.user_id')
        .leftJoin('app_user as actor', 'actor.id', 'warning.acted_by')
        .selectAll('warning')
        .select(['team.name as team_name', 'owner.real_name as owner_name', 'actor.real_name as actor_name'])
        .orderBy('warning.id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** One warning the caller may see, or undefined. */
  findVisible(db: Executor, scope: Scope, userId: number, id: number) {
    let q = db.selectFrom('warning').select(['id', 'state', 'institute_id']).where('id', '=', id);
    const vis = this.visible(scope, userId);
    if (vis) q = q.where(vis);
    return q.executeTakeFirst();
  }

  async move(trx: Transaction<DB>, id: number, from: WarningState, to: WarningState, actedBy: number, snoozedUntil: string | null) {
    const now = nowIso();
    const r = await trx
      .updateTable('warning')
      .set({ state: to, snoozed_until: snoozedUntil, acted_by: actedBy, acted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // ── digest ──
  /** New warnings per institute and owner (null = the institute's own), with their types. */
  newByOwner() {
    return this.db
      .selectFrom('warning')
      .select(['institute_id', 'user_id', 'rule_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'new')
      .groupBy(['institute_id', 'user_id', 'rule_type'])
      .execute();
  }

  /** Records today's digest for a person once: false when they already had one today. */
  async claimDigest(trx: Transaction<DB>, userId: number, day: string, warnings: number) {
    const r = await trx
      .insertInto('warning_digest')
      .values({ user_id: userId, day, warnings, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  // ── checkout hint ──
  /** How often the team (or, without a team, the buyer) ordered each item since `since`, and when last; refused and cancelled orders do not count. */
  orderedRecently(instituteId: number, who: { teamId: number | null; userId: number }, itemIds: number[], since: string) {
    let q = this.db
      .selectFrom('order_line')
      .innerJoin('purchase_order as o', 'o.id', 'order_line.order_id')
      .select(['order_line.item_id', (eb) => eb.fn.count<number>('o.id').distinct().as('times'), (eb) => eb.fn.max('o.created_at').as('last_at')])
      .where('o.institute_id', '=', instituteId)
      .where('order_line.item_id', 'in', itemIds)
      .where('o.created_at', '>=', since)
      .where('o.status', 'not in', ['refused', 'cancelled', 'stopped'])
      .groupBy('order_line.item_id');
    q = who.teamId !== null ? q.where('o.team_id', '=', who.teamId) : q.where('o.buyer_id', '=', who.userId);
    return q.execute();
  }

  /** What the team (or, without a team, the buyer) holds in stock of each item: containers' worth and amount left. */
  heldInStock(instituteId: number, who: { teamId: number | null; userId: number }, itemIds: number[]) {
    let q = this.db
      .selectFrom('inventory_container as c')
      .select((eb) => [
        'c.item_id',
        eb.fn.max('c.unit').as('unit'),
        eb.fn.sum<number>(eb('c.quantity_left', '/', eb.ref('c.quantity_total'))).as('worth'),
        eb.fn.sum<number>('c.quantity_left').as('left'),
      ])
      .where('c.institute_id', '=', instituteId)
      .where('c.item_id', 'in', itemIds)
      .where('c.state', '=', 'in_stock')
      .where('c.quantity_left', '>', 0)
      .where('c.quantity_total', '>', 0)
      .groupBy('c.item_id');
    q = who.teamId !== null ? q.where('c.team_id', '=', who.teamId) : q.where('c.owner_id', '=', who.userId);
    return q.execute();
  }
}
