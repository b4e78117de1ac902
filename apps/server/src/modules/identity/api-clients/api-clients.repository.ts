import { WEB_CLIENT_ID } from '@kc/contracts/platform/signing';
import type { Insertable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { ApiClientTable } from '../../../platform/db/schema.ts';

/** SQL of the 接口客户端 registry (api_client, never the web app's own client) and its day counts. */
export class ApiClientsRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: ApiClientsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ApiClientsRepository(trx)));
  }

  async page(q: { name?: string; status?: number }, limit: number, offset: number) {
    let base = this.db.selectFrom('api_client as a').leftJoin('institute as i', 'i.id', 'a.institute_id').where('a.client_id', '!=', WEB_CLIENT_ID);
    if (q.name) {
      const k = q.name;
      base = base.where((eb) => eb.or([containsText('a.name', k), containsText('a.client_id', k)]));
    }
    if (q.status !== undefined) base = base.where('a.status', '=', q.status);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'a.id',
        'a.client_id',
        'a.name',
        'a.institute_id',
        'i.name as institute_name',
        'a.status',
        'a.scopes',
        'a.created_at',
        'a.rotated_at',
        'a.revoked_at',
      ])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(n) };
  }

  /** the calls of these clients per day since `since` (Beijing days) */
  async dayCounts(ids: number[], since: string) {
    if (!ids.length) return [];
    return this.db
      .selectFrom('api_client_count')
      .select(['api_client_id', 'day', 'calls'])
      .where('api_client_id', 'in', ids)
      .where('day', '>=', since)
      .execute();
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  byId(id: number) {
    return this.db.selectFrom('api_client').select(['id', 'client_id', 'status']).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<ApiClientTable>) {
    const { id } = await this.db.insertInto('api_client').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, v: { name: string; institute_id: number | null; scopes: string }) {
    await this.db.updateTable('api_client').set(v).where('id', '=', id).execute();
  }

  /** a new secret and signing key for an active client; false when it was revoked meanwhile */
  async rotate(id: number, v: { secret_hash: string; sign_key: string; rotated_at: string }) {
    const u = await this.db.updateTable('api_client').set(v).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
    return Number(u.numUpdatedRows) > 0;
  }

  /** false when it was revoked already */
  async revoke(id: number, at: string) {
    const u = await this.db.updateTable('api_client').set({ status: 0, revoked_at: at }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
    return Number(u.numUpdatedRows) > 0;
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
