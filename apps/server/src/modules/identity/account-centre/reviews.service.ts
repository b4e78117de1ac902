import { CHANGE_STATUS_TEXT, type ChangeKind, type ChangeRequestQuery, type ChangeStatus, type UserInfoApplyBody } from '@kc/contracts/identity/account-centre';
import type { Caller } from '../../../platform/auth/access.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { AccountsService, AccountWrites } from '../uac/index.ts';
import type { ChangeRequestsRepository, RequestRow } from './change-requests.repository.ts';
import { CHANGE_TRANSITIONS, overdue } from './review-states.ts';

const NOT_FOUND = '申请不存在';

const parse = (s: string) => JSON.parse(s) as Record<string, string | null>;
export const requestVO = (r: RequestRow) => ({
  id: r.id,
  kind: r.kind as ChangeKind,
  userId: r.user_id,
  userName: r.user_name,
  realName: r.real_name,
  instituteName: r.institute_name ?? null,
  oldValue: parse(r.old_value),
  newValue: parse(r.new_value),
  status: r.status as ChangeStatus,
  statusText: CHANGE_STATUS_TEXT[r.status as ChangeStatus],
  reviewerName: r.reviewer_name ?? null,
  reason: r.reason,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  overdue: r.status === 'pending' && overdue(r.created_at),
});

/**
 * One change-request model for 用户信息审核 and 用户名审核 (docs/domains/identity.md#change-requests): a user submits, a reviewer
 * approves or rejects once (conditional update on `pending`), singly or up to 100 at a time. The
 * platform reviews every request; an institute owner those of its own institute's users (requests
 * of platform-department accounts have no institute, so only the platform sees them).
 */
export class ReviewsService {
  constructor(
    private readonly repo: ChangeRequestsRepository,
    private readonly callers: CallerCache,
    /** what approval changes is written by uac, in the deciding transaction */
    private readonly accounts: AccountsService,
  ) {}

  scopeOf(c: Caller): { all: true } | { instituteId: number } {
    if (c.accountType === 0) return { all: true };
    return { instituteId: c.instituteId ?? -1 };
  }
  private inScope(c: Caller, instituteId: number | null) {
    return c.accountType === 0 || (instituteId !== null && instituteId === c.instituteId);
  }

  async page(c: Caller, kind: ChangeKind, q: ChangeRequestQuery) {
    const { total, rows } = await this.repo.page(kind, this.scopeOf(c), q, (q.current - 1) * q.size, q.size);
    return { records: rows.map(requestVO), total, current: q.current, size: q.size };
  }

  async latest(c: Caller, kind: ChangeKind) {
    const r = await this.repo.latestOf(c.userId, kind);
    return r ? requestVO(r) : null;
  }

