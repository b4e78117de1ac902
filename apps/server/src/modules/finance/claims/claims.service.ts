import { type AppliedClaim, CLAIM_MAX_SUBS, type ClaimActor, type ClaimStep, claimStatusText, MERGE_MAX_CLAIMS } from '@kc/contracts/finance/claims';
import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { ClaimLogTable, ClaimTable, DB, MergeClaimTable } from '../../../platform/db/schema.ts';
import { shanghaiCompactDate } from '../../../platform/documents/shanghai-time.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { CardMoves } from '../../ledgers/budget/index.ts';
import type { ApprovalsService, DutyParties } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { InvoiceMoves } from '../invoices/index.ts';
import { freezeReason, whyNotClaimable } from './claim-eligibility.ts';
import { CLAIM_TRANSITIONS, type ClaimMove, type ClaimStatus, currentStep, decide, HOLDS_INVOICES, stepsOf } from './claim-states.ts';
import type { ClaimableSub, ClaimRow, ClaimSettingRow, ClaimSubRow, MergeRow } from './claims.repository.ts';

/**
 * What ClaimsService needs of storage (ClaimsRepository; in-memory fakes in claims.service.test.ts).
 * `inTransaction` gives the store bound to the transaction, and the transaction itself, opaque,
 * for the audit row and the other modules' moves (`invoices.within(trx)`, `grantCards.within(trx)`).
 */
export interface ClaimsStore {
  inTransaction<T>(fn: (repo: ClaimsStore, trx: Transaction<DB>) => Promise<T>): Promise<T>;
  /** the sub-orders a claim would take, with their order's scope and the live claim holding each (claim_no) */
  subsForClaim(subIds: number[]): Promise<ClaimableSub[]>;
  claim(id: number): Promise<ClaimRow | undefined>;
  claimsByIds(ids: number[]): Promise<ClaimRow[]>;
  claimsOfMerge(mergeId: number): Promise<ClaimRow[]>;
  insertClaim(v: Omit<Insertable<ClaimTable>, 'claim_no'>, day: string): Promise<ClaimRow>;
  /** fails with a unique violation when a sub-order is already in a live claim */
  insertClaimSubs(claimId: number, subs: { id: number; amount: number }[]): Promise<void>;
  subIdsOf(claimIds: number[], released?: boolean): Promise<ClaimSubRow[]>;
  releaseSubs(claimId: number): Promise<unknown>;
  /** conditional move: true only when the claim was still in one of `from` */
  move(id: number, from: string[], set: Updateable<ClaimTable>): Promise<boolean>;
  stampNotified(id: number, since: string, now: string): Promise<boolean>;
  log(v: Omit<Insertable<ClaimLogTable>, 'created_at'>): Promise<unknown>;
  addFiles(claimId: number, fileIds: number[]): Promise<void>;
  merge(id: number): Promise<MergeRow | undefined>;
  insertMerge(
    v: { institute_id: number; amount: number; claim_count: number; created_by: number; remark: string | null },
    day: string,
  ): Promise<{ id: number; mergeNo: string }>;
  moveMerge(id: number, from: string[], set: Updateable<MergeClaimTable>): Promise<boolean>;
  /** a merged claim's count and amount after a claim left it; answers the count */
  refreshMerge(id: number): Promise<number>;
  setting(instituteId: number): Promise<ClaimSettingRow | undefined>;
  saveSetting(instituteId: number, from: string | null, to: string | null, by: number): Promise<void>;
  instituteName(id: number | null): Promise<{ name: string } | undefined>;
}

const CONFLICT = '报销单状态已变化，请刷新后重试';
const NOT_FOUND = '报销单不存在或不在您的处理范围内';
/** notify: at most one reminder per claim in this window */
export const NOTIFY_INTERVAL_MS = 30 * 60_000;

const partiesOf = (c: ClaimRow): DutyParties => ({ placedBy: c.buyer_id, placedFor: c.buyer_id });
const scopeOf = (c: { institute_id: number; team_id: number | null }) => ({ institute_id: c.institute_id, team_id: c.team_id });

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; message?: string } | null;
  return x?.code === '23505' || x?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key/.test(x?.message ?? '');
};

