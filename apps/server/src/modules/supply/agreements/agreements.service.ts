import {
  CONTRACT_ACTION_TEXT,
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_PHASE_TEXT,
  CONTRACT_STATUS_TEXT,
  type ContractAddBody,
  type ContractQuery,
  type ContractStatusBody,
  type ContractVO,
  RENEW_STATUS_TEXT,
  type SupplierContractState,
} from '@kc/contracts/supply/agreements';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService, Notice } from '../../shared/messages/index.ts';
import { suppliesTo } from '../catalog/index.ts';
import { type ContractRow, ContractsRepository } from './agreements.repository.ts';
import { renderContractPdf, renderExitForm } from './contract-pdf.ts';
import {
  addDays,
  CONTRACT_STATE_CODE,
  CONTRACT_TRANSITIONS,
  type ContractAction,
  type ContractActor,
  contractStateOf,
  inForce,
  phaseOf,
  RenewStatus,
  shanghaiToday,
} from './contract-states.ts';
import { checkContractToken, contractToken, tokenExpiry } from './contract-token.ts';

const SUPPLIER_LINK = '/cassSupplier/contract';

/**
 * Supply contracts supplier × institute: the supplier drafts, submits and renews its own; the
 * platform admin signs, sends back and terminates (the institute's owners are told of every
 * signature, termination and coming end, but do not sign: the platform holds the framework
 * agreements, as docs/domains/supply.md#contract-roles gives suppliers and the platform the contract calls). One use case, one
 * transaction; every state change through CONTRACT_TRANSITIONS.
 */
export class ContractsService {
  constructor(
    private readonly repo: ContractsRepository,
    private readonly messages: MessagesService,
    private readonly files: FilesService,
    private readonly secret: string,
  ) {}

  // ── reading ───────────────────────────────────────────────────────────────
  /** Suppliers see their own contracts only (supplier id from the session); the platform sees all. */
  private ownerFilter(c: Caller): { supplierId?: number } {
    if (c.accountType === 2 && c.supplierId !== null && c.perms.has(Perm.SUPPLIER_CONTRACT)) return { supplierId: c.supplierId };
    if (c.accountType === 0 && c.perms.has(Perm.CONTRACT_REVIEW)) return {};
    return fail('FORBIDDEN');
  }

  private async mustSee(c: Caller, id: number): Promise<ContractRow> {
    const f = this.ownerFilter(c);
    const row = await this.repo.find(id);
    // a foreign supplier's contract reads as missing: its existence is not disclosed
    if (!row || (f.supplierId !== undefined && row.supplier_id !== f.supplierId)) return fail('NOT_FOUND', '合同不存在');
    return row;
  }

  vo(r: ContractRow, today = shanghaiToday()): ContractVO {
    const { phase, daysLeft } = phaseOf(r, today);
    return {
      id: r.id,
      contractNo: r.contract_no,
      title: r.title,
      supplierId: r.supplier_id,
      supplierName: r.supplier_name,
      instituteId: r.institute_id,
      instituteName: r.institute_name,
      startDate: r.start_date,
      endDate: r.end_date,
      status: r.status,
      statusName: CONTRACT_STATUS_TEXT[r.status] ?? String(r.status),
      phase,
      phaseName: CONTRACT_PHASE_TEXT[phase],
      daysLeft,
      fileId: r.file_id,
      fileUrl: r.file_id ? this.files.signedUrl(r.file_id) : null,
      originalId: r.original_id,
      version: r.version,
      renewStatus: r.renew_status,
      renewStatusName: RENEW_STATUS_TEXT[r.renew_status] ?? '',
      refuseReason: r.refuse_reason,
      terminateReason: r.terminate_reason,
      terminatedAt: r.terminated_at,
      signedAt: r.signed_at,
      createdAt: r.created_at,
    };
  }

  async page(c: Caller, q: ContractQuery) {
    const own = this.ownerFilter(c);
    const f = { ...own, instituteId: q.instituteId, status: q.status, keyword: q.keyword || undefined };
    if (own.supplierId === undefined && q.supplierId !== undefined) f.supplierId = q.supplierId;
    const { rows, total } = await this.repo.page(f, q.current, q.size);
    const today = shanghaiToday();
    return { records: rows.map((r) => this.vo(r, today)), total, current: q.current, size: q.size };
  }

