import {
  checkSamples,
  SampleForm,
  type SampleRow,
  TECH_ACTION_TEXT,
  TECH_COMMITTED,
  TECH_REQUEST_STATUS_TEXT,
  type TechAction,
  type TechItemBody,
  type TechItemVO,
  type TechRequestBody,
  type TechRequestDetail,
  type TechRequestStatus,
  type TechRequestVO,
} from '@kc/contracts/buying/tech-services';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { splitTax, type TaxRate } from '@kc/contracts/platform/tax';
import type { Transaction, Updateable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { Scope } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB, TechRequestTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { PurchaseEligibility } from '../eligibility/index.ts';
import { nextTechStatus, type TechActor, techActionsFor } from './tech-request-states.ts';
import type { ItemFilter, Paging, RequestFilter, TechServicesRepository } from './tech-services.repository.ts';

type ItemRow = NonNullable<Awaited<ReturnType<TechServicesRepository['item']>>>;
type RequestRow = NonNullable<Awaited<ReturnType<TechServicesRepository['request']>>>;
type ListedRequest = Awaited<ReturnType<TechServicesRepository['requestPage']>>['rows'][number];
export type TechScope = 'mine' | 'team' | 'institute';

const ITEM_NOT_FOUND = '服务项目不存在或已下架';
const REQUEST_NOT_FOUND = '服务委托不存在';
const REQUEST_LINK = { buyer: '/cass/techService/requests', supplier: '/cassSupplier/tsRequest' } as const;
/** Requests waiting for the buyer's decision or confirmation. */
const WAITING_FOR_BUYER: TechRequestStatus[] = ['quoted', 'report_delivered'];

const n = (v: number | string | null) => (v === null ? null : Number(v));
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function itemVO(r: ItemRow): TechItemVO {
  return {
    id: r.id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    name: r.name,
    category: r.category,
    description: r.description,
    price: n(r.price),
    unit: r.unit,
    turnaroundDays: r.turnaround_days,
    taxRate: r.tax_rate,
    sampleForm: SampleForm.parse(JSON.parse(r.sample_form)),
    active: r.active === 1,
    updatedAt: r.updated_at,
  };
}

function requestVO(r: ListedRequest): TechRequestVO {
  return {
    id: r.id,
    requestNo: r.request_no,
    serviceId: r.service_id,
    serviceName: r.service_name,
    category: r.category,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    buyerId: r.buyer_id,
    buyerName: r.buyer_name,
    instituteName: r.institute_name,
    teamName: r.team_name,
    status: r.status as TechRequestStatus,
    sampleCount: r.sample_count,
    unitPrice: n(r.unit_price),
    quantity: r.quantity,
    amount: n(r.amount),
    amountExTax: n(r.amount_ex_tax),
    taxAmount: n(r.tax_amount),
    taxRate: r.tax_rate,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const itemColumns = (b: TechItemBody) => ({
  name: b.name,
  category: b.category,
  description: b.description,
  price: b.price,
  unit: b.unit,
  turnaround_days: b.turnaroundDays,
  tax_rate: b.taxRate,
  sample_form: JSON.stringify(b.sampleForm),
  active: b.active ? 1 : 0,
});

/** One move of a request: the party, what changes beside the state, the log note, and whom to tell. */
interface Move {
  action: TechAction;
  actor: TechActor;
  patch?: Updateable<TechRequestTable>;
  note?: string | null;
  /** the message to the other party */
  notice: (r: RequestRow) => { title: string; content: string };
  /** extra work in the same transaction (report files, the leader's message) */
  also?: (r: RequestRow, trx: Transaction<DB>, repo: TechServicesRepository) => Promise<void>;
}

/**
 * 技术服务: the supplier's service items, the public list, the seller check, and every move of a
 * request. Each move asks the transitions table for its target and runs in one transaction: a
 * conditional update on the state it read (a concurrent move loses with 40009), a log row, the
 * audit row and the other party's message.
 */
export class TechServicesService {
  constructor(
    private readonly repo: TechServicesRepository,
    private readonly deps: {
      messages: MessagesService;
      approvals: ApprovalsService;
      files: FilesService;
      supplierBlock: (supplierId: number) => Promise<string | null>;
      eligibility: PurchaseEligibility;
    },
  ) {}

  // ── items (supplier) ─────────────────────────────────────────────────────
  private supplierOf(c: Caller): number {
    if (c.accountType !== 2 || c.supplierId === null) return fail('FORBIDDEN', '只有供应商账号可以管理服务项目');
    return c.supplierId;
  }

  async supplierItems(c: Caller, q: ItemFilter & Paging) {
    const { rows, total } = await this.repo.supplierItems(this.supplierOf(c), q, q);
    return { records: rows.map(itemVO), total, current: q.current, size: q.size };
  }

  async supplierItem(c: Caller, id: number) {
    const r = await this.repo.item(id);
    if (!r || r.supplier_id !== this.supplierOf(c)) return fail('NOT_FOUND', '服务项目不存在');
    return itemVO(r);
  }

  async createItem(w: Who, b: TechItemBody) {
    const supplierId = this.supplierOf(w.caller);
    const at = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const id = await r.insertItem({ supplier_id: supplierId, ...itemColumns(b), deleted: 0, created_at: at, updated_at: at });
      await writeAudit(trx, { userId: w.caller.userId, action: 'techService.item.add', target: String(id), detail: { name: b.name }, ip: w.ip });
      return { id };
    });
  }

  async updateItem(w: Who, id: number, b: TechItemBody) {
    await this.changeItem(w, id, itemColumns(b), 'techService.item.update');
  }

  async setItemActive(w: Who, id: number, active: boolean) {
    await this.changeItem(w, id, { active: active ? 1 : 0 }, active ? 'techService.item.enable' : 'techService.item.disable');
  }

  async deleteItem(w: Who, id: number) {
    await this.changeItem(w, id, { deleted: 1, active: 0 }, 'techService.item.delete');
  }

  /** Requests already made keep their own copy of the name and sample form, so items change freely. */
  private async changeItem(w: Who, id: number, v: Updateable<DB['tech_service']>, action: string) {
    const supplierId = this.supplierOf(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.updateItem(id, supplierId, { ...v, updated_at: nowIso() }))) fail('NOT_FOUND', '服务项目不存在');
      await writeAudit(trx, { userId: w.caller.userId, action, target: String(id), ip: w.ip });
    });
  }

  // ── the list buyers browse ───────────────────────────────────────────────
  /** A buyer sees the suppliers contracted with their institute; anyone else (and the public page) any contracted supplier. */
  private browsingInstitute(c: Caller | null) {
    return c && c.accountType === 1 ? c.instituteId : null;
  }

  async visibleItems(c: Caller | null, q: ItemFilter & Paging) {
    const { rows, total } = await this.repo.visibleItems(q, this.browsingInstitute(c), q);
    return { records: rows.map(itemVO), total, current: q.current, size: q.size };
  }

  async visibleItem(c: Caller | null, id: number) {
    const r = await this.repo.visibleItem(id, this.browsingInstitute(c));
    if (!r) return fail('NOT_FOUND', ITEM_NOT_FOUND);
    return itemVO(r);
  }

  // ── the seller check ─────────────────────────────────────────────────────
  /**
   * checkSellerStatus: the supplier may take this buyer's request — approved and not frozen
   * (the login block), and a supply contract in force with the buyer's institute. Refuses with
   * the reason otherwise.
   */
  async sellerStatus(c: Caller, q: { serviceId?: number; supplierId?: number }) {
    let supplierId = q.supplierId;
    if (q.serviceId !== undefined) {
      const item = await this.repo.item(q.serviceId);
      if (!item) return fail('NOT_FOUND', ITEM_NOT_FOUND);
      supplierId = item.supplier_id;
    }
    if (supplierId === undefined) return fail('BAD_REQUEST', '请指定服务项目或服务商');
    const s = await this.repo.supplierName(supplierId);
    if (!s) return fail('NOT_FOUND', '服务商不存在');
    await this.mustBeActiveSeller(c, s.id, s.company_name);
    return { supplierId: s.id, supplierName: s.company_name, active: true as const };
  }

  private async mustBeActiveSeller(c: Caller, supplierId: number, name: string, trx?: Transaction<DB>) {
    if (await this.deps.supplierBlock(supplierId)) fail('FORBIDDEN', `${name} 已停用或尚未通过平台审核，暂不能委托其技术服务`);
    if (c.instituteId === null) fail('BAD_REQUEST', '请先选择所在单位');
    const gates = trx ? this.deps.eligibility.within(trx) : this.deps.eligibility;
    const contracted = await gates.sellers({ instituteId: c.instituteId }, [supplierId]);
    if (!contracted.has(supplierId)) fail('FORBIDDEN', `${name} 与本单位的供货合同未生效或已到期，暂不能委托其技术服务`);
  }

  // ── requests: the buyer side ─────────────────────────────────────────────
  async createRequest(w: Who, b: TechRequestBody) {
    const c = w.caller;
    if (c.accountType !== 1) fail('FORBIDDEN', '只有采购人可以委托技术服务');
    const item = await this.repo.item(b.serviceId);
    if (!item) return fail('NOT_FOUND', ITEM_NOT_FOUND);
    if (item.active !== 1) fail('NOT_FOUND', ITEM_NOT_FOUND);
    await this.mustBeActiveSeller(c, item.supplier_id, item.supplier_name);
    const form = SampleForm.parse(JSON.parse(item.sample_form));
    const checked = checkSamples(form, b.samples as SampleRow[]);
    if (!checked.ok) return fail('BAD_REQUEST', checked.message);
    const at = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const made = await r.insertRequest(
        {
          service_id: item.id,
          supplier_id: item.supplier_id,
          buyer_id: c.userId,
          institute_id: c.instituteId as number,
          dept_id: c.deptId,
          team_id: c.teamId,
          service_name: item.name,
          category: item.category,
          sample_form: item.sample_form,
          samples: JSON.stringify(checked.rows),
          sample_count: checked.rows.length,
          contact_phone: b.contactPhone,
          remark: b.remark,
          status: 'requested',
          unit_price: null,
          quantity: null,
          amount: null,
          amount_ex_tax: null,
          tax_amount: null,
          tax_rate: item.tax_rate,
          quote_note: null,
          carrier: null,
          tracking_no: null,
          reason: null,
          report_note: null,
          accepted_at: null,
          completed_at: null,
          created_at: at,
          updated_at: at,
        },
        shanghaiDate(new Date(at)).replace(/-/g, ''),
      );
      await r.log({
        request_id: made.id,
        action: 'request',
        from_status: null,
        to_status: 'requested',
        actor_id: c.userId,
        note: b.remark || null,
        created_at: at,
      });
      await writeAudit(trx, { userId: c.userId, action: 'techService.request', target: made.requestNo, detail: { serviceId: item.id }, ip: w.ip });
      await this.deps.messages.tellSupplier(trx, item.supplier_id, {
        title: '新的技术服务委托',
        content: `${c.userName} 委托“${item.name}”，${checked.rows.length} 个样品（${made.requestNo}），请报价`,
        link: REQUEST_LINK.supplier,
      });
      return made;
    });
  }

  /** The scope of the buyer-side list: own requests, the led teams', or the institute's (owner and finance). */
  private async buyerScope(c: Caller, scope: TechScope): Promise<Scope> {
    if (c.accountType === 0) return { kind: 'all' };
    if (scope === 'mine') return { kind: 'self', userId: c.userId };
    if (c.instituteId === null) return { kind: 'none' };
    if (scope === 'team') {
      const teams = await this.deps.approvals.ledTeams(c.userId);
      return teams.length ? { kind: 'teams', instituteId: c.instituteId, teamIds: teams } : { kind: 'none' };
    }
    const may = await this.deps.approvals.canActAtAny(c.userId, ['institute', 'finance'], { institute_id: c.instituteId, team_id: null });
    return may ? { kind: 'institute', instituteId: c.instituteId } : { kind: 'none' };
  }

  async buyerRequests(c: Caller, q: RequestFilter & Paging & { scope: TechScope }) {
    const scope = await this.buyerScope(c, q.scope);
    if (scope.kind === 'none')
      return fail('FORBIDDEN', q.scope === 'team' ? '您不是课题组长，没有课题组的委托可看' : '只有研究所负责人或财务可以查看本所的委托');
    const { rows, total } = await this.repo.requestPage({ scope }, q, q);
    return { records: rows.map(requestVO), total, current: q.current, size: q.size };
  }

  /** What the buyer side has committed to: accepted requests count as spend for the team leader and the institute. */
  async summary(c: Caller, scope: TechScope) {
    const s = await this.buyerScope(c, scope);
    if (s.kind === 'none') return fail('FORBIDDEN', '没有查看该范围的权限');
    return this.repo.summary(s, TECH_COMMITTED, WAITING_FOR_BUYER);
  }

  // ── requests: the supplier side ──────────────────────────────────────────
  async supplierRequests(c: Caller, q: RequestFilter & Paging) {
    const { rows, total } = await this.repo.requestPage({ supplierId: this.supplierOf(c) }, q, q);
    return { records: rows.map(requestVO), total, current: q.current, size: q.size };
  }

  // ── details ──────────────────────────────────────────────────────────────
  /** Who the caller is to a request (its buyer or supplier), or a reader (leader, institute, platform), else 404. */
  private async roleIn(c: Caller, r: RequestRow): Promise<TechActor | 'reader'> {
    if (c.accountType === 2) {
      if (c.supplierId === r.supplier_id) return 'supplier';
      return fail('NOT_FOUND', REQUEST_NOT_FOUND);
    }
    if (r.buyer_id === c.userId) return 'buyer';
    if (c.accountType === 0) return 'reader';
    if (c.accountType === 1 && r.institute_id === c.instituteId) {
      if (r.team_id !== null && (await this.deps.approvals.ledTeams(c.userId)).includes(r.team_id)) return 'reader';
      if (await this.deps.approvals.canActAtAny(c.userId, ['institute', 'finance'], { institute_id: r.institute_id, team_id: null })) return 'reader';
    }
    return fail('NOT_FOUND', REQUEST_NOT_FOUND);
  }

  async detail(c: Caller, id: number): Promise<TechRequestDetail> {
    const r = await this.repo.request(id);
    if (!r) return fail('NOT_FOUND', REQUEST_NOT_FOUND);
    const role = await this.roleIn(c, r);
    const [logs, reports] = await Promise.all([this.repo.logs(id), this.repo.reports(id)]);
    return {
      ...requestVO(r),
      sampleForm: SampleForm.parse(JSON.parse(r.sample_form)),
      samples: JSON.parse(r.samples),
      contactPhone: r.contact_phone,
      remark: r.remark,
      quoteNote: r.quote_note,
      carrier: r.carrier,
      trackingNo: r.tracking_no,
      reason: r.reason,
      reportNote: r.report_note,
      reports: reports.map((f) => ({ fileId: f.file_id, name: f.original_name, url: this.deps.files.signedUrl(f.file_id) })),
      logs: logs.map((l) => ({
        action: l.action,
        fromStatus: l.from_status,
        toStatus: l.to_status,
        actorName: l.actor_name,
        note: l.note,
        createdAt: l.created_at,
      })),
      actions: role === 'reader' ? [] : techActionsFor(r.status as TechRequestStatus, role),
    };
  }

  // ── moves ────────────────────────────────────────────────────────────────
  private async move(w: Who, id: number, m: Move) {
    const c = w.caller;
    await this.repo.inTransaction(async (repo, trx) => {
      const r = await repo.request(id);
      if (!r) return fail('NOT_FOUND', REQUEST_NOT_FOUND);
      const mine = m.actor === 'buyer' ? c.accountType === 1 && r.buyer_id === c.userId : c.accountType === 2 && r.supplier_id === c.supplierId;
      if (!mine) return fail('NOT_FOUND', REQUEST_NOT_FOUND);
      const from = r.status as TechRequestStatus;
      const to = nextTechStatus(from, m.action, m.actor);
      if (!to) return fail('STATE_CONFLICT', `委托${TECH_REQUEST_STATUS_TEXT[from]}，不能${TECH_ACTION_TEXT[m.action]}`);
      const at = nowIso();
      if (!(await repo.move(id, from, { ...m.patch, status: to, updated_at: at }))) fail('STATE_CONFLICT', '委托状态已变化，请刷新后重试');
      await repo.log({ request_id: id, action: m.action, from_status: from, to_status: to, actor_id: c.userId, note: m.note ?? null, created_at: at });
      await writeAudit(trx, { userId: c.userId, action: `techService.${m.action}`, target: r.request_no, detail: { from, to }, ip: w.ip });
      const notice = m.notice(r);
      if (m.actor === 'buyer') await this.deps.messages.tellSupplier(trx, r.supplier_id, { ...notice, link: REQUEST_LINK.supplier });
      else await this.deps.messages.tell(trx, [r.buyer_id], { ...notice, link: REQUEST_LINK.buyer });
      if (m.also) await m.also(r, trx, repo);
    });
  }

  /** The supplier quotes unit price × quantity (fen, tax included); the server computes the total and its tax split. */
  quote(w: Who, b: { id: number; unitPrice: number; quantity: number; note: string }) {
    return this.repo.request(b.id).then((r) => {
      const rate = (r?.tax_rate ?? '6') as TaxRate;
      const amount = b.unitPrice * b.quantity;
      const { excl, tax } = splitTax(amount, rate);
      return this.move(w, b.id, {
        action: 'quote',
        actor: 'supplier',
        patch: { unit_price: b.unitPrice, quantity: b.quantity, amount, amount_ex_tax: excl, tax_amount: tax, quote_note: b.note || null },
        note: `${yuan(b.unitPrice)} × ${b.quantity} = ${yuan(amount)}（含税 ${yuan(tax)}）${b.note ? `；${b.note}` : ''}`,
        notice: (x) => ({ title: '技术服务已报价', content: `${x.supplier_name} 对委托 ${x.request_no}（${x.service_name}）报价 ${yuan(amount)}，请确认` }),
      });
    });
  }

  refuse(w: Who, id: number, reason: string) {
    return this.move(w, id, {
      action: 'refuse',
      actor: 'supplier',
      patch: { reason },
      note: reason,
      notice: (x) => ({ title: '技术服务委托被拒绝', content: `${x.supplier_name} 拒绝了委托 ${x.request_no}（${x.service_name}）：${reason}` }),
    });
  }

  cancel(w: Who, id: number, reason: string) {
    return this.move(w, id, {
      action: 'cancel',
      actor: 'buyer',
      patch: { reason },
      note: reason,
      notice: (x) => ({ title: '技术服务委托已取消', content: `委托 ${x.request_no}（${x.service_name}）已由采购人取消：${reason}` }),
    });
  }

  /** The buyer accepts the quote: the amount becomes committed spend, and the team's leaders are told. */
  accept(w: Who, id: number) {
    return this.move(w, id, {
      action: 'accept',
      actor: 'buyer',
      patch: { accepted_at: nowIso() },
      notice: (x) => ({ title: '技术服务报价已确认', content: `委托 ${x.request_no}（${x.service_name}）的报价 ${yuan(Number(x.amount))} 已确认，请等待样品` }),
      also: async (x, trx) => {
        const leaders = await this.deps.approvals.recipients('team', { institute_id: x.institute_id, team_id: x.team_id }, w.caller.aclVersion, trx);
        const others = leaders.map((l) => l.id).filter((u) => u !== w.caller.userId);
        await this.deps.messages.tell(trx, others, {
          title: '课题组技术服务支出',
          content: `${x.buyer_name} 确认了技术服务委托 ${x.request_no}（${x.supplier_name}，${x.service_name}），金额 ${yuan(Number(x.amount))}`,
          link: `${REQUEST_LINK.buyer}?scope=team`,
        });
      },
    });
  }

  sendSamples(w: Who, b: { id: number; carrier: string; trackingNo: string }) {
    return this.move(w, b.id, {
      action: 'sendSamples',
      actor: 'buyer',
      patch: { carrier: b.carrier, tracking_no: b.trackingNo },
      note: `${b.carrier} ${b.trackingNo}`,
      notice: (x) => ({ title: '样品已寄出', content: `委托 ${x.request_no}（${x.service_name}）的样品已寄出：${b.carrier} ${b.trackingNo}` }),
    });
  }

  start(w: Who, id: number) {
    return this.move(w, id, {
      action: 'start',
      actor: 'supplier',
      notice: (x) => ({ title: '技术服务已开始', content: `${x.supplier_name} 已收到委托 ${x.request_no} 的样品并开始检测` }),
    });
  }

  /** The supplier delivers report files it uploaded itself (purpose techReport); a later delivery replaces them. */
  async deliver(w: Who, b: { id: number; fileIds: number[]; note: string }) {
    const ids = [...new Set(b.fileIds)];
    await this.deps.files.mustBeAttachable(ids, 'techReport', w.caller.userId);
    return this.move(w, b.id, {
      action: 'deliver',
      actor: 'supplier',
      patch: { report_note: b.note || null },
      note: b.note || null,
      notice: (x) => ({ title: '检测报告已交付', content: `委托 ${x.request_no}（${x.service_name}）的报告已交付，请查看并确认完成` }),
      also: (x, _trx, repo) => repo.setReports(x.id, ids, nowIso()),
    });
  }

  complete(w: Who, id: number) {
    return this.move(w, id, {
      action: 'complete',
      actor: 'buyer',
      patch: { completed_at: nowIso() },
      notice: (x) => ({ title: '技术服务已完成', content: `采购人已确认委托 ${x.request_no}（${x.service_name}）完成` }),
    });
  }
}
