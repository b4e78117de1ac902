import { randomBytes } from 'node:crypto';
import { API_CLIENT_SCOPES, type ApiClientScope, type ApiClientSecretVO, type ApiClientVO } from '@kc/contracts/identity/api-clients';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { WEB_CLIENT_ID } from '@kc/contracts/platform/signing';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { sha256Hex } from '../../../platform/auth/tokens.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type ApiClients, parseScopes } from '../../../platform/http/api-clients.ts';
import { fail } from '../../../platform/http/errors.ts';

type ClientBody = { name: string; instituteId: number | null; scopes: ApiClientScope[] };
/** stored in the order the contracts list them */
const scopesText = (s: ApiClientScope[]) => JSON.stringify(API_CLIENT_SCOPES.filter((x) => s.includes(x)));
const knownScopes = (text: string | null) => parseScopes(text).filter((x): x is ApiClientScope => (API_CLIENT_SCOPES as readonly string[]).includes(x));
const secretPair = () => ({ secret: randomBytes(24).toString('base64url'), signKey: randomBytes(32).toString('hex') });

/**
 * 接口客户端 administration: issue, bind to an institute, rotate and revoke the credentials other
 * systems call with; per-client call counts. The web app's own client is not managed here.
 */
export class ApiClientsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clients: ApiClients,
  ) {}

  async page(q: { name?: string; status?: 'active' | 'revoked'; current: number; size: number }) {
    let base = this.db.selectFrom('api_client as a').leftJoin('institute as i', 'i.id', 'a.institute_id').where('a.client_id', '!=', WEB_CLIENT_ID);
    if (q.name) {
      const k = q.name;
      base = base.where((eb) => eb.or([containsText('a.name', k), containsText('a.client_id', k)]));
    }
    if (q.status) base = base.where('a.status', '=', q.status === 'active' ? 1 : 0);
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
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    const ids = rows.map((r) => r.id);
    const today = shanghaiDate();
    const since = shanghaiDate(Date.now() - 29 * 86_400_000);
    const counts = ids.length
      ? await this.db
          .selectFrom('api_client_count')
          .select(['api_client_id', 'day', 'calls'])
          .where('api_client_id', 'in', ids)
          .where('day', '>=', since)
          .execute()
      : [];
    const records: ApiClientVO[] = rows.map((r) => {
      const mine = counts.filter((c) => c.api_client_id === r.id);
      return {
        id: r.id,
        clientId: r.client_id,
        name: r.name,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        status: r.status === 1 ? 'active' : 'revoked',
        scopes: knownScopes(r.scopes),
        createdAt: r.created_at,
        rotatedAt: r.rotated_at,
        revokedAt: r.revoked_at,
        todayCalls: Number(mine.find((c) => c.day === today)?.calls ?? 0),
        last30Calls: mine.reduce((s, c) => s + Number(c.calls), 0),
      };
    });
    return { records, total: Number(n), current: q.current, size: q.size };
  }

  private async checkInstitute(id: number | null) {
    if (id !== null && !(await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst())) fail('BAD_REQUEST', '研究所不存在');
  }

  private async managed(id: number) {
    const r = await this.db.selectFrom('api_client').select(['id', 'client_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!r || r.client_id === WEB_CLIENT_ID) return fail('NOT_FOUND', '接口客户端不存在');
    return r;
  }

  async add(w: Who, b: ClientBody): Promise<ApiClientSecretVO> {
    await this.checkInstitute(b.instituteId);
    const { secret, signKey } = secretPair();
    const clientId = `kc-${randomBytes(6).toString('hex')}`;
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('api_client')
        .values({
          client_id: clientId,
          secret_hash: sha256Hex(secret),
          sign_key: signKey,
          name: b.name,
          status: 1,
          created_at: nowIso(),
          institute_id: b.instituteId,
          scopes: scopesText(b.scopes),
          rotated_at: null,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { userId: w.caller.userId, action: 'apiClient.add', target: `api_client:${id}`, detail: { clientId, ...b }, ip: w.ip });
      return { id, clientId, secret, signKey };
    });
  }

  /** name, institute and scopes; a scope taken away stops working here at once, in other processes within a minute */
  async update(w: Who, id: number, b: ClientBody) {
    const r = await this.managed(id);
    await this.checkInstitute(b.instituteId);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('api_client')
        .set({ name: b.name, institute_id: b.instituteId, scopes: scopesText(b.scopes) })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, { userId: w.caller.userId, action: 'apiClient.update', target: `api_client:${id}`, detail: b, ip: w.ip });
    });
    this.clients.forget(r.client_id);
  }

  /** A new secret and signing key; the old ones stop working (here at once, in other processes within a minute). */
  async rotate(w: Who, id: number): Promise<ApiClientSecretVO> {
    const r = await this.managed(id);
    if (r.status !== 1) return fail('STATE_CONFLICT', '已吊销的接口客户端不能更换密钥');
    const { secret, signKey } = secretPair();
    await this.db.transaction().execute(async (trx) => {
      const u = await trx
        .updateTable('api_client')
        .set({ secret_hash: sha256Hex(secret), sign_key: signKey, rotated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!Number(u.numUpdatedRows)) fail('STATE_CONFLICT', '已吊销的接口客户端不能更换密钥');
      await writeAudit(trx, { userId: w.caller.userId, action: 'apiClient.rotate', target: `api_client:${id}`, ip: w.ip });
    });
    this.clients.forget(r.client_id);
    return { id, clientId: r.client_id, secret, signKey };
  }

  async revoke(w: Who, id: number) {
    const r = await this.managed(id);
    await this.db.transaction().execute(async (trx) => {
      const u = await trx.updateTable('api_client').set({ status: 0, revoked_at: nowIso() }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
      if (!Number(u.numUpdatedRows)) fail('STATE_CONFLICT', '该接口客户端已吊销');
      await writeAudit(trx, { userId: w.caller.userId, action: 'apiClient.revoke', target: `api_client:${id}`, ip: w.ip });
    });
    this.clients.forget(r.client_id);
  }
}