  async detail(c: Caller, id: number) {
    return this.vo(await this.mustSee(c, id));
  }

  institutes() {
    return this.repo.institutes();
  }

  /** Contracts a renewal may continue: the supplier's own, active or ended, not renewed yet, without a renewal under way. */
  async originals(c: Caller, instituteId?: number) {
    const { supplierId } = this.ownerFilter(c);
    if (supplierId === undefined) return fail('FORBIDDEN', '只有供应商可以续签合同');
    const rows = await this.repo.all({ supplierId, instituteId });
    const today = shanghaiToday();
    const hasOpenRenewal = new Set(rows.filter((r) => r.original_id !== null && (r.status === 0 || r.status === 2)).map((r) => r.original_id));
    const renewedBy = new Set(rows.filter((r) => r.original_id !== null && r.status === 1).map((r) => r.original_id));
    return rows
      .filter((r) => (r.status === 1 || r.status === 4) && !hasOpenRenewal.has(r.id) && !renewedBy.has(r.id) && r.renew_status !== RenewStatus.RENEWED)
      .map((r) => this.vo(r, today));
  }

  // ── writing ───────────────────────────────────────────────────────────────
  async add(w: Who, b: ContractAddBody) {
    const c = w.caller;
    if (c.accountType !== 2 || c.supplierId === null) return fail('FORBIDDEN', '只有供应商可以新增合同');
    const supplierId = c.supplierId;
    const inst = await this.repo.institute(b.instituteId);
    if (!inst) return fail('BAD_REQUEST', '研究所不存在或已停用');
    if (b.fileId) await this.files.mustBeAttachable([b.fileId], 'contract', c.userId);
    let version = 1;
    let original: ContractRow | undefined;
    if (b.originalId !== undefined) {
      original = await this.mustSee(c, b.originalId);
      if (original.institute_id !== b.instituteId) fail('BAD_REQUEST', '续签合同的研究所须与原合同一致');
      if (!(await this.originals(c, b.instituteId)).some((o) => o.id === b.originalId)) fail('BAD_REQUEST', '该合同不能续签：已续签或已有续签合同在办理中');
      if (b.startDate <= original.start_date) fail('BAD_REQUEST', '续签合同的开始日期须晚于原合同的开始日期');
      version = original.version + 1;
    }
    if (b.endDate < shanghaiToday()) fail('BAD_REQUEST', '合同结束日期已过，不能新增');
    return this.repo.inTransaction(async (r, trx) => {
      if (await r.noTaken(supplierId, b.contractNo)) fail('BAD_REQUEST', `合同编号 ${b.contractNo} 已存在`);
      const at = nowIso();
      let status = CONTRACT_STATE_CODE.draft;
      if (b.submit) status = CONTRACT_STATE_CODE[this.to('draft', 'submit', 'supplier')];
      const id = await r.insert({
        supplier_id: supplierId,
        institute_id: b.instituteId,
        contract_no: b.contractNo,
        title: b.title,
        start_date: b.startDate,
        end_date: b.endDate,
        file_id: b.fileId ?? null,
        status,
        original_id: original?.id ?? null,
        version,
        refuse_reason: null,
        terminate_reason: null,
        terminated_at: null,
        signed_by: null,
        signed_at: null,
        created_by: c.userId,
        created_at: at,
        updated_at: at,
      });
      if (original) await r.setRenewStatus(original.id, RenewStatus.PENDING, at);
      await writeAudit(trx, {
        userId: c.userId,
        action: 'contract.add',
        target: `contract:${id}`,
        detail: { contractNo: b.contractNo, submit: !!b.submit },
        ip: w.ip,
      });
      return { id };
    });
  }

  private to(from: ReturnType<typeof contractStateOf>, action: ContractAction, actor: ContractActor, renewed = false) {
    const target = transition(CONTRACT_TRANSITIONS, from, action, actor, { renewed });
    if (!target) {
      const verb = action === 'expire' ? '到期' : CONTRACT_ACTION_TEXT[action];
      return fail('BAD_REQUEST', `合同当前为「${CONTRACT_PHASE_TEXT[from]}」，不能${verb}`);
    }
    return target;
  }

