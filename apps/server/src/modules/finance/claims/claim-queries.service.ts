import { SUB_STATUS_TEXT, type SubStatus } from '@kc/contracts/buying/orders-status';
import {
  CLAIM_ACTION_TEXT,
  CLAIM_ACTOR_TEXT,
  type ClaimAction,
  type ClaimActor,
  type ClaimableVO,
  type ClaimDetailVO,
  type ClaimReturn,
  type ClaimStatus,
  type ClaimVO,
  claimStatusText,
  MERGE_STATUS_TEXT,
  type MergeDetailVO,
  type MergeStatus,
  type MergeVO,
} from '@kc/contracts/finance/claims';
import { type Page, shanghaiDate } from '@kc/contracts/platform/common';
import QRCode from 'qrcode';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Scope } from '../../../platform/db/data-scope.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { freezeReason, whyNotClaimable } from './claim-eligibility.ts';
import { type ClaimPrint, renderClaimsPdf } from './claim-pdf.ts';
import { stepsOf } from './claim-states.ts';
import { checkClaimToken, claimToken, QR_LIFETIME_MS, type QrKind } from './claim-token.ts';
import type { ClaimFilter, ClaimRow, ClaimsRepository, MergeRow, Paging } from './claims.repository.ts';

type Listed = Awaited<ReturnType<ClaimsRepository['rowsOf']>>[number];
export type WaitRole = 'team' | 'institute' | 'finance';
const dayStart = (d: string, plus = 0) => new Date(Date.parse(`${d}T00:00:00+08:00`) + plus * 86_400_000).toISOString();

/**
 * Reading claims: the buyer's claimable sub-orders, lists per role with their counts, details,
 * attachments, the QR codes and the PDFs. Every read is scoped in the query (CLAIM_SCOPE) or
 * checked against the approval roles of the claim's institute and team.
 */
export class ClaimQueriesService {
  constructor(
    private readonly repo: ClaimsRepository,
    private readonly approvals: ApprovalsService,
    private readonly files: FilesService,
    private readonly qrSecret: string,
    /** the three-way match of the sub-orders a page shows */
    private readonly invoices: Pick<InvoicesService, 'match'>,
  ) {}

  // ── buyer ────────────────────────────────────────────────────────────────
  async claimable(c: Caller, q: { eligible?: '1' | '0'; subNo?: string } & Paging): Promise<Page<ClaimableVO>> {
    const { rows, total } = await this.repo.claimablePage(c.userId, q.subNo, q);
    const ids = rows.map((r) => r.id);
    const [match, lines, invoices, setting] = await Promise.all([
      this.invoices.match(ids),
      this.repo.lineSummary(ids),
      this.repo.invoicesOf(ids),
      c.instituteId === null ? undefined : this.repo.setting(c.instituteId),
    ]);
    const frozen = freezeReason(shanghaiDate(), setting?.freeze_from ?? null, setting?.freeze_to ?? null);
    const records = rows.map((r): ClaimableVO => {
      const m = match.get(r.id);
      const reason = whyNotClaimable({ status: r.status, instituteId: r.institute_id, heldBy: r.claim_no, match: m }, c.instituteId, frozen);
      return {
        subOrderId: r.id,
        subNo: r.sub_no,
        orderId: r.order_id,
        orderNo: r.order_no,
        supplierName: r.company_name,
        firstItem: lines.get(r.id)?.first ?? '',
        lineCount: lines.get(r.id)?.count ?? 0,
        amount: Number(r.total_amount),
        status: r.status,
        statusText: SUB_STATUS_TEXT[r.status as SubStatus] ?? r.status,
        completedAt: r.updated_at,
        matchState: m?.state ?? 'none',
        matchProblems: m?.problems ?? [],
        invoiceNumbers: [...new Set(invoices.filter((v) => v.sub_order_id === r.id).map((v) => v.number))],
        eligible: reason === null,
        reason,
        claimId: r.claim_id,
        claimNo: r.claim_no,
      };
    });
    const filtered = q.eligible === undefined ? records : records.filter((r) => r.eligible === (q.eligible === '1'));
    return { records: filtered, total, current: q.current, size: q.size };
  }

