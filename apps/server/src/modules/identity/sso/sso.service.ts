import { createHash, randomBytes } from 'node:crypto';
import type { CasConfigBody, CasConfigVO, PartnerVO, SsoCheckVO, SsoMatchField } from '@kc/contracts/identity/sso';
import { PARTNER_TICKET_SECONDS, SSO_MATCH_FIELD_TEXT } from '@kc/contracts/identity/sso';
import type { TokenAnswer } from '@kc/contracts/identity/uac';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { maskPhone } from '../../../platform/auth/tokens.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { SsoCasConfigTable, SsoPartnerTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { PolicyTexts } from '../../site/content/index.ts';
import type { TrustedLogin } from '../uac/index.ts';
import { CAS_TIMEOUT_MS, casLoginUrl, validateTicket } from './cas-client.ts';
import { signPartnerTicket } from './partner-ticket.ts';
import type { SsoRepository } from './sso.repository.ts';

/** The one-time code between ssoCheck.lf and getToken.lf lives 2 minutes. */
const CODE_TTL_MS = 2 * 60_000;
/** A service ticket is remembered this long after its first use; CAS tickets live seconds. */
const TICKET_MEMORY_MS = 30 * 60_000;
const CODE_EXPIRED = '登录凭证无效或已过期，请重新从单位统一身份认证登录';

type CasRow = Selectable<SsoCasConfigTable> & { institute_name: string };

/** The service URL the CAS server knows for an institute: where it sends the browser back with a ticket. */
export const serviceUrlOf = (c: { service_origin: string; code: string }) =>
  `${c.service_origin.replace(/\/+$/, '')}/api/zjs/cas/sso.lf?org=${encodeURIComponent(c.code)}`;

const casVO = (c: CasRow): CasConfigVO => ({
  id: c.id,
  instituteId: c.institute_id,
  instituteName: c.institute_name,
  code: c.code,
  casBaseUrl: c.cas_base_url,
  casVersion: c.cas_version as '2.0' | '3.0',
  serviceOrigin: c.service_origin,
  serviceUrl: serviceUrlOf(c),
  userAttribute: c.user_attribute,
  matchField: c.match_field as SsoMatchField,
  enabled: c.enabled === 1,
  updatedAt: c.updated_at,
});

const partnerVO = (p: Selectable<SsoPartnerTable> & { institute_name: string | null }): PartnerVO => ({
  id: p.id,
  code: p.code,
  name: p.name,
  targetUrl: p.target_url,
  instituteId: p.institute_id,
  instituteName: p.institute_name,
  enabled: p.enabled === 1,
  updatedAt: p.updated_at,
});

const isUnique = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message));

export interface SsoDeps {
  repo: SsoRepository;
  kv: KeyValueStore;
  policies: PolicyTexts;
  login: TrustedLogin;
}

/**
 * Inbound CAS single sign-on (ticket → identity → account → one-time code → token pair), the privacy
 * consent of a first SSO login, and the outbound hand-over to partner systems.
 */
export class SsoService {
  constructor(private readonly d: SsoDeps) {}

  // ── CAS login ─────────────────────────────────────────────────────────────
  private async enabledCas(org: string): Promise<CasRow> {
    const c = await this.d.repo.casByCode(org);
    if (!c?.enabled) return fail('NOT_FOUND', '该单位未开通统一身份认证登录');
    return c;
  }

  orgs() {
    return this.d.repo.enabledOrgs();
  }

