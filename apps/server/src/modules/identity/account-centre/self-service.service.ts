import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Caller } from '../../../platform/auth/access.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { maskEmail, maskPhone } from '../../../platform/auth/tokens.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import type { AccountsService, CodePurpose, VerificationCodes } from '../uac/index.ts';
import type { ChangeRequestsRepository } from './change-requests.repository.ts';
import type { ReviewsService } from './reviews.service.ts';

const BIND_TTL_MS = 5 * 60_000;
const PURPOSE_TEXT: Partial<Record<CodePurpose, string>> = { phone: '更换手机号', email: '更换邮箱', username: '修改用户名' };
const NAME_UNAVAILABLE = '该用户名已存在或正在审核中';

/**
 * 个人中心: change the phone or e-mail with a code sent to the new one (logged in, or without login
 * by user name and the bound phone — answered the same for unknown names), apply for a new user
 * name with a code sent to the bound e-mail (then 用户名审核), check a name, bind the account to the
 * mobile app by QR code, check a relation code. Codes: modules/uac VerificationCodes (single use,
 * 10 minutes, 5 tries, sends rate-limited through the kv port), delivered through the notifier outbox.
 */
export class SelfServiceService {
  constructor(
    private readonly d: {
      repo: ChangeRequestsRepository;
      /** the new phone or e-mail is written by uac, in the same transaction as its audit */
      accounts: AccountsService;
      codes: VerificationCodes;
      notifier: Notifier;
      kv: KeyValueStore;
      callers: CallerCache;
      reviews: ReviewsService;
    },
  ) {}

  private async deliver(purpose: CodePurpose, channel: 'sms' | 'mail', to: string, code: string) {
    const what = PURPOSE_TEXT[purpose] as string;
    const body = `【科研采购平台】您正在进行${what}操作，验证码 ${code}，10 分钟内有效。如非本人操作请忽略。`;
    await this.d.notifier.send({ channel, to, subject: `${what}验证码`, body });
  }
  private async me(c: Caller) {
    return (await this.d.repo.user(c.userId)) ?? fail('NOT_FOUND', '用户不存在');
  }

  // ── phone and e-mail ───────────────────────────────────────────────────
  async sendPhoneCode(w: Who, phone: string) {
    const u = await this.me(w.caller);
    if (u.phone_num === phone) fail('BAD_REQUEST', '新手机号与当前绑定的手机号相同');
    if (await this.d.repo.phoneTaken(phone, u.id)) fail('BAD_REQUEST', '该手机号已被其他账号绑定');
    await this.deliver('phone', 'sms', phone, await this.d.codes.issue('phone', 'sms', u.id, w.ip, { bind: phone }));
    return { sentTo: maskPhone(phone) };
  }
  async sendEmailCode(w: Who, email: string) {
    const u = await this.me(w.caller);
    if (u.email?.toLowerCase() === email.toLowerCase()) fail('BAD_REQUEST', '新邮箱与当前绑定的邮箱相同');
    await this.deliver('email', 'mail', email, await this.d.codes.issue('email', 'email', u.id, w.ip, { bind: email }));
    return { sentTo: maskEmail(email) };
  }
  async changePhone(w: Who, phone: string, code: string) {
    const u = await this.me(w.caller);
    if (!(await this.d.codes.check('phone', 'sms', u.id, code, true, phone))) fail('CODE_INVALID');
    await this.savePhone(u.id, u.phone_num, phone, w.ip);
  }
  async changeEmail(w: Who, email: string, code: string) {
    const u = await this.me(w.caller);
    if (!(await this.d.codes.check('email', 'email', u.id, code, true, email))) fail('CODE_INVALID');
    await this.saveEmail(u.id, u.email, email, w.ip);
  }

