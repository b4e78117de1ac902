import { gzipSync } from 'node:zlib';
import type { InvoiceTerms } from '@kc/contracts/finance/invoices';
import type { DeptOption, UserAllInfo } from '@kc/contracts/identity/uac';
import type { SupplierContractState } from '@kc/contracts/supply/agreements';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.ts';
import type { SessionStore } from '../../../platform/auth/session-store.ts';
import { maskEmail, maskPhone } from '../../../platform/auth/tokens.ts';
import { fail } from '../../../platform/http/errors.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import type { RbacAccess } from '../rbac/index.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import { buildUserInfo, isRealName } from './user-info.ts';
import type { CodeChannel, CodePurpose, VerificationCodes } from './verification-codes.ts';

/** An answer kept as bytes, with its gzipped form when it is worth compressing. */
export interface CachedJson {
  json: Buffer;
  gzip: Buffer | null;
}

export interface AccountDeps {
  users: UserRepository;
  rbac: RbacAccess;
  codes: VerificationCodes;
  notifier: Notifier;
  sessions: SessionStore;
  callers: CallerCache;
  kv: KeyValueStore;
  /** the supplier session's contract state (docs/domains/supply.md#contract-session; the contracts module) */
  supplierContract?: (supplierId: number) => Promise<SupplierContractState>;
  /** the institute's invoice type and time and pay time (docs/domains/finance.md#invoice-terms; the invoices module) */
  invoiceTerms?: (instituteId: number | null) => Promise<InvoiceTerms | undefined>;
}

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  unlock: '账号解冻',
  modify: '修改密码',
  reset: '找回密码',
  phone: '更换手机号',
  email: '更换邮箱',
  username: '修改用户名',
};
const USER_CHECK_FAILED = '用户信息校验失败，请确认用户名及绑定的手机号';
/** unknown and not frozen read the same: the answer must not tell which user names exist */
const NOT_FROZEN = '该账号不存在或未被冻结';

/** The logged-in account's own data, its departments, its password; unfreezing and resetting without login. */
export class AccountService {
  private readonly allInfoCache = new Map<number, CachedJson & { ver: string | null }>();

  constructor(private readonly d: AccountDeps) {}

  private async mustUser(id: number) {
    const u = await this.d.users.findById(id);
    if (!u) return fail('SESSION_INVALID');
    return u;
  }

  async userAllInfo(caller: Caller): Promise<UserAllInfo> {
    const u = await this.mustUser(caller.userId);
    const [{ info }, perms] = await Promise.all([buildUserInfo(this.d.users, u), this.d.rbac.permissionData(u.id, u.account_type)]);
    const supplierContract = u.supplier_id !== null && this.d.supplierContract ? await this.d.supplierContract(u.supplier_id) : undefined;
    const invoiceTerms = u.account_type === 1 && this.d.invoiceTerms ? await this.d.invoiceTerms(caller.instituteId) : undefined;
    return { user: info, whetherRealName: isRealName(info), ...perms, dataScope: caller.dataScope, supplierContract, invoiceTerms };
  }

  /**
   * The serialized getUserAllInfo envelope, as UTF-8 bytes and gzipped. The web client asks for it on
   * many navigations, so it is kept per user and acl version (every write that changes what it
   * contains bumps the version): no serialising, encoding or compressing per request. The gzipped
   * copy (about a fifth of the bytes) is what browsers get; writing fewer bytes to the socket is the
   * largest single saving left on this route (docs/BENCHMARKS.md, bench:api).
   */
  async userAllInfoJson(caller: Caller): Promise<CachedJson> {
    // a supplier's contract state changes with the calendar, not with the acl version: never kept
    if (caller.supplierId !== null) return { json: Buffer.from(JSON.stringify(ok(await this.userAllInfo(caller)))), gzip: null };
    const hit = this.allInfoCache.get(caller.userId);
    if (hit && hit.ver === caller.aclVersion) return hit;
    const json = Buffer.from(JSON.stringify(ok(await this.userAllInfo(caller))));
    const entry = { ver: caller.aclVersion, json, gzip: gzipSync(json) };
    if (this.allInfoCache.size > 10_000) this.allInfoCache.clear();
    this.allInfoCache.set(caller.userId, entry);
    return entry;
  }