  /** Without a ticket: where the browser logs in. With one: validate it and map the identity (ssoCheck.lf). */
  async check(org: string, ticket: string | undefined, ip: string): Promise<SsoCheckVO> {
    const c = await this.enabledCas(org);
    const service = serviceUrlOf(c);
    if (!ticket) return { result: 'login', loginUrl: casLoginUrl(c.cas_base_url, service), instituteName: c.institute_name };

    // A ticket is validated at most once, whatever the CAS server does with a second validation.
    const seen = `sso:st:${c.id}:${createHash('sha256').update(ticket).digest('hex')}`;
    if (!(await this.d.kv.setIfAbsent(seen, '1', TICKET_MEMORY_MS))) return fail('BAD_REQUEST', '该登录票据已使用，请重新登录');

    const outcome = await validateTicket({
      base: c.cas_base_url,
      version: c.cas_version as '2.0' | '3.0',
      service,
      ticket,
      timeoutMs: CAS_TIMEOUT_MS,
    });
    if (!outcome.ok) {
      await this.d.repo.transaction((trx) =>
        writeAudit(trx, { userId: null, action: 'sso.cas.reject', target: `sso:${c.code}`, detail: { reason: outcome.reason, message: outcome.message }, ip }),
      );
      if (outcome.reason === 'unreachable') return fail('BAD_REQUEST', `${c.institute_name}统一身份认证服务暂不可用，请稍后再试`);
      return fail('BAD_REQUEST', '登录票据无效或已过期，请重新登录');
    }

    const identity = (c.user_attribute ? outcome.attributes[c.user_attribute]?.[0] : outcome.user)?.trim();
    if (!identity) return fail('BAD_REQUEST', `统一身份认证未提供“${c.user_attribute}”属性，请联系管理员检查单点登录配置`);
    const field = c.match_field as SsoMatchField;
    const found = await this.d.repo.accountsMatching(c.institute_id, field, identity);
    if (found.length === 0) return { result: 'noUser', identity, instituteName: c.institute_name };
    if (found.length > 1) return fail('BAD_REQUEST', `${SSO_MATCH_FIELD_TEXT[field]}“${identity}”对应多个账号，请联系单位管理员处理`);
    const u = found[0];
    if (u.status === 2) return { result: 'frozen', id: u.id, userName: u.user_name, phoneNum: maskPhone(u.phone_num), instituteName: c.institute_name };
    if (u.status !== 1) return fail('ACCOUNT_LOCKED');

    const code = randomBytes(24).toString('base64url');
    await this.d.kv.set(`sso:code:${code}`, JSON.stringify({ uid: u.id, org: c.code }), CODE_TTL_MS);
    await this.d.repo.transaction((trx) =>
      writeAudit(trx, { userId: u.id, action: 'sso.cas.ok', target: `user:${u.id}`, detail: { org: c.code, identity }, ip }),
    );
    return { result: 'ok', code, needAgree: await this.needsConsent(u.id), realName: u.real_name, instituteName: c.institute_name };
  }

  /** True while a privacy policy is published and this user has not accepted its current version. */
  private async needsConsent(userId: number) {
    const policy = await this.d.policies.current(1);
    return policy.version !== null && !(await this.d.repo.hasConsent(userId, policy.version));
  }

  private async codeOwner(code: string): Promise<number> {
    const raw = await this.d.kv.get(`sso:code:${code}`);
    if (!raw) return fail('BAD_REQUEST', CODE_EXPIRED);
    return (JSON.parse(raw) as { uid: number }).uid;
  }