  /** updateStatus: the supplier submits or withdraws; the platform signs, sends back or terminates. */
  async updateStatus(w: Who, b: ContractStatusBody) {
    const c = w.caller;
    const row = await this.mustSee(c, b.id);
    const actor: ContractActor = c.accountType === 2 ? 'supplier' : 'platform';
    const isPlatformAction = b.action === 'sign' || b.action === 'refuse' || b.action === 'terminate';
    if (isPlatformAction !== (actor === 'platform')) fail('FORBIDDEN', actor === 'supplier' ? '签署、退回和终止由平台办理' : '提交和撤回由供应商办理');
    const today = shanghaiToday();
    const from = contractStateOf(row.status);
    if (b.action === 'terminate' && from === 'active' && row.end_date < today) fail('BAD_REQUEST', '合同已到期，无需终止');
    if (b.action === 'sign' && row.end_date < today) fail('BAD_REQUEST', '合同结束日期已过，请退回供应商修改后重新提交');
    const to = this.to(from, b.action, actor);
    return this.repo.inTransaction(async (r, trx) => {
      const at = nowIso();
      const patch: Parameters<ContractsRepository['move']>[2] = { status: CONTRACT_STATE_CODE[to], updated_at: at };
      if (b.action === 'sign') Object.assign(patch, { signed_by: c.userId, signed_at: at, refuse_reason: null });
      if (b.action === 'refuse') patch.refuse_reason = b.reason ?? null;
      if (b.action === 'terminate') Object.assign(patch, { terminate_reason: b.reason ?? null, terminated_at: at });
      if (b.action === 'submit') patch.refuse_reason = null;
      if (!(await r.move(row.id, row.status, patch))) fail('STATE_CONFLICT');
      if (row.original_id !== null) {
        // the renewal's progress is the relation's renewal state, kept on the original
        if (b.action === 'sign') await r.setRenewStatus(row.original_id, RenewStatus.RENEWED, at);
        if (b.action === 'refuse' || b.action === 'withdraw') await r.setRenewStatus(row.original_id, RenewStatus.DUE, at);
        if (b.action === 'submit') await r.setRenewStatus(row.original_id, RenewStatus.PENDING, at);
      }
      await writeAudit(trx, {
        userId: c.userId,
        action: `contract.${b.action}`,
        target: `contract:${row.id}`,
        detail: b.reason ? { reason: b.reason } : undefined,
        ip: w.ip,
      });
      await this.announce(trx, row, b.action, b.reason);
      return { status: CONTRACT_STATE_CODE[to] };
    });
  }

  private async announce(trx: Transaction<DB>, row: ContractRow, action: ContractAction, reason?: string) {
    const name = `《${row.title}》（${row.contract_no}）`;
    let toSupplier: Notice | null = null;
    let toInstitute: Notice | null = null;
    if (action === 'sign') {
      toSupplier = { title: '合同已签署生效', content: `${name}已由平台签署，${row.start_date} 至 ${row.end_date} 有效。`, link: SUPPLIER_LINK };
      toInstitute = { title: '供应商合同生效', content: `${row.supplier_name} 与本所的${name}已生效，有效期至 ${row.end_date}。`, link: null };
    } else if (action === 'refuse') {
      toSupplier = { title: '合同被退回', content: `${name}被平台退回：${reason ?? ''}。请修改后重新提交。`, link: SUPPLIER_LINK };
    } else if (action === 'terminate') {
      toSupplier = { title: '合同已终止', content: `${name}已由平台终止：${reason ?? ''}。可在合同管理中下载退出表。`, link: SUPPLIER_LINK };
      toInstitute = {
        title: '供应商合同终止',
        content: `${row.supplier_name} 与本所的${name}已终止，该供应商的商品不再向本所展示和销售；已下的订单照常履行。`,
        link: null,
      };
    }
    if (toSupplier) await this.messages.tellSupplier(trx, row.supplier_id, toSupplier);
    if (toInstitute) await this.messages.tell(trx, await new ContractsRepository(trx).instituteOwners(row.institute_id), toInstitute);
  }