  // ── lists ────────────────────────────────────────────────────────────────
  private async toVOs(rows: Listed[]): Promise<ClaimVO[]> {
    const orderNos = await this.repo.orderNos(rows.map((r) => r.id));
    return rows.map((r) => toVO(r, orderNos.get(r.id) ?? []));
  }

  /** The scope of page/all: own claims, the led teams' claims, or the institute's (owner and finance). */
  private async listScope(c: Caller, scope: 'mine' | 'team' | 'institute'): Promise<Scope> {
    if (scope === 'mine') return { kind: 'self', userId: c.userId };
    if (c.instituteId === null) return { kind: 'none' };
    if (scope === 'team') {
      const teams = await this.approvals.ledTeams(c.userId);
      return teams.length ? { kind: 'teams', instituteId: c.instituteId, teamIds: teams } : { kind: 'none' };
    }
    const may = await this.approvals.canActAtAny(c.userId, ['institute', 'finance'], { institute_id: c.instituteId, team_id: null });
    return may ? { kind: 'institute', instituteId: c.instituteId } : { kind: 'none' };
  }

  async list(c: Caller, q: { scope: 'mine' | 'team' | 'institute'; claimNo?: string; status?: string; dateFrom?: string; dateTo?: string } & Paging) {
    return this.page(await this.listScope(c, q.scope), filterOf(q), q);
  }

  async adminList(q: { instituteId?: number; claimNo?: string; status?: string; dateFrom?: string; dateTo?: string } & Paging) {
    return this.page({ kind: 'all' }, { ...filterOf(q), instituteId: q.instituteId }, q);
  }

  private async page(scope: Scope, f: ClaimFilter, p: Paging): Promise<Page<ClaimVO>> {
    const { rows, total } = await this.repo.page(scope, f, p);
    return { records: await this.toVOs(rows), total, current: p.current, size: p.size };
  }

  /** The scope in which the caller waits at a step, or none when they do not act there. */
  private async waitScope(c: Caller, role: WaitRole): Promise<Scope> {
    if (c.instituteId === null) return { kind: 'none' };
    if (role === 'team') {
      const teams = await this.approvals.ledTeams(c.userId);
      return teams.length ? { kind: 'teams', instituteId: c.instituteId, teamIds: teams } : { kind: 'none' };
    }
    const may = await this.approvals.canAct(c.userId, role, { institute_id: c.instituteId, team_id: null });
    return may ? { kind: 'institute', instituteId: c.instituteId } : { kind: 'none' };
  }

  /** The claims waiting for the caller at a step (their own claims excluded: nobody approves their own). */
  private waitFilter(c: Caller, role: WaitRole): ClaimFilter {
    return { waitingFor: role, notBuyer: c.userId };
  }

  async waiting(c: Caller, q: { role: WaitRole; claimNo?: string; qrcode?: string } & Paging) {
    const f: ClaimFilter = { ...this.waitFilter(c, q.role), claimNo: q.claimNo };
    if (q.qrcode) f.ids = [this.scanned(q.qrcode, 'c')];
    return this.page(await this.waitScope(c, q.role), f, q);
  }

  async waitCounts(c: Caller) {
    const out = { team: 0, institute: 0, finance: 0 };
    for (const role of ['team', 'institute', 'finance'] as const) {
      const scope = await this.waitScope(c, role);
      out[role] = scope.kind === 'none' ? 0 : await this.repo.count(scope, this.waitFilter(c, role));
    }
    return out;
  }

  async counts(c: Caller) {
    const mine = await this.repo.countByStatus({ kind: 'self', userId: c.userId });
    const fin = await this.waitScope(c, 'finance');
    const mergeReview = fin.kind === 'institute' ? (await this.repo.mergePage(fin.instituteId, { status: 'review' }, { current: 1, size: 1 })).total : 0;
    return { mine, mergeReview };
  }