  /** 提交实名信息: one pending request per user; the institute is the user's (null for platform-department accounts). */
  async applyUserInfo(w: Who, b: UserInfoApplyBody) {
    const u = (await this.repo.user(w.caller.userId)) ?? fail('NOT_FOUND', '用户不存在');
    if (u.account_type !== 1) fail('BAD_REQUEST', '只有采购端账号需要提交实名信息');
    try {
      await this.repo.inTransaction(async (tx) => {
        const r = await tx.insert({
          kind: 'userInfo',
          userId: u.id,
          instituteId: u.institute_id,
          oldValue: { realName: u.real_name, verification: String(u.verification) },
          newValue: { realName: b.realName, workUnit: b.workUnit, title: b.title, remark: b.remark },
          nameKey: null,
        });
        await tx.audit({ userId: u.id, action: 'userInfo.apply', target: `change:${r.id}`, detail: b, ip: w.ip });
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', '您已有待审核的实名信息，请等待审核结果');
      throw e;
    }
    return this.latest(w.caller, 'userInfo');
  }

  async review(w: Who, kind: ChangeKind, id: number, pass: boolean, reason: string) {
    const outcome = await this.decideOne(w, kind, id, pass, reason);
    if (outcome !== 'ok') fail(outcome === 'missing' ? 'NOT_FOUND' : 'STATE_CONFLICT', outcome === 'missing' ? NOT_FOUND : outcome);
    await this.callers.invalidate();
  }

  /** Each request in its own transaction: one that was decided meanwhile or fails its check is skipped with the reason. */
  async batchReview(w: Who, kind: ChangeKind, ids: number[], pass: boolean, reason: string) {
    const skipped: { id: number; reason: string }[] = [];
    let done = 0;
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const outcome = await this.decideOne(w, kind, id, pass, reason);
      if (outcome === 'ok') done++;
      else skipped.push({ id, reason: outcome === 'missing' ? NOT_FOUND : outcome });
    }
    if (done) await this.callers.invalidate();
    return { done, skipped };
  }

  private async decideOne(w: Who, kind: ChangeKind, id: number, pass: boolean, reason: string): Promise<'ok' | 'missing' | string> {
    return this.repo.inTransaction(async (tx, trx) => {
      const r = await tx.get(id);
      if (!r || r.kind !== kind || !this.inScope(w.caller, r.institute_id)) return 'missing';
      const to = transition(CHANGE_TRANSITIONS, r.status as ChangeStatus, pass ? 'approve' : 'reject', 'reviewer');
      if (!to) return '该申请已审核，请刷新后重试';
      if (r.user_id === w.caller.userId) return '不能审核本人的申请';
      if (pass && kind === 'userName') {
        const wanted = parse(r.new_value).userName as string;
        // the name was reserved while pending; an account created with it since (registration) wins
        const holder = await tx.userByName(wanted);
        if (holder && holder.id !== r.user_id) return `用户名 ${wanted} 已被占用`;
      }
      if (!(await tx.decide(id, to, w.caller.userId, reason || null))) return '该申请已审核，请刷新后重试';
      if (pass) await this.apply(this.accounts.within(trx), r.user_id, kind, parse(r.new_value));
      await tx.audit({
        userId: w.caller.userId,
        action: `${kind}.${pass ? 'approve' : 'reject'}`,
        target: `change:${id}`,
        detail: { reason },
        ip: w.ip,
      });
      return 'ok';
    });
  }

  /**
   * What approval changes: a user name; or the real name, and the verification flag — the account
   * is then real-name verified, so docs/domains/platform.md#navigation-guard (step 7) and docs/domains/platform.md#watermark no longer treat a
   * platform-department (id 1) account as unverified.
   */
  private async apply(accounts: AccountWrites, userId: number, kind: ChangeKind, v: Record<string, string | null>) {
    if (kind === 'userName') await accounts.change(userId, { userName: v.userName as string });
    else await accounts.change(userId, { realName: v.realName as string, verification: 1 });
  }

  /** The reviewer renames directly (adminModify), recorded as an approved request. */
  async adminModify(w: Who, userId: number, newUserName: string, reason: string) {
    await this.repo.inTransaction(async (tx, trx) => {
      const u = await tx.user(userId);
      if (!u || !this.inScope(w.caller, u.institute_id) || (u.account_type === 0 && w.caller.accountType !== 0)) return fail('NOT_FOUND', '用户不存在');
      if (u.user_name.toLowerCase() !== newUserName.toLowerCase() && (await tx.nameTaken(newUserName))) fail('STATE_CONFLICT', '该用户名已存在或正在审核中');
      // the user's own pending request, if any, is settled by this
      const pending = await tx.pendingOf(u.id, 'userName');
      if (pending) await tx.decide(pending.id, 'rejected', w.caller.userId, '管理员已直接修改用户名');
      await tx.insert({
        kind: 'userName',
        userId: u.id,
        instituteId: u.institute_id,
        oldValue: { userName: u.user_name },
        newValue: { userName: newUserName },
        nameKey: null,
        status: 'approved',
        reviewerId: w.caller.userId,
        reason: reason || '管理员直接修改',
      });
      await this.accounts.within(trx).change(u.id, { userName: newUserName });
      await tx.audit({
        userId: w.caller.userId,
        action: 'userName.adminModify',
        target: `user:${u.id}`,
        detail: { from: u.user_name, to: newUserName },
        ip: w.ip,
      });
    });
    await this.callers.invalidate();
  }
}
