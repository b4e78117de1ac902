import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB, ExternalInterfaceTable } from '../../../platform/db/schema.ts';

/** The external-interface registry, its day counts and call log: every SQL of the module. */
export class ExternalRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }

  async page(q: { name?: string; kind?: string; current: number; size: number }) {
    let base = this.db.selectFrom('external_interface').where('deleted', '=', 0);
    if (q.name) {
      const k = q.name;
      base = base.where((eb) => eb.or([containsText('name', k), containsText('code', k)]));
    }
    if (q.kind) base = base.where('kind', '=', q.kind);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return { rows, total: Number(n) };
  }

  byId(id: number) {
    return this.db.selectFrom('external_interface').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  }

  /** the interface a lookup of this kind uses: the first enabled one */
  forKind(kind: string) {
    return this.db
      .selectFrom('external_interface')
      .selectAll()
      .where('kind', '=', kind)
      .where('enabled', '=', 1)
      .where('deleted', '=', 0)
      .orderBy('id')
      .executeTakeFirst();
  }

  insert(trx: Executor, row: Insertable<ExternalInterfaceTable>) {
    return trx.insertInto('external_interface').values(row).returning('id').executeTakeFirstOrThrow();
  }

  update(trx: Executor, id: number, row: Updateable<ExternalInterfaceTable>) {
    return trx.updateTable('external_interface').set(row).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  }

  /** counts of one day for some interfaces */
  async dayCounts(ids: number[], day: string) {
    if (!ids.length) return new Map<number, { calls: number; failures: number }>();
    const rows = await this.db
      .selectFrom('external_count')
      .select(['interface_id', 'calls', 'failures'])
      .where('interface_id', 'in', ids)
      .where('day', '=', day)
      .execute();
    return new Map(rows.map((r) => [r.interface_id, { calls: Number(r.calls), failures: Number(r.failures) }]));
  }

  /** one call: its log row and its day's counters (one upsert, so concurrent calls never lose a count) */
  async record(e: {
    interfaceId: number;
    target: string;
    outcome: string;
    httpStatus: number | null;
    latencyMs: number;
    error: string | null;
    at: string;
    day: string;
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('external_serve_log')
        .values({
          interface_id: e.interfaceId,
          target: e.target,
          outcome: e.outcome,
          http_status: e.httpStatus,
          latency_ms: e.latencyMs,
          error: e.error,
          called_at: e.at,
        })
        .execute();
      const failed = e.outcome === 'ok' ? 0 : 1;
      await trx
        .insertInto('external_count')
        .values({ interface_id: e.interfaceId, day: e.day, calls: 1, failures: failed, latency_total_ms: e.latencyMs })
        .onConflict((oc) =>
          oc.columns(['interface_id', 'day']).doUpdateSet({
            calls: sql`external_count.calls + 1`,
            failures: sql`external_count.failures + ${failed}`,
            latency_total_ms: sql`external_count.latency_total_ms + ${e.latencyMs}`,
          }),
        )
        .execute();
    });
  }

  async countPage(q: { interfaceId?: number; from?: string; to?: string; current: number; size: number }) {
    let base = this.db.selectFrom('external_count as c').innerJoin('external_interface as i', 'i.id', 'c.interface_id');
    if (q.interfaceId) base = base.where('c.interface_id', '=', q.interfaceId);
    if (q.from) base = base.where('c.day', '>=', q.from);
    if (q.to) base = base.where('c.day', '<=', q.to);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['c.interface_id', 'i.name', 'c.day', 'c.calls', 'c.failures', 'c.latency_total_ms'])
      .orderBy('c.day', 'desc')
      .orderBy('c.interface_id')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return { rows, total: Number(n) };
  }

  /** every live interface's totals over the kept counts */
  totals() {
    return this.db
      .selectFrom('external_interface as i')
      .leftJoin('external_count as c', 'c.interface_id', 'i.id')
      .select(['i.id', 'i.code', 'i.name', 'i.kind'])
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('c.calls'), sql<number>`0`).as('calls'),
        eb.fn.coalesce(eb.fn.sum<number>('c.failures'), sql<number>`0`).as('failures'),
        eb.fn.coalesce(eb.fn.sum<number>('c.latency_total_ms'), sql<number>`0`).as('latency'),
      ])
      .where('i.deleted', '=', 0)
      .groupBy(['i.id', 'i.code', 'i.name', 'i.kind'])
      .orderBy('i.id')
      .execute();
  }

  async logPage(q: { interfaceId?: number; outcome?: string; from?: string; to?: string; current: number; size: number }) {
    let base = this.db.selectFrom('external_serve_log as l').innerJoin('external_interface as i', 'i.id', 'l.interface_id');
    if (q.interfaceId) base = base.where('l.interface_id', '=', q.interfaceId);
    if (q.outcome) base = base.where('l.outcome', '=', q.outcome);
    if (q.from) base = base.where('l.called_at', '>=', q.from);
    if (q.to) base = base.where('l.called_at', '<', q.to);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('l')
      .select('i.name as interface_name')
      .orderBy('l.id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return { rows, total: Number(n) };
  }

  /** deletes log rows and day counts older than the cut-off */
  async purgeBefore(cutoffIso: string, cutoffDay: string) {
    const logs = await this.db.deleteFrom('external_serve_log').where('called_at', '<', cutoffIso).executeTakeFirst();
    const counts = await this.db.deleteFrom('external_count').where('day', '<', cutoffDay).executeTakeFirst();
    return { logs: Number(logs.numDeletedRows), counts: Number(counts.numDeletedRows) };
  }
}