/**
 * Every move of a claim: the buyer's application, resubmission, cancellation and reminders; the
 * team leader's and the institute's decisions; finance's merge, completion, 退回补充材料 and
 * refusal. Each move asks the transitions table for its target and happens in one transaction with
 * a conditional update, a claim-log row, the audit row, the invoices taken or released, and the
 * next person's message.
 */
export class ClaimsService {
  constructor(
    private readonly repo: ClaimsStore,
    private readonly approvals: ApprovalsService,
    private readonly messages: Pick<MessagesService, 'tell'>,
    private readonly files: Pick<FilesService, 'mustBeAttachable'>,
    /** the invoices a claim takes and releases, and the match it is judged by (in the claim's transaction): InvoicesService */
    private readonly invoices: { within(trx: Transaction<DB>): Pick<InvoiceMoves, 'match' | 'markClaimed'> },
    /** the grant cards a completed claim draws on (in the claim's transaction): GrantCardsService */
    private readonly grantCards: { within(trx: Transaction<DB>): Pick<CardMoves, 'drawSubOrders'> },
  ) {}

  // ── buyer ────────────────────────────────────────────────────────────────
  /**
   * batchApplyClaim: one claim over the chosen sub-orders (of one team), or one per sub-order. The
   * chain is planned before the transaction (SQLite has one connection); inside it the sub-orders
   * are read and judged again, and the live-claim index settles a race: the second claim fails.
   */
  async apply(w: Who, b: { subOrderIds: number[]; separate: boolean; fileIds: number[]; remark?: string }): Promise<AppliedClaim[]> {
    const c = w.caller;
    const ids = [...new Set(b.subOrderIds)];
    if (ids.length > CLAIM_MAX_SUBS) fail('BAD_REQUEST', `一张报销单最多 ${CLAIM_MAX_SUBS} 个子订单`);
    if (b.fileIds.length) await this.files.mustBeAttachable(b.fileIds, 'claim', c.userId);
    const first = await this.repo.subsForClaim(ids);
    const mine = first.filter((s) => s.buyer_id === c.userId);
    if (mine.length !== ids.length) fail('NOT_FOUND', '订单不存在或不是您的订单');
    const groups = b.separate ? mine.map((s) => [s]) : [mine];
    const teams = new Set(mine.map((s) => s.team_id));
    if (!b.separate && teams.size > 1) fail('BAD_REQUEST', '所选订单属于不同课题组，请按课题组分别报销，或选择“每个订单一张报销单”');
    if (c.instituteId === null) fail('BAD_REQUEST', '请先选择所在单位');
    const instituteId = c.instituteId as number;
    await this.mustNotBeFrozen(instituteId);
    const planners = new Map<number | null, Awaited<ReturnType<ApprovalsService['planner']>>>();
    for (const t of teams) planners.set(t, await this.approvals.planner({ institute_id: instituteId, team_id: t }, c.aclVersion));

    try {
      return await this.repo.inTransaction(async (r, trx) => {
        const subs = await r.subsForClaim(ids);
        const match = await this.invoices.within(trx).match(ids);
        for (const s of subs) {
          const why = whyNotClaimable({ status: s.status, instituteId: s.institute_id, heldBy: s.claim_no, match: match.get(s.id) }, instituteId);
          if (why) fail('BAD_REQUEST', `子订单 ${s.sub_no}：${why}`);
        }
        const byId = new Map(subs.map((s) => [s.id, s]));
        const out: AppliedClaim[] = [];
        const day = shanghaiCompactDate(new Date());
        for (const g of groups) {
          const rows = g.map((x) => byId.get(x.id)!);
          const amount = rows.reduce((a, s) => a + Number(s.total_amount), 0);
          const team = rows[0].team_id;
          const plan = planners.get(team)!({ total: amount, hasHazard: false, parties: { placedBy: c.userId, placedFor: c.userId } });
          const steps = plan.steps as ClaimStep[];
          const now = new Date().toISOString();
          const claim = await r.insertClaim(
            {
              buyer_id: c.userId,
              institute_id: instituteId,
              dept_id: rows[0].dept_id,
              team_id: team,
              status: 'draft',
              amount,
              sub_count: rows.length,
              approval_steps: steps.join(','),
              return_kind: null,
              last_reason: null,
              merge_id: null,
              remark: b.remark ?? null,
              submitted_at: null,
              notified_at: null,
              created_at: now,
              updated_at: now,
            },
            day,
          );
          await r.insertClaimSubs(
            claim.id,
            rows.map((s) => ({ id: s.id, amount: Number(s.total_amount) })),
          );
          // attachments go with the claim over all sub-orders, or with the first of separate claims
          if (out.length === 0) await r.addFiles(claim.id, b.fileIds);
          const to = await this.submitInTrx(r, trx, w, claim, steps);
          out.push({ id: claim.id, claimNo: claim.claim_no, status: to, statusText: claimStatusText(to, steps, null), subOrderIds: rows.map((s) => s.id) });
        }
        return out;
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', '所选订单刚刚被提交到另一张报销单，请刷新后重试');
      throw e;
    }
  }

  /** draft → the chain's first step (or finance): takes the invoices and tells whoever acts next. */
  private async submitInTrx(r: ClaimsStore, trx: Transaction<DB>, w: Who, claim: ClaimRow, steps: ClaimStep[]): Promise<ClaimStatus> {
    const returned = claim.return_kind === 'supplement' ? 'supplement' : claim.return_kind === 'refused' ? 'refused' : null;
    const to = transition(CLAIM_TRANSITIONS, claim.status as ClaimStatus, 'submit', 'buyer', { steps, returned });
    if (!to) return fail('STATE_CONFLICT', CONFLICT);
    const now = new Date().toISOString();
    if (!(await r.move(claim.id, ['draft'], { status: to, approval_steps: steps.join(','), submitted_at: now, return_kind: null })))
      fail('STATE_CONFLICT', CONFLICT);
    const subIds = (await r.subIdsOf([claim.id])).map((s) => s.sub_order_id);
    await this.invoices.within(trx).markClaimed(subIds, true);
    await r.log({ claim_id: claim.id, actor_id: w.caller.userId, actor: 'buyer', action: 'submit', from_status: claim.status, to_status: to, reason: null });
    await writeAudit(trx, { userId: w.caller.userId, action: 'claim.submit', target: `claim:${claim.id}`, ip: w.ip });
    await this.tellNext(trx, { ...claim, status: to, approval_steps: steps.join(',') }, w.caller.aclVersion);
    return to;
  }

  /**
   * A claim that came back (refused, or for more papers) is submitted again under its number: the
   * sub-orders are judged again, the chain planned anew (a claim back for papers goes to finance).
   */
  async resubmit(w: Who, b: { id: number; fileIds: number[]; remark?: string }) {
    const c = w.caller;
    const claim = await this.repo.claim(b.id);
    if (!claim || claim.buyer_id !== c.userId) return fail('NOT_FOUND', '报销单不存在');
    if (claim.status !== 'draft') return fail('STATE_CONFLICT', '只有待提交或被退回的报销单可以提交');
    await this.mustNotBeFrozen(claim.institute_id);
    if (b.fileIds.length) await this.files.mustBeAttachable(b.fileIds, 'claim', c.userId);
    const plan = (await this.approvals.planner(scopeOf(claim), c.aclVersion))({ total: Number(claim.amount), hasHazard: false, parties: partiesOf(claim) });
    return this.repo.inTransaction(async (r, trx) => {
      const subIds = (await r.subIdsOf([claim.id])).map((s) => s.sub_order_id);
      const [subs, match] = await Promise.all([r.subsForClaim(subIds), this.invoices.within(trx).match(subIds)]);
      for (const s of subs) {
        const why = whyNotClaimable({ status: s.status, instituteId: s.institute_id, heldBy: null, match: match.get(s.id) }, claim.institute_id);
        if (why) fail('BAD_REQUEST', `子订单 ${s.sub_no}：${why}`);
      }
      await r.addFiles(claim.id, b.fileIds);
      if (b.remark !== undefined) await r.move(claim.id, ['draft'], { remark: b.remark });
      const steps = claim.return_kind === 'supplement' ? stepsOf(claim.approval_steps) : (plan.steps as ClaimStep[]);
      const to = await this.submitInTrx(r, trx, w, claim, steps);
      return { id: claim.id, claimNo: claim.claim_no, status: to, statusText: claimStatusText(to, steps, null), subOrderIds: subIds };
    });
  }

  /** No claim is submitted during the institute's settlement freeze. */
  private async mustNotBeFrozen(instituteId: number) {
    const st = await this.repo.setting(instituteId);
    const why = freezeReason(shanghaiDate(), st?.freeze_from ?? null, st?.freeze_to ?? null);
    if (why) fail('BAD_REQUEST', why);
  }

  /** The institute's settlement freeze, as finance and the institute see and set it. */
  async setting(c: Caller) {
    const inst = await this.mustRunSettings(c);
    const st = await this.repo.setting(inst);
    const from = st?.freeze_from ?? null;
    const to = st?.freeze_to ?? null;
    return { freezeFrom: from, freezeTo: to, frozenNow: freezeReason(shanghaiDate(), from, to) };
  }

  async saveSetting(w: Who, b: { freezeFrom: string | null; freezeTo: string | null }) {
    const inst = await this.mustRunSettings(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      await r.saveSetting(inst, b.freezeFrom, b.freezeTo, w.caller.userId);
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.setting', target: `institute:${inst}`, detail: b, ip: w.ip });
    });
    return this.setting(w.caller);
  }

  /** Finance and the institute's owner set their own institute's claim rules. */
  private async mustRunSettings(c: Caller): Promise<number> {
    if (c.instituteId === null || !(await this.approvals.canActAtAny(c.userId, ['finance', 'institute'], { institute_id: c.instituteId, team_id: null })))
      return fail('FORBIDDEN', '只有本单位的财务或研究所负责人可以设置报销规则');
    return c.instituteId;
  }

  /** The buyer cancels a claim nobody has decided on yet: its sub-orders and invoices are free again. */
  async cancel(w: Who, id: number) {
    const claim = await this.repo.claim(id);
    if (!claim || claim.buyer_id !== w.caller.userId) return fail('NOT_FOUND', '报销单不存在');
    const from = claim.status as ClaimStatus;
    const to = transition(CLAIM_TRANSITIONS, from, 'cancel', 'buyer', { steps: stepsOf(claim.approval_steps) });
    if (!to) return fail('STATE_CONFLICT', '报销单已有人审批，不能撤销');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.move(id, [from], { status: to }))) fail('STATE_CONFLICT', CONFLICT);
      const subIds = (await r.subIdsOf([id])).map((s) => s.sub_order_id);
      if (HOLDS_INVOICES.includes(from)) await this.invoices.within(trx).markClaimed(subIds, false);
      await r.releaseSubs(id);
      await r.log({ claim_id: id, actor_id: w.caller.userId, actor: 'buyer', action: 'cancel', from_status: from, to_status: to, reason: null });
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.cancel', target: `claim:${id}`, ip: w.ip });
    });
  }

  /** Reminds whoever the claim waits for, at most once per claim every 30 minutes. */
  async notify(w: Who, id: number) {
    const claim = await this.repo.claim(id);
    if (!claim || claim.buyer_id !== w.caller.userId) return fail('NOT_FOUND', '报销单不存在');
    const who = this.waitingFor(claim);
    if (!who) return fail('STATE_CONFLICT', '报销单当前不在审批中，无需提醒');
    const now = new Date();
    const recipients = (await this.approvals.recipients(who, scopeOf(claim), w.caller.aclVersion)).filter((u) => u.id !== claim.buyer_id);
    if (recipients.length === 0) return fail('BAD_REQUEST', '未找到可以处理该报销单的人员，请联系研究所管理员');
    await this.repo.inTransaction(async (r, trx) => {
      const since = new Date(now.getTime() - NOTIFY_INTERVAL_MS).toISOString();
      if (!(await r.stampNotified(id, since, now.toISOString()))) fail('BAD_REQUEST', '30 分钟内已提醒过，请稍后再试');
      await this.messages.tell(
        trx,
        recipients.map((u) => u.id),
        {
          title: '报销单催办',
          content: `报销单 ${claim.claim_no}（¥${(Number(claim.amount) / 100).toFixed(2)}）等待您处理，报销人提醒您尽快审批。`,
          link: who === 'finance' ? '/cass/claim/merge' : '/cass/claim/approve',
        },
      );
    });
    return { notified: recipients.length };
  }

  /** The step a claim waits for: an approval step, finance, or nobody. */
  private waitingFor(c: ClaimRow): 'team' | 'institute' | 'finance' | null {
    const s = c.status as ClaimStatus;
    if (s === 'institute_approved' || s === 'finance_review') return 'finance';
    return currentStep(s, stepsOf(c.approval_steps));
  }

  private async tellNext(trx: Transaction<DB>, c: ClaimRow, aclVersion: string | null) {
    const who = this.waitingFor(c);
    if (!who) return;
    const users = (await this.approvals.recipients(who, scopeOf(c), aclVersion, trx)).filter((u) => u.id !== c.buyer_id);
    await this.messages.tell(
      trx,
      users.map((u) => u.id),
      {
        title: who === 'finance' ? '报销单待财务审核' : '报销单待审批',
        content: `报销单 ${c.claim_no}（¥${(Number(c.amount) / 100).toFixed(2)}）等待您${who === 'finance' ? '审核' : '审批'}。`,
        link: who === 'finance' ? '/cass/claim/merge' : '/cass/claim/approve',
      },
    );
  }

  private tellBuyer(trx: Transaction<DB>, c: ClaimRow, title: string, content: string) {
    return this.messages.tell(trx, [c.buyer_id], { title, content, link: '/cass/claim/my' });
  }

  // ── team leader and institute ────────────────────────────────────────────
  /** Pass or refuse claims one at a time (each reports its own result, as orders do). */
  async decide(w: Who, step: ClaimStep, ids: number[], action: 'pass' | 'refuse', reason: string | null) {
    if (action === 'refuse' && !reason) fail('BAD_REQUEST', '驳回时请填写原因');
    return this.each(ids, action === 'pass' ? '已通过' : '已驳回', (id) => this.decideOne(w, step, id, action, reason));
  }

  private async each(ids: number[], done: string, fn: (id: number) => Promise<void>) {
    const results: { id: number; ok: boolean; message: string }[] = [];
    for (const id of ids) {
      try {
        await fn(id);
        results.push({ id, ok: true, message: done });
      } catch (e) {
        if (ids.length === 1) throw e;
        results.push({ id, ok: false, message: e instanceof Error ? e.message : '出错了' });
      }
    }
    return results;
  }

  private async decideOne(w: Who, step: ClaimStep, id: number, action: 'pass' | 'refuse', reason: string | null) {
    const claim = await this.repo.claim(id);
    if (!claim) return fail('NOT_FOUND', NOT_FOUND);
    const may = await this.approvals.authorise(w.caller.userId, step, scopeOf(claim), partiesOf(claim));
    if (may === 'not-actor') return fail('NOT_FOUND', NOT_FOUND);
    if (may !== 'ok') return fail('BAD_REQUEST', may);
    const from = claim.status as ClaimStatus;
    const to = decide(from, step, action, stepsOf(claim.approval_steps));
    if (!to) return fail('STATE_CONFLICT', CONFLICT);
    await this.repo.inTransaction(async (r, trx) => {
      const set = action === 'refuse' ? { status: to, return_kind: 'refused', last_reason: reason } : { status: to };
      if (!(await r.move(id, [from], set))) fail('STATE_CONFLICT', CONFLICT);
      await r.log({ claim_id: id, actor_id: w.caller.userId, actor: step, action, from_status: from, to_status: to, reason });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `claim.${step}.${action}`,
        target: `claim:${id}`,
        detail: reason ? { reason } : undefined,
        ip: w.ip,
      });
      if (action === 'refuse') {
        await this.invoices.within(trx).markClaimed(
          (await r.subIdsOf([id])).map((s) => s.sub_order_id),
          false,
        );
        await this.tellBuyer(trx, claim, '报销单被驳回', `报销单 ${claim.claim_no} 被${step === 'team' ? '课题组长' : '研究所'}驳回：${reason}`);
      } else await this.tellNext(trx, { ...claim, status: to }, w.caller.aclVersion);
    });
  }

  // ── finance ──────────────────────────────────────────────────────────────
  /** Whether the caller is a finance officer of their current institute (isHaveAuth). */
  async financeAuth(c: Caller) {
    const hasAuth = c.instituteId !== null && (await this.approvals.canAct(c.userId, 'finance', { institute_id: c.instituteId, team_id: null }));
    const inst = hasAuth ? await this.repo.instituteName(c.instituteId) : undefined;
    return { hasAuth, instituteId: hasAuth ? c.instituteId : null, instituteName: inst?.name ?? null };
  }

  /** Finance may act on this claim: an officer of its institute, not its buyer. */
  private async mustFinance(c: Caller, claim: ClaimRow) {
    const may = await this.approvals.authorise(c.userId, 'finance', scopeOf(claim), partiesOf(claim));
    if (may === 'not-actor') fail('NOT_FOUND', NOT_FOUND);
    if (may !== 'ok') fail('BAD_REQUEST', may);
  }

  /**
   * mergeClaim/batchPass: finance takes claims of its institute waiting for it, merges them into one
   * 合并报销 record and passes them (they wait for completion). All or nothing: one transaction.
   */
  async mergePass(w: Who, ids: number[], remark: string | null) {
    const unique = [...new Set(ids)];
    if (unique.length > MERGE_MAX_CLAIMS) fail('BAD_REQUEST', `一次最多合并 ${MERGE_MAX_CLAIMS} 张报销单`);
    const claims = await this.repo.claimsByIds(unique);
    if (claims.length !== unique.length) fail('NOT_FOUND', NOT_FOUND);
    for (const c of claims) await this.mustFinance(w.caller, c);
    const institutes = new Set(claims.map((c) => c.institute_id));
    if (institutes.size > 1) fail('BAD_REQUEST', '只能合并同一研究所的报销单');
    const merged = new Map<number, ClaimStatus>();
    for (const c of claims) {
      const to = transition(CLAIM_TRANSITIONS, c.status as ClaimStatus, 'merge', 'finance', { steps: [] });
      if (!to) return fail('STATE_CONFLICT', `报销单 ${c.claim_no} 不在待财务审核状态`);
      merged.set(c.id, to);
    }
    return this.repo.inTransaction(async (r, trx) => {
      const amount = claims.reduce((a, c) => a + Number(c.amount), 0);
      const m = await r.insertMerge(
        { institute_id: claims[0].institute_id, amount, claim_count: claims.length, created_by: w.caller.userId, remark },
        shanghaiCompactDate(new Date()),
      );
      for (const c of claims) {
        const to = merged.get(c.id) as ClaimStatus;
        if (!(await r.move(c.id, [c.status], { status: to, merge_id: m.id }))) fail('STATE_CONFLICT', `报销单 ${c.claim_no} 状态已变化，请刷新后重试`);
        await r.log({
          claim_id: c.id,
          actor_id: w.caller.userId,
          actor: 'finance',
          action: 'merge',
          from_status: c.status,
          to_status: to,
          reason: null,
        });
        await this.tellBuyer(trx, c, '报销单已通过财务审核', `报销单 ${c.claim_no} 已通过财务审核（合并报销单 ${m.mergeNo}），等待报销完成。`);
      }
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.merge', target: `merge:${m.id}`, detail: { claims: unique }, ip: w.ip });
      return m;
    });
  }

  /** Finance at a merged claim's institute (not a party to any of its claims, checked per claim). */
  private async mergeFor(c: Caller, id: number) {
    const m = await this.repo.merge(id);
    if (!m || !(await this.approvals.canAct(c.userId, 'finance', { institute_id: m.institute_id, team_id: null })))
      return fail('NOT_FOUND', '合并报销单不存在');
    return m;
  }

  /** mergeClaim/complete: every claim of the merged record is completed (paid out). */
  async complete(w: Who, id: number) {
    const m = await this.mergeFor(w.caller, id);
    const claims = await this.repo.claimsOfMerge(id);
    for (const c of claims) await this.mustFinance(w.caller, c);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveMerge(id, ['review'], { status: 'completed', completed_by: w.caller.userId })))
        fail('STATE_CONFLICT', '合并报销单状态已变化，请刷新后重试');
      for (const c of claims) await this.financeMove(r, trx, w, c, 'complete', null);
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.merge.complete', target: `merge:${m.id}`, ip: w.ip });
    });
  }

  /** mergeClaim/noComplete (退回补充材料): every claim goes back to its buyer for papers, keeping its number and approvals. */
  async noComplete(w: Who, id: number, reason: string) {
    const m = await this.mergeFor(w.caller, id);
    const claims = await this.repo.claimsOfMerge(id);
    for (const c of claims) await this.mustFinance(w.caller, c);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveMerge(id, ['review'], { status: 'returned', reason }))) fail('STATE_CONFLICT', '合并报销单状态已变化，请刷新后重试');
      for (const c of claims) await this.financeMove(r, trx, w, c, 'noComplete', reason);
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.merge.noComplete', target: `merge:${m.id}`, detail: { reason }, ip: w.ip });
    });
  }

  /**
   * cancelAndRefuse: finance refuses claims back to their buyers in one step, taking them out of
   * their merged claim (cancelled when none is left).
   */
  async cancelAndRefuse(w: Who, ids: number[], reason: string) {
    return this.each(ids, '已驳回', async (id) => {
      const c = await this.repo.claim(id);
      if (!c) return fail('NOT_FOUND', NOT_FOUND);
      await this.mustFinance(w.caller, c);
      await this.repo.inTransaction(async (r, trx) => {
        await this.financeMove(r, trx, w, c, 'financeRefuse', reason);
        if (c.merge_id !== null && (await r.refreshMerge(c.merge_id)) === 0) await r.moveMerge(c.merge_id, ['review'], { status: 'cancelled', reason });
      });
    });
  }

  private async financeMove(r: ClaimsStore, trx: Transaction<DB>, w: Who, c: ClaimRow, action: ClaimMove, reason: string | null) {
    const from = c.status as ClaimStatus;
    const to = transition(CLAIM_TRANSITIONS, from, action, 'finance' as ClaimActor, { steps: stepsOf(c.approval_steps) });
    if (!to) return fail('STATE_CONFLICT', `报销单 ${c.claim_no} 状态已变化，请刷新后重试`);
    const back = to === 'draft';
    const set = back ? { status: to, merge_id: null, return_kind: action === 'noComplete' ? 'supplement' : 'refused', last_reason: reason } : { status: to };
    if (!(await r.move(c.id, [from], set))) fail('STATE_CONFLICT', `报销单 ${c.claim_no} 状态已变化，请刷新后重试`);
    await r.log({ claim_id: c.id, actor_id: w.caller.userId, actor: 'finance', action, from_status: from, to_status: to, reason });
    if (back) {
      await this.invoices.within(trx).markClaimed(
        (await r.subIdsOf([c.id])).map((s) => s.sub_order_id),
        false,
      );
      await this.tellBuyer(
        trx,
        c,
        action === 'noComplete' ? '报销单退回补充材料' : '报销单被财务驳回',
        `报销单 ${c.claim_no} ${action === 'noComplete' ? '需补充材料后重新提交' : '被财务驳回'}：${reason}`,
      );
    } else {
      if (to === 'completed') {
        // the money is spent: each sub-order draws its claimed amount on its order's grant card (once, whether this or its statement's payment comes first)
        const subs = await r.subIdsOf([c.id]);
        await this.grantCards.within(trx).drawSubOrders(
          subs.map((s) => s.sub_order_id),
          { claimId: c.id, actorId: w.caller.userId, amounts: new Map(subs.map((s) => [s.sub_order_id, Number(s.amount)])) },
        );
      }
      await this.tellBuyer(trx, c, '报销完成', `报销单 ${c.claim_no}（¥${(Number(c.amount) / 100).toFixed(2)}）已报销完成。`);
    }
    if (!back) await writeAudit(trx, { userId: w.caller.userId, action: `claim.${action}`, target: `claim:${c.id}`, ip: w.ip });
  }
}