  // ── departments of the logged-in user ─────────────────────────────────────
  async optionalDepts(caller: Caller): Promise<DeptOption[]> {
    return (await this.d.users.listDepts(caller.userId)).map((d) => ({ value: d.id, label: d.name }));
  }

  private async ownDept(caller: Caller, deptId: number) {
    const depts = await this.d.users.listDepts(caller.userId);
    const d = depts.find((x) => x.id === deptId);
    if (!d) fail('FORBIDDEN', '只能选择本人所属的单位');
    return d as NonNullable<typeof d>;
  }

  async setCurrentDept(caller: Caller, deptId: number, ip: string): Promise<DeptOption> {
    const d = await this.ownDept(caller, deptId);
    await this.d.users.transaction(async (trx) => {
      await this.d.users.update(trx, caller.userId, { current_dept_id: deptId });
      await writeAudit(trx, { userId: caller.userId, action: 'user.setCurrentDept', target: `dept:${deptId}`, ip });
    });
    await this.d.callers.invalidate();
    return { value: d.id, label: d.name };
  }

  async setDefaultDept(caller: Caller, deptId: number, ip: string): Promise<DeptOption> {
    const d = await this.ownDept(caller, deptId);
    await this.d.users.transaction(async (trx) => {
      await this.d.users.update(trx, caller.userId, { default_dept_id: deptId });
      await writeAudit(trx, { userId: caller.userId, action: 'user.setDefaultDept', target: `dept:${deptId}`, ip });
    });
    await this.d.callers.invalidate();
    return { value: d.id, label: d.name };
  }

  async institute(caller: Caller) {
    const i = await this.d.users.instituteName(caller.instituteId);
    return i ? { id: i.id, name: i.name } : null;
  }

  // ── passwords ─────────────────────────────────────────────────────────────
  async whetherPassChanged(caller: Caller) {
    const u = await this.mustUser(caller.userId);
    return { whetherPassChanged: u.whether_force_modify_password === 0 };
  }

  private async setPassword(u: NonNullable<UserRow>, newPassword: string, action: string, ip: string) {
    if (await verifyPassword(u.password_hash, newPassword)) fail('BAD_REQUEST', '新密码不能与原密码相同');
    const hash = await hashPassword(newPassword);
    await this.d.users.transaction(async (trx) => {
      await this.d.users.update(trx, u.id, { password_hash: hash, whether_force_modify_password: 0 });
      await writeAudit(trx, { userId: u.id, action, target: `user:${u.id}`, ip });
    });
    // every session ends: the new password must be used to log in again
    await this.d.sessions.revokeUser(u.id);
    await this.d.callers.invalidate();
  }

  /** Forced first-time change and ordinary change with the old password. */
  async verifyAndModify(caller: Caller, oldPassword: string, newPassword: string, ip: string) {
    const u = await this.mustUser(caller.userId);
    if (!(await verifyPassword(u.password_hash, oldPassword))) fail('BAD_REQUEST', '原密码不正确');
    await this.setPassword(u, newPassword, 'user.modifyPassword', ip);
  }

  async sendOwnCode(caller: Caller, ip: string) {
    const u = await this.mustUser(caller.userId);
    return this.send(u, 'modify', 'sms', ip);
  }

  async modifyWithCode(caller: Caller, code: string, newPassword: string, ip: string) {
    const u = await this.mustUser(caller.userId);
    if (!(await this.d.codes.check('modify', 'sms', u.id, code, true))) fail('CODE_INVALID');
    await this.setPassword(u, newPassword, 'user.modifyPasswordWithCode', ip);
  }

  // ── without login: unfreeze and reset ─────────────────────────────────────
  private async send(u: NonNullable<UserRow>, purpose: CodePurpose, channel: CodeChannel, ip: string) {
    const to = channel === 'sms' ? u.phone_num : u.email;
    if (!to) return fail('BAD_REQUEST', channel === 'sms' ? '该账号未绑定手机号，请联系管理员' : '该账号未绑定邮箱，请使用短信验证');
    await this.deliver(purpose, channel, to, await this.d.codes.issue(purpose, channel, u.id, ip));
    return { sentTo: channel === 'sms' ? maskPhone(to) : maskEmail(to) };
  }