  // ── renewal ───────────────────────────────────────────────────────────────
  /** Contracts ending within 30 days (the caller's own for a supplier), with the reminders already sent. */
  async remindList(c: Caller) {
    const { supplierId } = this.ownerFilter(c);
    const today = shanghaiToday();
    const rows = await this.repo.endingBetween(today, addDays(today, CONTRACT_EXPIRING_DAYS), supplierId);
    const sent = await this.repo.reminders(rows.map((r) => r.id));
    return rows.map((r) => ({
      contractId: r.id,
      contractNo: r.contract_no,
      title: r.title,
      supplierName: r.supplier_name,
      instituteName: r.institute_name,
      endDate: r.end_date,
      daysLeft: phaseOf(r, today).daysLeft ?? 0,
      renewStatus: r.renew_status,
      renewStatusName: RENEW_STATUS_TEXT[r.renew_status] ?? '',
      remindedOn: sent.filter((s) => s.contract_id === r.id).map((s) => s.remind_date),
    }));
  }

  /** A reminder now for one contract ending within 30 days; at most one a day per contract, whoever asks. */
  async remindNow(w: Who, id: number) {
    const row = await this.mustSee(w.caller, id);
    const today = shanghaiToday();
    const { phase } = phaseOf(row, today);
    if (phase !== 'expiring' && phase !== 'renewalPending') fail('BAD_REQUEST', `只有 ${CONTRACT_EXPIRING_DAYS} 天内到期的生效合同需要续签提醒`);
    const sent = await this.repo.inTransaction(async (r, trx) => {
      const done = await this.remindOne(r, trx, row, today);
      if (done) await writeAudit(trx, { userId: w.caller.userId, action: 'contract.remind', target: `contract:${id}`, ip: w.ip });
      return done;
    });
    return { sent, message: sent ? '已向供应商和研究所发送续签提醒' : '今天已提醒过，明天可再次提醒' };
  }

  private async remindOne(r: ContractsRepository, trx: Transaction<DB>, row: ContractRow, today: string) {
    if (!(await r.claimReminder(row.id, today, nowIso()))) return false;
    const days = phaseOf(row, today).daysLeft ?? 0;
    const name = `《${row.title}》（${row.contract_no}）`;
    await this.messages.tellSupplier(trx, row.supplier_id, {
      title: '合同即将到期',
      content: `您与${row.institute_name}的${name}将于 ${row.end_date} 到期（剩 ${days} 天），请及时办理续签，到期后将不能向该所销售。`,
      link: SUPPLIER_LINK,
    });
    await this.messages.tell(trx, await r.instituteOwners(row.institute_id), {
      title: '供应商合同即将到期',
      content: `${row.supplier_name} 与本所的${name}将于 ${row.end_date} 到期（剩 ${days} 天）。`,
      link: null,
    });
    if (row.renew_status === RenewStatus.NONE) await r.setRenewStatus(row.id, RenewStatus.DUE, nowIso());
    return true;
  }

  /** The daily reminder run: every active contract ending within 30 days whose renewal is not under way; idempotent per contract and day. */
  async remindDue(today = shanghaiToday()) {
    const rows = await this.repo.endingBetween(today, addDays(today, CONTRACT_EXPIRING_DAYS));
    let sent = 0;
    for (const row of rows) {
      if (row.renew_status === RenewStatus.PENDING || row.renew_status === RenewStatus.RENEWED || row.renew_status === RenewStatus.STOP) continue;
      if (await this.repo.inTransaction((r, trx) => this.remindOne(r, trx, row, today))) sent++;
    }
    return sent;
  }