  /** The institute whose merged claims the caller sees (finance), or null for the platform (all). */
  private async mergeInstitute(c: Caller): Promise<number | null> {
    if (c.accountType === 0) return null;
    const fin = await this.waitScope(c, 'finance');
    if (fin.kind !== 'institute') return fail('FORBIDDEN', '只有本所财务可以查看合并报销单');
    return fin.instituteId;
  }

  async merges(c: Caller, q: { status?: MergeStatus; mergeNo?: string; qrcode?: string } & Paging): Promise<Page<MergeVO>> {
    const inst = await this.mergeInstitute(c);
    const ids = q.qrcode ? [this.scanned(q.qrcode, 'm')] : undefined;
    const { rows, total } = await this.repo.mergePage(inst, { status: q.status, mergeNo: q.mergeNo, ids }, q);
    return { records: rows.map(mergeVO), total, current: q.current, size: q.size };
  }

  /** The record a scanned QR code names; a foreign, changed or expired code is a clear 400. */
  private scanned(token: string, kind: QrKind): number {
    const r = checkClaimToken(this.qrSecret, token);
    if (!r.ok) return fail('BAD_REQUEST', r.reason);
    if (r.kind !== kind)
      return fail('BAD_REQUEST', kind === 'm' ? '这是单张报销单的二维码，请在“待审核报销单”中扫描' : '这是合并报销单的二维码，请在“合并报销单”中扫描');
    return r.id;
  }

  // ── details ──────────────────────────────────────────────────────────────
  /** A claim the caller may read: their own, one they act on (team, institute, finance of its scope), or any for the platform. */
  async readable(c: Caller, id: number): Promise<ClaimRow> {
    const claim = await this.repo.claim(id);
    if (!claim) return fail('NOT_FOUND', '报销单不存在');
    if (c.accountType === 0 || claim.buyer_id === c.userId) return claim;
    if (
      c.accountType === 1 &&
      (await this.approvals.canActAtAny(c.userId, ['team', 'institute', 'finance'], { institute_id: claim.institute_id, team_id: claim.team_id }))
    )
      return claim;
    return fail('NOT_FOUND', '报销单不存在');
  }

  private async readableMerge(c: Caller, id: number): Promise<MergeRow> {
    const m = await this.repo.merge(id);
    if (!m) return fail('NOT_FOUND', '合并报销单不存在');
    if (c.accountType === 0) return m;
    const fin = await this.waitScope(c, 'finance');
    if (fin.kind !== 'institute' || fin.instituteId !== m.institute_id) return fail('NOT_FOUND', '合并报销单不存在');
    return m;
  }

  async detail(c: Caller, id: number): Promise<ClaimDetailVO> {
    const claim = await this.readable(c, id);
    return (await this.details([claim.id]))[0];
  }

  async mergeDetail(c: Caller, id: number): Promise<MergeDetailVO> {
    const m = await this.readableMerge(c, id);
    const claims = await this.repo.claimsOfMerge(id);
    const [head] = await this.repo.mergePage(null, { ids: [id] }, { current: 1, size: 1 }).then((p) => p.rows);
    return {
      ...mergeVO(head ?? { ...m, real_name: null, user_name: '', institute_name: null }),
      claims: await this.toVOs(await this.repo.rowsOf(claims.map((x) => x.id))),
    };
  }