  private async deliver(purpose: CodePurpose, channel: CodeChannel, to: string, code: string) {
    const text = `【科研采购平台】您正在进行${PURPOSE_TEXT[purpose]}操作，验证码 ${code}，10 分钟内有效。如非本人操作请忽略。`;
    await this.d.notifier.send({ channel: channel === 'sms' ? 'sms' : 'mail', to, subject: `${PURPOSE_TEXT[purpose]}验证码`, body: text });
  }

  /** Every lookup without login is limited per address and per account name (kv: shared by all processes). */
  async limitLookup(userName: string, ip: string) {
    await rateLimit(this.d.kv, `lookup-ip:${ip}`, Limits.lookupPerIp.limit, Limits.lookupPerIp.windowMs);
    await rateLimit(this.d.kv, `lookup-name:${userName.toLowerCase()}`, Limits.lookupPerName.limit, Limits.lookupPerName.windowMs);
  }

  async sendUnlockCode(userName: string, channel: CodeChannel, ip: string) {
    const u = await this.d.users.findByUserName(userName);
    if (u?.status !== 2) return fail('BAD_REQUEST', NOT_FROZEN);
    return this.send(u, 'unlock', channel, ip);
  }

  async autoUnBlock(userName: string, code: string, channel: CodeChannel, ip: string) {
    const u = await this.d.users.findByUserName(userName);
    if (u?.status !== 2) return fail('BAD_REQUEST', NOT_FROZEN);
    if (!(await this.d.codes.check('unlock', channel, u.id, code, true))) fail('CODE_INVALID');
    await this.d.users.transaction(async (trx) => {
      // only a frozen account is unfrozen (an admin may have disabled it since the code was sent)
      if (!(await this.d.users.setStatusIf(trx, u.id, 2, 1))) fail('BAD_REQUEST', NOT_FROZEN);
      await writeAudit(trx, { userId: u.id, action: 'user.unfreeze', target: `user:${u.id}`, detail: { channel }, ip });
    });
    await this.d.callers.invalidate();
  }

  /** Name and bound phone together; an unknown name and a wrong phone get the same answer. */
  async checkUserInfo(userName: string, phoneNum: string) {
    const u = await this.d.users.findByUserName(userName);
    if (!u || u.phone_num !== phoneNum) return fail('BAD_REQUEST', USER_CHECK_FAILED);
    return { userName: u.user_name, phoneNum: maskPhone(u.phone_num), email: maskEmail(u.email) };
  }

  /**
   * Sends the reset code only when the name and the phone match, and answers the same either way
   * (to the phone the caller named, which they already know). The sending limits are counted before
   * the lookup, per name and per address, so a known name cannot be told from its rate limit either.
   */
  async sendResetCode(userName: string, phoneNum: string, ip: string) {
    await this.d.codes.limitSend(`reset-name:${userName.toLowerCase()}`, ip);
    const u = await this.d.users.findByUserName(userName);
    if (u && u.phone_num === phoneNum) await this.deliver('reset', 'sms', phoneNum, await this.d.codes.issue('reset', 'sms', u.id, ip, { limited: true }));
    return { sentTo: maskPhone(phoneNum) };
  }

  async checkResetCode(userName: string, code: string) {
    // an unknown name reads like a wrong code
    const u = await this.d.users.findByUserName(userName);
    if (!u || !(await this.d.codes.check('reset', 'sms', u.id, code, false))) fail('CODE_INVALID');
  }

  async resetWithCode(userName: string, code: string, newPassword: string, ip: string) {
    const u = await this.d.users.findByUserName(userName);
    if (!u || !(await this.d.codes.check('reset', 'sms', u.id, code, true))) return fail('CODE_INVALID');
    await this.setPassword(u, newPassword, 'user.resetPassword', ip);
  }
}
