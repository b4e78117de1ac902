import type { TokenAnswer } from '@kc/contracts/identity/uac';
import svgCaptcha from 'svg-captcha';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { dummyHash, verifyPassword } from '../../../platform/auth/passwords.ts';
import type { SessionStore } from '../../../platform/auth/session-store.ts';
import { maskPhone } from '../../../platform/auth/tokens.ts';
import { AppError, fail } from '../../../platform/http/errors.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import { buildUserInfo } from './user-info.ts';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const FREEZE_AFTER = 5;
const FREEZE_WINDOW_MS = 15 * 60 * 1000;

export interface AuthDeps {
  users: UserRepository;
  kv: KeyValueStore;
  sessions: SessionStore;
  callers: CallerCache;
  captchaEnabled: boolean;
  /** single-session login (SINGLE_SESSION): a new login ends the account's other sessions with 409 */
  singleSession: boolean;
  /** answers why a supplier account may not log in yet (registration pending or refused), or null */
  supplierLoginBlock?: (supplierId: number) => Promise<string | null>;
}

/** Captcha, password and refresh grants, freezing after repeated failures, logout. */
export class AuthService {
  constructor(private readonly d: AuthDeps) {
    // Hash the dummy password now: computed lazily, the first unknown-name login would take twice as long.
    void dummyHash();
  }

  /** A new captcha for a client-chosen key; the answer is kept server-side, single use, 5 minutes. */
  async captcha(randomStr: string, ip: string): Promise<string> {
    await rateLimit(this.d.kv, `captcha:${ip}`, Limits.captchaPerIp.limit, Limits.captchaPerIp.windowMs);
    const c = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1ilIL', color: true, background: '#f4f2ff', width: 120, height: 40 });
    await this.d.kv.set(`cap:${randomStr}`, c.text.toLowerCase(), CAPTCHA_TTL_MS);
    return c.data;
  }

  private async checkCaptcha(randomStr: string | undefined, answer: string | undefined) {
    if (!this.d.captchaEnabled) return;
    if (!randomStr || !answer) fail('CAPTCHA_INVALID', '请输入验证码');
    const stored = await this.d.kv.take(`cap:${randomStr}`);
    if (!stored || stored !== answer?.trim().toLowerCase()) fail('CAPTCHA_INVALID');
  }

  async passwordGrant(input: { username: string; password: string; captcha?: string; randomStr?: string }, ip: string): Promise<TokenAnswer> {
    await rateLimit(this.d.kv, `login:${ip}`, Limits.loginPerIp.limit, Limits.loginPerIp.windowMs);
    await this.checkCaptcha(input.randomStr, input.captcha);
    const u = await this.d.users.findByUserName(input.username);
    if (!u) {
      // same work and the same answer as a wrong password: the name's existence stays hidden
      await verifyPassword(await dummyHash(), input.password);
      return fail('BAD_CREDENTIALS');
    }
    const good = await verifyPassword(u.password_hash, input.password);
    if (u.status === 2) return this.frozen(u);
    // A disabled account is never counted towards freezing: freezing it would let its user unfreeze it.
    if (u.status !== 1) return good ? fail('ACCOUNT_LOCKED') : fail('BAD_CREDENTIALS');
    if (!good) return this.wrongPassword(u, ip);
    await this.d.kv.del(`lf:${u.id}`);
    if (u.supplier_id !== null && this.d.supplierLoginBlock) {
      const why = await this.d.supplierLoginBlock(u.supplier_id);
      if (why) return fail('BAD_REQUEST', why);
    }
    return this.startSession(u, ip);
  }

  private frozen(u: NonNullable<UserRow>): never {
    throw new AppError('ACCOUNT_FROZEN', undefined, { phoneNum: maskPhone(u.phone_num), userName: u.user_name, id: u.id });
  }