  /** ssoAgreeSecretLogin: the user behind a valid code accepts the privacy policy's current version. */
  async agree(code: string, ip: string) {
    const uid = await this.codeOwner(code);
    const policy = await this.d.policies.current(1);
    if (policy.version === null) return;
    const version = policy.version;
    await this.d.repo.transaction(async (trx) => {
      const r = await this.d.repo.insertConsent(trx, { user_id: uid, policy_version: version, via: 'sso', ip, agreed_at: nowIso() });
      if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0)
        await writeAudit(trx, { userId: uid, action: 'privacy.agree', target: `user:${uid}`, detail: { version, via: 'sso' }, ip });
    });
  }

  /** getToken.lf: the code, once, for the account's normal token pair. */
  async token(code: string, ip: string): Promise<TokenAnswer> {
    const uid = await this.codeOwner(code);
    if (await this.needsConsent(uid)) return fail('BAD_REQUEST', '请先阅读并同意隐私政策');
    // take: of two concurrent exchanges only one gets the code
    if (!(await this.d.kv.take(`sso:code:${code}`))) return fail('BAD_REQUEST', CODE_EXPIRED);
    return this.d.login.grant(uid, ip);
  }

  // ── partners ──────────────────────────────────────────────────────────────
  async partnerOptions(caller: Caller) {
    return this.d.repo.partnersFor(caller.instituteId);
  }

  /** A signed ticket for one partner and the URL that carries it there. */
  async partnerTicket(w: Who, code: string) {
    const p = await this.d.repo.partnerByCode(code);
    const allowed = p && p.enabled === 1 && (p.institute_id === null || p.institute_id === w.caller.instituteId);
    if (!p || !allowed) return fail('NOT_FOUND', '未配置该外部系统或您无权进入');
    const realName = await this.d.repo.realNameOf(w.caller.userId);
    const ticket = signPartnerTicket(
      p.secret,
      { aud: p.code, sub: w.caller.userId, userName: w.caller.userName, realName, instituteId: w.caller.instituteId },
      PARTNER_TICKET_SECONDS,
    );
    await this.d.repo.transaction((trx) => writeAudit(trx, { userId: w.caller.userId, action: 'sso.partner.ticket', target: `partner:${p.code}`, ip: w.ip }));
    const sep = p.target_url.includes('?') ? '&' : '?';
    return { url: `${p.target_url}${sep}ticket=${encodeURIComponent(ticket)}`, name: p.name, expiresInSeconds: PARTNER_TICKET_SECONDS };
  }

  // ── administration ────────────────────────────────────────────────────────
  async casPage(q: { keyword?: string; current: number; size: number }) {
    const { rows, total } = await this.d.repo.casPage(q);
    return { records: rows.map(casVO), total, current: q.current, size: q.size };
  }

  private async casRow(b: CasConfigBody) {
    if (!(await this.d.repo.instituteExists(b.instituteId))) fail('BAD_REQUEST', '研究所不存在');
    return {
      institute_id: b.instituteId,
      code: b.code,
      cas_base_url: b.casBaseUrl,
      cas_version: b.casVersion,
      service_origin: b.serviceOrigin.replace(/\/+$/, ''),
      user_attribute: b.userAttribute,
      match_field: b.matchField,
      enabled: b.enabled ? 1 : 0,
    };
  }

  async addCas(w: Who, b: CasConfigBody) {
    const row = await this.casRow(b);
    try {
      return await this.d.repo.transaction(async (trx) => {
        const now = nowIso();
        const { id } = await this.d.repo.insertCas(trx, { ...row, created_at: now, updated_at: now });
        await writeAudit(trx, { userId: w.caller.userId, action: 'sso.cas.add', target: `sso_cas:${id}`, detail: row, ip: w.ip });
        return { id };
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '该研究所已配置单点登录，或单位代码已被使用');
      throw e;
    }
  }

  async updateCas(w: Who, id: number, b: CasConfigBody) {
    const row = await this.casRow(b);
    try {
      await this.d.repo.transaction(async (trx) => {
        const r = await this.d.repo.updateCas(trx, id, { ...row, updated_at: nowIso() });
        if (!Number(r.numUpdatedRows)) fail('NOT_FOUND', '单点登录配置不存在');
        await writeAudit(trx, { userId: w.caller.userId, action: 'sso.cas.update', target: `sso_cas:${id}`, detail: row, ip: w.ip });
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '该研究所已配置单点登录，或单位代码已被使用');
      throw e;
    }
  }

  async deleteCas(w: Who, id: number) {
    await this.d.repo.transaction(async (trx) => {
      const r = await this.d.repo.deleteCas(trx, id);
      if (!Number(r.numDeletedRows)) fail('NOT_FOUND', '单点登录配置不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'sso.cas.delete', target: `sso_cas:${id}`, ip: w.ip });
    });
  }

  async partnerList() {
    return (await this.d.repo.partners()).map(partnerVO);
  }

  private async partnerRow(b: { code: string; name: string; targetUrl: string; instituteId: number | null; enabled: boolean }) {
    if (b.instituteId !== null && !(await this.d.repo.instituteExists(b.instituteId))) fail('BAD_REQUEST', '研究所不存在');
    return { code: b.code, name: b.name, target_url: b.targetUrl, institute_id: b.instituteId, enabled: b.enabled ? 1 : 0 };
  }

  /** Adds a partner; its signing secret is answered this once (and on rotation), never listed. */
  async addPartner(w: Who, b: { code: string; name: string; targetUrl: string; instituteId: number | null; enabled: boolean }) {
    const row = await this.partnerRow(b);
    const secret = randomBytes(32).toString('base64url');
    try {
      return await this.d.repo.transaction(async (trx) => {
        const now = nowIso();
        const { id } = await this.d.repo.insertPartner(trx, { ...row, secret, created_at: now, updated_at: now });
        await writeAudit(trx, { userId: w.caller.userId, action: 'sso.partner.add', target: `partner:${id}`, detail: row, ip: w.ip });
        return { id, secret };
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '系统代码已被使用');
      throw e;
    }
  }

  async updatePartner(w: Who, id: number, b: { code: string; name: string; targetUrl: string; instituteId: number | null; enabled: boolean }) {
    const row = await this.partnerRow(b);
    try {
      await this.d.repo.transaction(async (trx) => {
        const r = await this.d.repo.updatePartner(trx, id, { ...row, updated_at: nowIso() });
        if (!Number(r.numUpdatedRows)) fail('NOT_FOUND', '外部系统不存在');
        await writeAudit(trx, { userId: w.caller.userId, action: 'sso.partner.update', target: `partner:${id}`, detail: row, ip: w.ip });
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '系统代码已被使用');
      throw e;
    }
  }

  async rotatePartner(w: Who, id: number) {
    const secret = randomBytes(32).toString('base64url');
    await this.d.repo.transaction(async (trx) => {
      const r = await this.d.repo.updatePartner(trx, id, { secret, updated_at: nowIso() });
      if (!Number(r.numUpdatedRows)) fail('NOT_FOUND', '外部系统不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'sso.partner.rotate', target: `partner:${id}`, ip: w.ip });
    });
    return { id, secret };
  }

  async deletePartner(w: Who, id: number) {
    await this.d.repo.transaction(async (trx) => {
      const r = await this.d.repo.deletePartner(trx, id);
      if (!Number(r.numDeletedRows)) fail('NOT_FOUND', '外部系统不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'sso.partner.delete', target: `partner:${id}`, ip: w.ip });
    });
  }
}