  /** Without login: the name and its bound phone identify the account; the answer is the same either way. */
  private async noauthUser(userName: string, oldPhone: string) {
    const u = await this.d.repo.userByName(userName);
    return u && u.phone_num === oldPhone && u.status === 1 ? u : null;
  }
  async noauthSendPhoneCode(ip: string, b: { userName: string; oldPhoneNum: string; phoneNum: string }) {
    // counted before the lookup, so a known name cannot be told from its rate limit either
    await this.d.codes.limitSend(`chg-name:${b.userName.toLowerCase()}`, ip);
    const u = await this.noauthUser(b.userName, b.oldPhoneNum);
    if (u && !(await this.d.repo.phoneTaken(b.phoneNum, u.id)))
      await this.deliver('phone', 'sms', b.phoneNum, await this.d.codes.issue('phone', 'sms', u.id, ip, { limited: true, bind: b.phoneNum }));
    return { sentTo: maskPhone(b.phoneNum) };
  }
  async noauthSendEmailCode(ip: string, b: { userName: string; oldPhoneNum: string; email: string }) {
    await this.d.codes.limitSend(`chg-name:${b.userName.toLowerCase()}`, ip);
    const u = await this.noauthUser(b.userName, b.oldPhoneNum);
    if (u) await this.deliver('email', 'mail', b.email, await this.d.codes.issue('email', 'email', u.id, ip, { limited: true, bind: b.email }));
    return { sentTo: maskEmail(b.email) };
  }
  async noauthChangePhone(ip: string, b: { userName: string; oldPhoneNum: string; phoneNum: string; code: string }) {
    const u = await this.noauthUser(b.userName, b.oldPhoneNum);
    if (!u || !(await this.d.codes.check('phone', 'sms', u.id, b.code, true, b.phoneNum))) return fail('CODE_INVALID');
    await this.savePhone(u.id, u.phone_num, b.phoneNum, ip);
  }
  async noauthChangeEmail(ip: string, b: { userName: string; oldPhoneNum: string; email: string; code: string }) {
    const u = await this.noauthUser(b.userName, b.oldPhoneNum);
    if (!u || !(await this.d.codes.check('email', 'email', u.id, b.code, true, b.email))) return fail('CODE_INVALID');
    await this.saveEmail(u.id, u.email, b.email, ip);
  }
  private async savePhone(userId: number, from: string | null, to: string, ip: string) {
    await this.d.repo.inTransaction(async (tx, trx) => {
      if (await tx.phoneTaken(to, userId)) fail('BAD_REQUEST', '该手机号已被其他账号绑定');
      await this.d.accounts.within(trx).change(userId, { phoneNum: to });
      await tx.audit({ userId, action: 'user.changePhone', target: `user:${userId}`, detail: { from: maskPhone(from), to: maskPhone(to) }, ip });
    });
    await this.d.callers.invalidate();
  }
  private async saveEmail(userId: number, from: string | null, to: string, ip: string) {
    await this.d.repo.inTransaction(async (tx, trx) => {
      await this.d.accounts.within(trx).change(userId, { email: to });
      await tx.audit({ userId, action: 'user.changeEmail', target: `user:${userId}`, detail: { from: maskEmail(from), to: maskEmail(to) }, ip });
    });
    await this.d.callers.invalidate();
  }

