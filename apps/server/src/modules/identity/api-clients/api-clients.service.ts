import { randomBytes } from 'node:crypto';
import { API_CLIENT_SCOPES, type ApiClientScope, type ApiClientSecretVO, type ApiClientVO } from '@kc/contracts/identity/api-clients';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { WEB_CLIENT_ID } from '@kc/contracts/platform/signing';
import { sha256Hex } from '../../../platform/auth/tokens.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { type ApiClients, parseScopes } from '../../../platform/http/api-clients.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ApiClientsRepository } from './api-clients.repository.ts';

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
    private readonly repo: ApiClientsRepository,
    private readonly clients: ApiClients,
  ) {}

  async page(q: { name?: string; status?: 'active' | 'revoked'; current: number; size: number }) {
    const status = q.status === undefined ? undefined : q.status === 'active' ? 1 : 0;
    const { rows, total } = await this.repo.page({ name: q.name, status }, q.size, (q.current - 1) * q.size);
    const ids = rows.map((r) => r.id);
    const today = shanghaiDate();
    const since = shanghaiDate(Date.now() - 29 * 86_400_000);
    const counts = await this.repo.dayCounts(ids, since);
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
    return { records, total, current: q.current, size: q.size };
  }

  private async checkInstitute(id: number | null) {
    if (id !== null && !(await this.repo.instituteExists(id))) fail('BAD_REQUEST', '研究所不存在');
  }

  private async managed(id: number) {
    const r = await this.repo.byId(id);
    if (!r || r.client_id === WEB_CLIENT_ID) return fail('NOT_FOUND', '接口客户端不存在');
    return r;
  }

  async add(w: Who, b: ClientBody): Promise<ApiClientSecretVO> {
    await this.checkInstitute(b.instituteId);
    const { secret, signKey } = secretPair();
    const clientId = `kc-${randomBytes(6).toString('hex')}`;
    return this.repo.inTransaction(async (r) => {
      const id = await r.insert({
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
      });
      await r.audit({ userId: w.caller.userId, action: 'apiClient.add', target: `api_client:${id}`, detail: { clientId, ...b }, ip: w.ip });
      return { id, clientId, secret, signKey };
    });
  }

  /** name, institute and scopes; a scope taken away stops working here at once, in other processes within a minute */
  async update(w: Who, id: number, b: ClientBody) {
    const r = await this.managed(id);
    await this.checkInstitute(b.instituteId);
    await this.repo.inTransaction(async (tx) => {
      await tx.update(id, { name: b.name, institute_id: b.instituteId, scopes: scopesText(b.scopes) });
      await tx.audit({ userId: w.caller.userId, action: 'apiClient.update', target: `api_client:${id}`, detail: b, ip: w.ip });
    });
    this.clients.forget(r.client_id);
  }

  /** A new secret and signing key; the old ones stop working (here at once, in other processes within a minute). */
  async rotate(w: Who, id: number): Promise<ApiClientSecretVO> {
    const r = await this.managed(id);
    if (r.status !== 1) return fail('STATE_CONFLICT', '已吊销的接口客户端不能更换密钥');
    const { secret, signKey } = secretPair();
    await this.repo.inTransaction(async (tx) => {
      if (!(await tx.rotate(id, { secret_hash: sha256Hex(secret), sign_key: signKey, rotated_at: nowIso() })))
        fail('STATE_CONFLICT', '已吊销的接口客户端不能更换密钥');
      await tx.audit({ userId: w.caller.userId, action: 'apiClient.rotate', target: `api_client:${id}`, ip: w.ip });
    });
    this.clients.forget(r.client_id);
    return { id, clientId: r.client_id, secret, signKey };
  }

  async revoke(w: Who, id: number) {
    const r = await this.managed(id);
    await this.repo.inTransaction(async (tx) => {
      if (!(await tx.revoke(id, nowIso()))) fail('STATE_CONFLICT', '该接口客户端已吊销');
      await tx.audit({ userId: w.caller.userId, action: 'apiClient.revoke', target: `api_client:${id}`, ip: w.ip });
    });
    this.clients.forget(r.client_id);
  }
}