  /** Claims with their sub-orders, lines, invoices, logs and files (details and PDFs). */
  private async details(ids: number[], supplierId?: number): Promise<ClaimDetailVO[]> {
    const rows = await this.repo.rowsOf(ids);
    // a cancelled claim released its sub-orders (live = 0): show what it held anyway
    const links = await this.repo.subIdsOf(ids, true);
    const subIds = [...new Set(links.map((l) => l.sub_order_id))];
    const [orderNos, sub, invoices, logs, files, match] = await Promise.all([
      this.repo.orderNos(ids),
      this.repo.subDetails(subIds),
      this.repo.invoicesOf(subIds),
      this.repo.logs(ids),
      this.repo.files(ids),
      this.invoices.match(subIds),
    ]);
    return rows.map((r) => ({
      ...toVO(r, orderNos.get(r.id) ?? []),
      remark: r.remark,
      subOrders: links
        .filter((l) => l.claim_id === r.id)
        .map((l) => sub.subs.find((s) => s.id === l.sub_order_id))
        .filter((s) => s !== undefined && (supplierId === undefined || s.supplier_id === supplierId))
        .map((s) => ({
          subOrderId: s!.id,
          subNo: s!.sub_no,
          orderNo: s!.order_no,
          supplierName: s!.company_name,
          amount: Number(s!.total_amount),
          lines: sub.lines
            .filter((l) => l.sub_order_id === s!.id)
            .map((l) => ({ name: l.name, spec: l.spec, quantity: Number(l.quantity), unit: l.unit, amount: Number(l.amount) })),
          invoices: invoices
            .filter((v) => v.sub_order_id === s!.id)
            .map((v) => ({
              id: v.id,
              number: v.number,
              code: v.code,
              kind: v.kind,
              amount: Number(v.amount),
              exceptionAccepted: v.exception && v.exception_accepted_at ? `${v.exception}（财务已确认：${v.exception_accepted_reason ?? ''}）` : null,
            })),
          matchState: match.get(s!.id)?.state ?? 'none',
        })),
      logs: logs
        .filter((l) => l.claim_id === r.id)
        .map((l) => ({
          actor: l.actor,
          actorText: CLAIM_ACTOR_TEXT[l.actor as ClaimActor] ?? l.actor,
          actorName: l.real_name ?? l.user_name,
          action: l.action,
          actionText: CLAIM_ACTION_TEXT[l.action as ClaimAction] ?? l.action,
          fromStatus: l.from_status,
          toStatus: l.to_status,
          reason: l.reason,
          createdAt: l.created_at,
        })),
      files: files
        .filter((f) => f.claim_id === r.id)
        .map((f) => ({ id: f.id, claimId: f.claim_id, name: f.original_name, size: f.size, mime: f.mime, url: this.files.signedUrl(f.id) })),
    }));
  }

  async fileList(c: Caller, id: number, kind: 'claim' | 'merge') {
    const ids = kind === 'merge' ? (await this.repo.claimsOfMerge((await this.readableMerge(c, id)).id)).map((x) => x.id) : [(await this.readable(c, id)).id];
    const files = await this.repo.files(ids);
    return files.map((f) => ({ id: f.id, claimId: f.claim_id, name: f.original_name, size: f.size, mime: f.mime, url: this.files.signedUrl(f.id) }));
  }

  // ── QR codes and PDFs ────────────────────────────────────────────────────
  token(kind: QrKind, id: number, now = new Date()) {
    const expires = new Date(now.getTime() + QR_LIFETIME_MS);
    return { token: claimToken(this.qrSecret, kind, id, expires), expiresAt: expires.toISOString() };
  }