  // ── user name ──────────────────────────────────────────────────────────
  /** userNameNotExist: free and not reserved by a pending request; taken and reserved read the same. */
  async nameAvailable(userName: string) {
    const taken = await this.d.repo.nameTaken(userName);
    return { available: !taken, message: taken ? NAME_UNAVAILABLE : '该用户名可以使用' };
  }
  async nameAvailableNoLogin(userName: string, ip: string) {
    await rateLimit(this.d.kv, `lookup-ip:${ip}`, Limits.lookupPerIp.limit, Limits.lookupPerIp.windowMs);
    return this.nameAvailable(userName);
  }
  async sendUserNameCode(w: Who, newUserName: string) {
    const u = await this.me(w.caller);
    if (!u.email) fail('BAD_REQUEST', '请先绑定邮箱');
    if ((await this.nameAvailable(newUserName)).available === false) fail('STATE_CONFLICT', NAME_UNAVAILABLE);
    await this.deliver('username', 'mail', u.email as string, await this.d.codes.issue('username', 'email', u.id, w.ip, { bind: newUserName }));
    return { sentTo: maskEmail(u.email) };
  }
  /** apply: the code, then a pending request that reserves the name (a partial unique index: two applicants, one wins). */
  async applyUserName(w: Who, newUserName: string, code: string) {
    const u = await this.me(w.caller);
    if (u.user_name.toLowerCase() === newUserName.toLowerCase()) fail('BAD_REQUEST', '新用户名与当前用户名相同');
    if (!(await this.d.codes.check('username', 'email', u.id, code, true, newUserName))) fail('CODE_INVALID');
    try {
      await this.d.repo.inTransaction(async (tx) => {
        if (await tx.pendingOf(u.id, 'userName')) fail('STATE_CONFLICT', '您已有待审核的用户名申请');
        if (await tx.userByName(newUserName)) fail('STATE_CONFLICT', NAME_UNAVAILABLE);
        const r = await tx.insert({
          kind: 'userName',
          userId: u.id,
          instituteId: u.institute_id,
          oldValue: { userName: u.user_name },
          newValue: { userName: newUserName },
          nameKey: newUserName.toLowerCase(),
        });
        await tx.audit({ userId: u.id, action: 'userName.apply', target: `change:${r.id}`, detail: { to: newUserName }, ip: w.ip });
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', (await this.d.repo.pendingOf(u.id, 'userName')) ? '您已有待审核的用户名申请' : NAME_UNAVAILABLE);
      throw e;
    }
    return this.d.reviews.latest(w.caller, 'userName');
  }

  // ── QR bind and relation code ──────────────────────────────────────────
  async bindQr(c: Caller) {
    const ticket = randomBytes(18).toString('base64url');
    await this.d.kv.set(`bind:${ticket}`, JSON.stringify({ uid: c.userId, status: 'waiting' }), BIND_TTL_MS);
    const qrContent = `kcbind:v1:${ticket}`;
    return {
      ticket,
      qrContent,
      qrImage: await QRCode.toDataURL(qrContent, { margin: 1, width: 200 }),
      expiresAt: new Date(Date.now() + BIND_TTL_MS).toISOString(),
    };
  }
  private boundKey = (uid: number) => `app_bind:${uid}`;
  async bindStatus(c: Caller, ticket: string) {
    const raw = await this.d.kv.get(`bind:${ticket}`);
    const t = raw ? (JSON.parse(raw) as { uid: number; status: 'waiting' | 'bound' }) : null;
    const boundAt = (await this.d.repo.setting(this.boundKey(c.userId)))?.value ?? null;
    // someone else's ticket reads as expired
    const status: 'waiting' | 'bound' | 'expired' = !t || t.uid !== c.userId ? 'expired' : t.status;
    return { status, boundAt, bound: boundAt !== null };
  }
  /** The mobile app, logged in as the same account, confirms the scanned code. */
  async confirmBind(w: Who, ticket: string) {
    const raw = await this.d.kv.get(`bind:${ticket}`);
    const t = raw ? (JSON.parse(raw) as { uid: number; status: string }) : null;
    if (!t || t.uid !== w.caller.userId || t.status !== 'waiting') fail('BAD_REQUEST', '二维码无效或已过期，请刷新二维码');
    await this.d.kv.set(`bind:${ticket}`, JSON.stringify({ uid: t!.uid, status: 'bound' }), BIND_TTL_MS);
    await this.d.repo.saveSetting(this.boundKey(w.caller.userId), nowIso());
    await this.d.repo.audit({ userId: w.caller.userId, action: 'user.bindApp', target: `user:${w.caller.userId}`, ip: w.ip });
  }
  /** A relation code is an institute's code (the server decides, docs/domains/identity.md#server-decided-validity): valid when that institute is enabled. */
  async relationCode(code: string, ip: string) {
    await rateLimit(this.d.kv, `lookup-ip:${ip}`, Limits.lookupPerIp.limit, Limits.lookupPerIp.windowMs);
    const inst = await this.d.repo.instituteByCode(code);
    return { valid: !!inst, instituteName: inst?.name ?? null };
  }
}