  /** The daily expiry run: active contracts past their end become renewed (a signed renewal continues them) or expired. */
  async expireDue(today = shanghaiToday()) {
    let moved = 0;
    for (const row of await this.repo.pastEnd(today)) {
      const to = transition(CONTRACT_TRANSITIONS, 'active', 'expire', 'system', { renewed: row.renew_status === RenewStatus.RENEWED });
      if (!to) continue;
      const ok = await this.repo.inTransaction(async (r, trx) => {
        if (!(await r.move(row.id, row.status, { status: CONTRACT_STATE_CODE[to], updated_at: nowIso() }))) return false;
        await writeAudit(trx, { userId: null, action: `contract.${to}`, target: `contract:${row.id}` });
        return true;
      });
      if (ok) moved++;
    }
    return moved;
  }

  // ── the platform's supplier base records ─────────────────────────────────
  /** supplierBase/plist: one row per supplier × institute with its current contract (in force, else the latest). */
  async supplierBase(q: { current: number; size: number; keyword?: string; instituteId?: number; renewStatus?: number }) {
    const rows = await this.repo.all({ instituteId: q.instituteId });
    const today = shanghaiToday();
    const pairs = new Map<string, ContractRow[]>();
    for (const r of rows) {
      const k = `${r.supplier_id}:${r.institute_id}`;
      pairs.set(k, [...(pairs.get(k) ?? []), r]);
    }
    const kw = q.keyword?.toLowerCase();
    const list = [...pairs.values()]
      .map((cs) => {
        const current = cs.find((x) => inForce(x, today)) ?? cs.find((x) => x.status === 1) ?? cs[0];
        const { phase, daysLeft } = phaseOf(current, today);
        return {
          supplierId: current.supplier_id,
          supplierName: current.supplier_name,
          creditCode: current.credit_code,
          instituteId: current.institute_id,
          instituteName: current.institute_name,
          contractId: current.id,
          contractNo: current.contract_no,
          endDate: current.end_date,
          phase,
          phaseName: CONTRACT_PHASE_TEXT[phase],
          daysLeft,
          active: cs.some((x) => inForce(x, today)),
          renewStatus: current.renew_status,
          renewStatusName: RENEW_STATUS_TEXT[current.renew_status] ?? '',
          pendingCount: cs.filter((x) => x.status === 2).length,
        };
      })
      .filter((b) => !kw || b.supplierName.toLowerCase().includes(kw) || b.contractNo.toLowerCase().includes(kw))
      .filter((b) => q.renewStatus === undefined || b.renewStatus === q.renewStatus)
      .sort((a, b) => a.supplierId - b.supplierId || a.instituteId - b.instituteId);
    return { records: list.slice((q.current - 1) * q.size, q.current * q.size), total: list.length, current: q.current, size: q.size };
  }

  async modifyRenewStatus(w: Who, contractId: number, renewStatus: number) {
    const row = await this.mustSee(w.caller, contractId);
    if (row.status !== 1) fail('BAD_REQUEST', '只能修改生效中合同的续签状态');
    await this.repo.inTransaction(async (r, trx) => {
      await r.setRenewStatus(row.id, renewStatus, nowIso());
      await writeAudit(trx, { userId: w.caller.userId, action: 'contract.renewStatus', target: `contract:${row.id}`, detail: { renewStatus }, ip: w.ip });
    });
    return { renewStatus, renewStatusName: RENEW_STATUS_TEXT[renewStatus] };
  }

  // ── documents ─────────────────────────────────────────────────────────────
  /** The contract as a PDF with its QR code (downloadRenewContract: a renewal prints as 续签合同). */
  async pdf(c: Caller, id: number) {
    const row = await this.mustSee(c, id);
    const original = row.original_id !== null ? await this.repo.find(row.original_id) : undefined;
    const token = contractToken(this.secret, row.id, tokenExpiry(row.end_date));
    const pdf = await renderContractPdf(this.vo(row), token, original ? { contractNo: original.contract_no, endDate: original.end_date } : null);
    return { pdf, filename: `${row.original_id ? '续签合同' : '合同'}-${row.contract_no}.pdf` };
  }

  /** The exit form (退出表) of a terminated contract: parties, dates, open orders and the money still in them, reason. */
  async exitForm(c: Caller, id: number) {
    const row = await this.mustSee(c, id);
    if (row.status !== CONTRACT_STATE_CODE.terminated) fail('BAD_REQUEST', '只有已终止的合同才有退出表');
    const open = await this.repo.openOrders(row.supplier_id, row.institute_id);
    const pdf = await renderExitForm(this.vo(row), open);
    return { pdf, filename: `退出表-${row.contract_no}.pdf` };
  }