  /** ewmForMerge: the signed QR code of a merged claim (finance) or of a claim (whoever may read it). */
  async ewm(c: Caller, id: number, kind: 'claim' | 'merge') {
    if (kind === 'merge') await this.readableMerge(c, id);
    else await this.readable(c, id);
    const t = this.token(kind === 'merge' ? 'm' : 'c', id);
    const image = await QRCode.toDataURL(t.token, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { ...t, image };
  }

  /**
   * The 报销单 PDF of a claim or of a merged claim (cover sheet, then each claim). The supplier copy
   * (/printSupplierPDF) shows a supplier only its own sub-orders of a claim that holds one.
   */
  async pdf(c: Caller, id: number, kind: 'claim' | 'merge', copy: 'buyer' | 'supplier') {
    let merge: ClaimPrint['merge'] = null;
    let ids: number[];
    let supplierId: number | undefined;
    if (copy === 'supplier' && c.accountType === 2) {
      if (kind !== 'claim' || c.supplierId === null) return fail('NOT_FOUND', '报销单不存在');
      const claim = await this.repo.claim(id);
      const holds = claim ? await this.repo.subDetails((await this.repo.subIdsOf([id])).map((s) => s.sub_order_id)) : null;
      if (!claim || !holds?.subs.some((s) => s.supplier_id === c.supplierId)) return fail('NOT_FOUND', '报销单不存在');
      ids = [id];
      supplierId = c.supplierId;
    } else if (kind === 'merge') {
      const m = await this.readableMerge(c, id);
      const head = (await this.repo.mergePage(null, { ids: [id] }, { current: 1, size: 1 })).rows[0];
      ids = (await this.repo.claimsOfMerge(id)).map((x) => x.id);
      merge = { vo: mergeVO(head ?? { ...m, real_name: null, user_name: '', institute_name: null }), token: this.token('m', id).token };
    } else ids = [(await this.readable(c, id)).id];
    const claims = await this.details(ids, supplierId);
    const signers = await this.signers(claims);
    const pdf = await renderClaimsPdf({
      merge,
      claims: claims.map((x) => ({ claim: x, token: this.token('c', x.id).token, signers: signers.get(x.id) ?? {} })),
      supplierCopy: supplierId !== undefined,
      printedAt: new Date(),
    });
    const name = merge ? `合并报销单-${merge.vo.mergeNo}.pdf` : `报销单-${claims[0]?.claimNo ?? id}${supplierId !== undefined ? '-供应商联' : ''}.pdf`;
    return { pdf, filename: name };
  }

  /** Who signed what, from the log: the last pass of each step and finance's last move. */
  private async signers(claims: ClaimDetailVO[]) {
    const out = new Map<number, Record<string, string>>();
    for (const c of claims) {
      const s: Record<string, string> = { buyer: c.buyerName };
      for (const l of c.logs) if (l.action !== 'refuse' && l.actor !== 'buyer' && l.actorName) s[l.actor] = l.actorName;
      out.set(c.id, s);
    }
    return out;
  }
}

function filterOf(q: { claimNo?: string; status?: string; dateFrom?: string; dateTo?: string }): ClaimFilter {
  return {
    claimNo: q.claimNo,
    status: q.status ? q.status.split(',') : undefined,
    dateFrom: q.dateFrom ? dayStart(q.dateFrom) : undefined,
    dateTo: q.dateTo ? dayStart(q.dateTo, 1) : undefined,
  };
}

function toVO(r: Listed, orderNos: string[]): ClaimVO {
  const steps = stepsOf(r.approval_steps);
  const returned = (r.return_kind as ClaimReturn) ?? null;
  return {
    id: r.id,
    claimNo: r.claim_no,
    status: r.status as ClaimStatus,
    statusText: claimStatusText(r.status as ClaimStatus, steps, returned),
    steps,
    amount: Number(r.amount),
    subCount: r.sub_count,
    orderNos,
    buyerId: r.buyer_id,
    buyerName: r.real_name ?? r.user_name,
    instituteName: r.institute_name,
    teamName: r.team_name,
    lastReason: r.last_reason,
    mergeId: r.merge_id,
    mergeNo: r.merge_no,
    submittedAt: r.submitted_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function mergeVO(m: MergeRow & { real_name: string | null; user_name: string; institute_name: string | null }): MergeVO {
  return {
    id: m.id,
    mergeNo: m.merge_no,
    status: m.status as MergeStatus,
    statusText: MERGE_STATUS_TEXT[m.status as MergeStatus] ?? m.status,
    amount: Number(m.amount),
    claimCount: m.claim_count,
    instituteName: m.institute_name,
    createdByName: m.real_name ?? m.user_name,
    reason: m.reason,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}