  private async wrongPassword(u: NonNullable<UserRow>, ip: string): Promise<never> {
    const n = await this.d.kv.incr(`lf:${u.id}`, FREEZE_WINDOW_MS);
    if (n < FREEZE_AFTER) return fail('BAD_CREDENTIALS');
    await this.d.users.transaction(async (trx) => {
      // only an active account becomes frozen (an admin may have disabled it meanwhile)
      if (!(await this.d.users.setStatusIf(trx, u.id, 1, 2))) return;
      await writeAudit(trx, { userId: u.id, action: 'user.freeze', target: `user:${u.id}`, detail: { reason: '15分钟内密码错误5次' }, ip });
    });
    await this.d.kv.del(`lf:${u.id}`);
    await this.d.sessions.revokeUser(u.id);
    return this.frozen(u);
  }

  /**
   * The token pair for an identity another system proved (single sign-on): the account must still be
   * active and its supplier allowed in, exactly as after a right password.
   */
  async trustedGrant(userId: number, ip: string): Promise<TokenAnswer> {
    const u = await this.d.users.findById(userId);
    if (!u || u.deleted) return fail('BAD_CREDENTIALS');
    if (u.status === 2) return this.frozen(u);
    if (u.status !== 1) return fail('ACCOUNT_LOCKED');
    if (u.supplier_id !== null && this.d.supplierLoginBlock) {
      const why = await this.d.supplierLoginBlock(u.supplier_id);
      if (why) return fail('BAD_REQUEST', why);
    }
    return this.startSession(u, ip);
  }

  /** Issues the token answer and settles the department state (docs/domains/identity.md#department-state). */
  private async startSession(u: NonNullable<UserRow>, ip: string): Promise<TokenAnswer> {
    const depts = await this.d.users.listDepts(u.id);
    let current: number | null = null;
    let whetherSelectDept = false;
    if (depts.length === 1) current = depts[0].id;
    else if (depts.length > 1) {
      if (u.default_dept_id !== null && depts.some((d) => d.id === u.default_dept_id)) current = u.default_dept_id;
      else whetherSelectDept = true;
    }
    await this.d.users.transaction(async (trx) => {
      if (current !== u.current_dept_id) await this.d.users.update(trx, u.id, { current_dept_id: current });
      await writeAudit(trx, { userId: u.id, action: 'user.login', target: `user:${u.id}`, ip });
    });
    // the current department is the user's, not the session's: other sessions and caches must see the change
    if (current !== u.current_dept_id) await this.d.callers.invalidate();
    const fresh = { ...u, current_dept_id: current };
    const tokens = await this.d.sessions.create(u.id, { displaceOthers: this.d.singleSession });
    const { info, options } = await buildUserInfo(this.d.users, fresh);
    const cur = options.find((o) => o.value === current) ?? null;
    return {
      access_token: tokens.accessToken,
      token_type: 'bearer',
      refresh_token: tokens.refreshToken,
      expires_in: tokens.expiresIn,
      sign_key: tokens.signKey,
      user: info,
      whetherSelectDept,
      optionalDeptList: options,
      currentDept: cur,
    };
  }

  async refreshGrant(refreshToken: string): Promise<TokenAnswer> {
    const tokens = await this.d.sessions.refresh(refreshToken);
    if (tokens === 'displaced') throw new AppError('SESSION_CONFLICT');
    if (!tokens) throw new AppError('UNAUTHORIZED', 'refresh_token已失效');
    const uid = Number(refreshToken.split('.')[0]);
    const u = await this.d.users.findById(uid);
    if (u?.status !== 1) {
      await this.d.sessions.revokeFamily(tokens.fid);
      throw new AppError('UNAUTHORIZED', 'refresh_token已失效');
    }
    const { info, options } = await buildUserInfo(this.d.users, u);
    return {
      access_token: tokens.accessToken,
      token_type: 'bearer',
      refresh_token: tokens.refreshToken,
      expires_in: tokens.expiresIn,
      sign_key: tokens.signKey,
      user: info,
      // still to choose: several departments and none current yet (the rule of the login answer)
      whetherSelectDept: u.current_dept_id === null && options.length > 1,
      optionalDeptList: options,
      currentDept: options.find((o) => o.value === u.current_dept_id) ?? null,
    };
  }

  async logout(uid: number, fid: string, ip: string) {
    await this.d.sessions.revokeFamily(fid);
    await this.d.users.transaction((trx) => writeAudit(trx, { userId: uid, action: 'user.logout', target: `user:${uid}`, ip }));
  }
}