  /** queryByqrcode: anyone holding a valid token learns the contract's public facts. */
  async byQrCode(token: string) {
    const check = checkContractToken(this.secret, token);
    if (!check.ok) return fail('BAD_REQUEST', check.reason);
    const row = await this.repo.find(check.contractId);
    if (!row) return fail('NOT_FOUND', '合同不存在');
    const today = shanghaiToday();
    const v = this.vo(row, today);
    return {
      contractNo: v.contractNo,
      title: v.title,
      supplierName: v.supplierName,
      instituteName: v.instituteName,
      startDate: v.startDate,
      endDate: v.endDate,
      statusName: v.statusName,
      phaseName: v.phaseName,
      valid: inForce(row, today),
      checkedAt: nowIso(),
    };
  }

  /** The QR token of a contract (the PDF carries it; tests and the page read it). */
  qrToken(id: number, endDate: string) {
    return contractToken(this.secret, id, tokenExpiry(endDate));
  }

  // ── whether a supplier can serve an institute ─────────────────────────────
  async validateInstitute(c: Caller, instituteId: number, province?: string) {
    // any account of the supplier may ask (a sales clerk checks before quoting)
    const supplierId = c.accountType === 2 ? c.supplierId : null;
    if (supplierId === null) return fail('FORBIDDEN', '只有供应商可以查询');
    const inst = await this.repo.institute(instituteId);
    if (!inst) return fail('NOT_FOUND', '研究所不存在');
    const [contracted, areas, usual] = await Promise.all([
      this.repo.contracted(instituteId, [supplierId]),
      this.repo.supplyAreas(supplierId),
      province ? Promise.resolve(province) : this.repo.instituteProvince(instituteId),
    ]);
    const contractActive = contracted.has(supplierId);
    const reasons: string[] = [];
    if (!contractActive) reasons.push(`与${inst.name}没有生效中的供货合同（合同状态须为生效且在有效期内）`);
    let inSupplyArea = true;
    if (areas.length === 0) {
      inSupplyArea = false;
      reasons.push('没有在售商品，无法确定供货区域');
    } else if (usual) {
      inSupplyArea = areas.some((a) => suppliesTo(a, usual));
      if (!inSupplyArea) reasons.push(`在售商品的供货区域不含${usual}`);
    }
    if (contractActive && inSupplyArea) reasons.push(usual ? `合同生效中，供货区域覆盖${usual}` : '合同生效中；该所尚无收货地址，供货区域未核对');
    return { ok: contractActive && inSupplyArea, instituteName: inst.name, province: usual ?? null, contractActive, inSupplyArea, reasons };
  }

  // ── the supplier session ──────────────────────────────────────────────────
  /** The supplier session's contract state (docs/domains/supply.md#contract-session). */
  async sessionState(supplierId: number): Promise<SupplierContractState> {
    const rows = await this.repo.all({ supplierId });
    const today = shanghaiToday();
    const live = rows.filter((r) => inForce(r, today));
    const expiring = live.filter((r) => phaseOf(r, today).phase === 'expiring' || phaseOf(r, today).phase === 'renewalPending');
    const nearest = [...live].sort((a, b) => a.end_date.localeCompare(b.end_date))[0];
    const institutes = new Map<number, { instituteId: number; instituteName: string; active: boolean }>();
    for (const r of rows) {
      const prev = institutes.get(r.institute_id);
      institutes.set(r.institute_id, { instituteId: r.institute_id, instituteName: r.institute_name, active: (prev?.active ?? false) || inForce(r, today) });
    }
    return {
      activeCount: live.length,
      expiringCount: expiring.length,
      pendingCount: rows.filter((r) => r.status === 2).length,
      nearest: nearest
        ? { contractId: nearest.id, instituteName: nearest.institute_name, endDate: nearest.end_date, daysLeft: phaseOf(nearest, today).daysLeft ?? 0 }
        : null,
      institutes: [...institutes.values()],
    };
  }
}
