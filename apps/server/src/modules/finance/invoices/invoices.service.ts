import {
  type BillableQuery,
  type BillableVO,
  INVOICE_KIND_TEXT,
  INVOICE_STATUS_TEXT,
  type InvoiceDetailVO,
  type InvoiceKind,
  type InvoiceLimitBody,
  type InvoiceLimitVO,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceTerms,
  type InvoiceUploadBody,
  type InvoiceVO,
  isDigitalKind,
  normaliseTaxId,
  normaliseTitle,
  type ParsedInvoiceVO,
  type SubOrderInvoicesVO,
} from '@kc/contracts/finance/invoices';
import { MATCH_STATE_TEXT } from '@kc/contracts/finance/invoices-match';
import type { PayStatus } from '@kc/contracts/finance/settlement';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { usccProblem } from '@kc/contracts/platform/uscc';
import { DICT } from '@kc/contracts/shared/dicts';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { AppError, fail } from '../../../platform/http/errors.ts';
import type { OrderQueriesService } from '../../buying/orders/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { InvoiceMoves } from './invoice-moves.ts';
import { parseInvoiceText, parseInvoiceXml, pdfText } from './invoice-parse.ts';
import { type Allocation, type Billable, checkAllocations, perRate, type resolveLines, spreadOverSubOrders } from './invoice-rules.ts';
import { nextInvoiceStatus, RED_FLUSH, statusAtUpload } from './invoice-states.ts';
import { allocationRows, checkedAmounts, invoiceLineRows, invoiceRow, tellFinanceOfException } from './invoice-upload.ts';
import type { InvoiceRow, InvoicesRepository, SettingRow } from './invoices.repository.ts';

const DAY = 86_400_000;
const SUPPLIER_LINK = '/cassSupplier/invoice';
const EXT_OF_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/ofd': 'ofd',
  'application/xml': 'xml',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
const DEFAULT_SETTING = {
  files_per_sub: 10,
  max_file_mb: 10,
  file_types: 'pdf,ofd,xml,jpg,png',
  deadline_days: 15,
  verify_threshold: 100_000,
  over_bill_allowance: 0,
  paper_required: 0,
};
/** The session's terms and the settings' choices come from these dictionaries (modules/dicts). */
const TERM_DICTS = { invoice_type: DICT.INVOICE_TYPE, invoice_time: DICT.INVOICE_TIME, pay_time: DICT.PAY_TIME } as const;
type TermColumn = keyof typeof TERM_DICTS;
const TERM_TEXT: Record<TermColumn, string> = { invoice_type: '发票类型', invoice_time: '开票时间', pay_time: '付款时间' };
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The supplier's deadline: the Shanghai calendar day of acceptance plus the institute's days. */
export const deadlineOf = (acceptedAt: string | null, days: number | null) =>
  acceptedAt ? addDays(shanghaiDate(new Date(acceptedAt)), days ?? DEFAULT_SETTING.deadline_days) : null;

/**
 * Supplier invoices and their three-way match: upload (with the buyer check, the exact line
 * arithmetic, allocation within what the match allows and the all-years uniqueness), red
 * invoices, deletion, the institute's upload rules, reading 数电 XML/PDF, and the buyer-side and
 * finance views of a sub-order's invoices. One use case, one transaction.
 */
export class InvoicesService {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly d: {
      files: FilesService;
      messages: MessagesService;
      orders: OrderQueriesService;
      approvals: ApprovalsService;
      /** bumps the acl version: the session's invoice terms are cached with getUserAllInfo */
      invalidateSessions: () => Promise<void>;
      /** the invoice types, invoice and pay times (modules/dicts) */
      dicts: Pick<DictsService, 'entries'>;
      /** pay status per invoice (settlement's `payStatus.ofInvoices`, wired in app.ts: settlement sits above invoices) */
      payStatus: (invoiceIds: readonly number[]) => Promise<Map<number, PayStatus>>;
    },
  ) {}

  /**
   * What a use case of another module asks of invoices in its own transaction (a claim reads the
   * match and takes or releases its invoices): `invoices.within(trx).markClaimed(…)`.
   */
  within(trx: Transaction<DB>): InvoiceMoves {
    return new InvoiceMoves(this.repo.within(trx));
  }

  /** The three-way match of each sub-order (callers scope the ids to the caller first). */
  match(subOrderIds: readonly number[]) {
    return this.repo.match(subOrderIds);
  }

  private supplierOf(c: Caller): number {
    if (c.accountType !== 2 || c.supplierId === null) return fail('FORBIDDEN');
    return c.supplierId;
  }

  // ── upload ────────────────────────────────────────────────────────────────
  async upload(w: Who, b: InvoiceUploadBody): Promise<{ id: number; status: InvoiceStatus; exception: string | null; subNos: string[] }> {
    const supplierId = this.supplierOf(w.caller);
    const { lines, totals, red } = checkedAmounts(b);
    const code = isDigitalKind(b.kind) ? null : (b.code ?? null);
    const sellerTaxId = normaliseTaxId(b.sellerTaxId);
    try {
      return await this.repo.inTransaction(async (r, trx) => {
        // Uploads against one sub-order take turns: without the lock two invoices read the same
        // remaining amount and together bill more than was accepted (PostgreSQL reads committed).
        if (!red) await r.lockSubOrders([...b.subOrderIds, ...(b.allocations ?? []).map((a) => a.subOrderId)]);
        // the same number twice: named in the answer (a parallel upload is caught by the unique index below)
        await this.refuseDuplicate(r, code, b.number, sellerTaxId);
        const made = red ? await this.redAllocations(r, supplierId, b, lines) : await this.blueAllocations(r, supplierId, b, lines, w.caller.userId);
        const supplier = await r.supplier(supplierId);
        const setting = await r.setting(made.instituteId);
        const exception = await this.identityProblems(b, sellerTaxId, supplier.credit_code, setting, made.instituteId);
        const now = nowIso();
        const status = statusAtUpload({ red, exception });
        const { id } = await r.insertInvoice(
          invoiceRow(b, {
            supplierId,
            instituteId: made.instituteId,
            code,
            sellerTaxId,
            totals,
            status,
            exception,
            blueId: made.blueId,
            uploadedBy: w.caller.userId,
            now,
          }),
        );
        await r.insertLines(invoiceLineRows(id, lines));
        await r.insertAllocations(allocationRows(id, made.allocations, now));
        if (made.blueId !== null && !(await r.setStatus(made.blueId, RED_FLUSH.from, { status: RED_FLUSH.to, updated_at: now })))
          fail('STATE_CONFLICT', `蓝字发票 ${b.blueNumber} 已被红冲或删除，请刷新后重试`);
        if (exception)
          await tellFinanceOfException(this.d, trx, w, {
            instituteId: made.instituteId,
            companyName: supplier.company_name,
            number: b.number,
            subNos: made.subNos,
            exception,
          });
        await writeAudit(trx, {
          userId: w.caller.userId,
          action: red ? 'invoice.red' : 'invoice.upload',
          target: `invoice:${id}`,
          detail: { number: b.number, total: totals.total, subOrders: [...new Set(made.allocations.map((a) => a.subOrderId))], exception },
          ip: w.ip,
        });
        return { id, status, exception, subNos: made.subNos };
      });
    } catch (err) {
      if (!(err instanceof AppError) && isUniqueViolation(err)) {
        // another upload of the same invoice committed first
        await this.refuseDuplicate(this.repo, code, b.number, sellerTaxId);
        fail('STATE_CONFLICT', `发票 ${b.number} 已上传，不能重复上传`);
      }
      throw err;
    }
  }

  private async refuseDuplicate(r: InvoicesRepository, code: string | null, number: string, sellerTaxId: string) {
    const held = await r.holder(code, number, sellerTaxId);
    if (!held) return;
    const by = held.subNos.length ? `，已由订单 ${held.subNos.join('、')} 使用` : '';
    fail('STATE_CONFLICT', `发票 ${code ? `${code}-` : ''}${number} 已上传${by}，同一张发票不能重复上传`);
  }

  /** Buyer title and tax id against the institute's, seller tax id against the supplier's: problems become an exception, not a refusal. */
  private async identityProblems(b: InvoiceUploadBody, sellerTaxId: string, creditCode: string | null, s: SettingRow | undefined, instituteId: number) {
    const problems: string[] = [];
    if (s) {
      if (normaliseTitle(b.buyerName) !== normaliseTitle(s.buyer_title)) problems.push(`购方名称“${b.buyerName}”与本单位发票抬头“${s.buyer_title}”不一致`);
      if (normaliseTaxId(b.buyerTaxId) !== normaliseTaxId(s.buyer_tax_id)) problems.push(`购方税号 ${b.buyerTaxId} 与本单位税号 ${s.buyer_tax_id} 不一致`);
    } else {
      const inst = await this.repo.institute(instituteId);
      if (inst && normaliseTitle(b.buyerName) !== normaliseTitle(inst.name)) problems.push(`购方名称“${b.buyerName}”与研究所名称“${inst.name}”不一致`);
      problems.push('研究所尚未设置开票信息，购方税号无法核对');
    }
    if (creditCode && normaliseTaxId(creditCode) !== sellerTaxId) problems.push(`销方税号 ${sellerTaxId} 与供应商统一社会信用代码 ${creditCode} 不一致`);
    return problems.length ? problems.join('；') : null;
  }

  /** A blue invoice: its sub-orders (the caller's, accepted, one institute), the file rules, and allocations within the match. */
  private async blueAllocations(
    r: InvoicesRepository,
    supplierId: number,
    b: InvoiceUploadBody,
    lines: ReturnType<typeof resolveLines>['lines'],
    userId: number,
  ) {
    const ids = [...new Set([...b.subOrderIds, ...(b.allocations ?? []).map((a) => a.subOrderId)])];
    if (ids.length === 0) fail('BAD_REQUEST', '请选择发票对应的子订单');
    const { subs, lines: orderLines } = await r.subOrders(ids);
    const byId = new Map(subs.map((s) => [s.id, s]));
    for (const id of ids) {
      const s = byId.get(id);
      // another supplier's sub-order reads as missing
      if (!s || s.supplier_id !== supplierId) fail('NOT_FOUND', '子订单不存在');
    }
    const notAccepted = subs.filter((s) => s.status !== 'completed');
    if (notAccepted.length) fail('BAD_REQUEST', `子订单 ${notAccepted.map((s) => s.sub_no).join('、')} 尚未验收完成，验收后才能上传发票`);
    const institutes = new Set(subs.map((s) => s.institute_id));
    if (institutes.size !== 1 || subs[0].institute_id === null) fail('BAD_REQUEST', '一张发票只能开给一个研究所，请分别上传');
    const instituteId = subs[0].institute_id as number;
    const setting = await r.setting(instituteId);
    await this.checkFile(r, b.fileId ?? null, setting, ids, subs, userId);

    const allowance = Number(setting?.over_bill_allowance ?? 0);
    const match = await r.match(ids);
    const lineBilled = await r.lineBilled(ids);
    const billable: Billable[] = ids.map((id) => {
      const s = byId.get(id) as (typeof subs)[number];
      const m = match.get(id);
      const own = orderLines.filter((l) => l.sub_order_id === id);
      return {
        subOrderId: id,
        subNo: s.sub_no,
        byRate: new Map((m?.buckets ?? []).map((k) => [k.taxRate, Math.max(0, k.accepted - k.refunded) + allowance - k.invoiced])),
        byLine: new Map(own.map((l, i) => [l.id, { rate: l.tax_rate, left: Number(l.amount) + allowance - (lineBilled.get(l.id) ?? 0), index: i }])),
      };
    });
    const rates = perRate(lines);
    const spread = b.allocations
      ? checkAllocations(b.allocations, rates, billable, b.billing)
      : b.billing === 'lines'
        ? { allocations: [] as Allocation[], problems: ['按明细开票请逐行指明对应的商品行'] }
        : spreadOverSubOrders(rates, billable);
    if (spread.problems.length) fail('BAD_REQUEST', `开票金额超出可开票范围或分配有误：${spread.problems.join('；')}`);
    return { instituteId, allocations: spread.allocations, blueId: null as number | null, subNos: subs.map((s) => s.sub_no) };
  }

  /** The institute's file rules: the caller's own invoice file, of an allowed type and size, within the per-sub-order count. */
  private async checkFile(
    r: InvoicesRepository,
    fileId: number | null,
    s: SettingRow | undefined,
    subIds: number[],
    subs: { id: number; sub_no: string }[],
    userId: number,
  ) {
    if (fileId === null) return;
    const f = await r.file(fileId);
    if (f?.purpose !== 'invoice') return fail('BAD_REQUEST', '发票文件不存在，请重新上传');
    if (f.uploaded_by !== userId) fail('BAD_REQUEST', '只能使用本人上传的发票文件');
    if (await r.fileUsed(fileId)) fail('BAD_REQUEST', '该文件已用于另一张发票，请上传本张发票的文件');
    const types = (s?.file_types ?? DEFAULT_SETTING.file_types).split(',');
    const ext = EXT_OF_MIME[f.mime];
    if (!ext || !types.includes(ext)) fail('BAD_REQUEST', `本单位只接受 ${types.map((t) => t.toUpperCase()).join('、')} 格式的发票文件`);
    const maxMb = s?.max_file_mb ?? DEFAULT_SETTING.max_file_mb;
    if (f.size > maxMb * 1024 * 1024) fail('BAD_REQUEST', `发票文件不能超过 ${maxMb} MB`);
    const per = s?.files_per_sub ?? DEFAULT_SETTING.files_per_sub;
    const counts = await r.filesPerSub(subIds);
    const full = subs.filter((x) => (counts.get(x.id) ?? 0) + 1 > per);
    if (full.length) fail('LIMIT_REACHED', `子订单 ${full.map((x) => x.sub_no).join('、')} 已有 ${per} 个发票文件，达到本单位上限`);
  }

  /** A red invoice reverses its blue one in full: same rates, opposite amounts, the blue allocations negated. */
  private async redAllocations(r: InvoicesRepository, supplierId: number, b: InvoiceUploadBody, lines: ReturnType<typeof resolveLines>['lines']) {
    const blue = await r.blueByNumber(supplierId, b.blueNumber as string);
    if (!blue) return fail('NOT_FOUND', `本公司没有号码为 ${b.blueNumber} 的蓝字发票`);
    if (blue.status === 'red_flushed') fail('STATE_CONFLICT', `蓝字发票 ${blue.number} 已红冲`);
    if (blue.status === 'void') fail('BAD_REQUEST', `蓝字发票 ${blue.number} 已作废`);
    const blueAllocs = await r.allocationsOf([blue.id]);
    const blueRates = perRate(blueAllocs.map((a) => ({ rate: a.tax_rate, amount: Number(a.amount) })));
    const redRates = perRate(lines);
    const same = blueRates.size === redRates.size && [...blueRates].every(([rate, amt]) => redRates.get(rate) === -amt);
    if (!same) fail('BAD_REQUEST', `红字发票应按税率全额冲销蓝字发票 ${blue.number}（价税合计 ¥${(Number(blue.total_amount) / 100).toFixed(2)}）`);
    return {
      instituteId: blue.institute_id,
      blueId: blue.id,
      allocations: blueAllocs.map((a) => ({ subOrderId: a.sub_order_id, orderLineId: a.order_line_id, taxRate: a.tax_rate, amount: -Number(a.amount) })),
      subNos: [...new Set(blueAllocs.map((a) => a.sub_no))],
    };
  }

  /** Deleting an uploaded invoice (to upload a corrected one): never once it is in a claim or red-flushed. */
  async remove(w: Who, id: number) {
    const supplierId = this.supplierOf(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const inv = await r.find(id);
      if (!inv || inv.supplier_id !== supplierId) return fail('NOT_FOUND', '发票不存在');
      if (inv.status === 'claimed') fail('BAD_REQUEST', `发票 ${inv.number} 已用于报销，不能删除；如需更正请开具红字发票冲销`);
      if (inv.status === 'red_flushed' || inv.blue_invoice_id !== null) fail('BAD_REQUEST', '已红冲的发票与红字发票不能删除');
      if (!(await r.deleteInvoice(id, inv.status))) fail('STATE_CONFLICT', '发票状态已变化，请刷新后重试');
      await writeAudit(trx, { userId: w.caller.userId, action: 'invoice.delete', target: `invoice:${id}`, detail: { number: inv.number }, ip: w.ip });
    });
  }

  // ── reading a file into the form ─────────────────────────────────────────
  async parse(c: Caller, fileId: number): Promise<ParsedInvoiceVO> {
    this.supplierOf(c);
    const f = await this.d.files.readAttachable(fileId, 'invoice', c.userId);
    if (f.mime === 'application/xml') return parseInvoiceXml(f.data.toString('utf8'));
    if (f.mime === 'application/pdf') {
      const text = await pdfText(f.data);
      if (text) return parseInvoiceText(text);
      return { ...emptyParse('pdf'), warnings: ['未能读取 PDF 中的文字（可能是扫描件），请上传数电 XML 或手工填写'] };
    }
    return fail('BAD_REQUEST', '只能从数电 XML 或 PDF 读取发票信息；图片与 OFD 请手工填写');
  }

  // ── lists ─────────────────────────────────────────────────────────────────
  async list(c: Caller, q: InvoiceListQuery) {
    const supplierId = this.supplierOf(c);
    const { ids, total } = await this.repo.supplierPage(supplierId, q);
    return { records: await this.vos(ids), total, current: q.current, size: q.size };
  }

  /** The supplier's accepted sub-orders with their match and deadline (待开票). */
  async billable(c: Caller, q: BillableQuery) {
    const supplierId = this.supplierOf(c);
    let only: number[] | undefined;
    if (q.match) {
      // the match is computed, not stored: filter the supplier's accepted sub-orders by it
      const all = await this.repo.completedSubIds(supplierId);
      const m = await this.repo.match(all);
      only = all.filter((id) => m.get(id)?.state === q.match);
    }
    const { rows, total } = await this.repo.billablePage(supplierId, q, only);
    const ids = rows.map((r) => r.id);
    const [match, { lines }] = await Promise.all([this.repo.match(ids), this.repo.subOrders(ids)]);
    const today = shanghaiDate();
    const records: BillableVO[] = rows.map((r) => {
      const deadline = deadlineOf(r.accepted_at, r.deadline_days);
      return {
        subOrderId: r.id,
        subNo: r.sub_no,
        orderNo: r.order_no,
        instituteId: r.institute_id as number,
        instituteName: r.institute_name,
        buyerTitle: r.buyer_title,
        buyerTaxId: r.buyer_tax_id,
        totalAmount: Number(r.total_amount),
        acceptedAt: r.accepted_at,
        deadline,
        daysLeft: deadline ? Math.round((Date.parse(deadline) - Date.parse(today)) / DAY) : null,
        match: match.get(r.id) ?? { subOrderId: r.id, state: 'none', buckets: [], problems: [], invoiceIds: [] },
        lines: lines
          .filter((l) => l.sub_order_id === r.id)
          .map((l) => ({ id: l.id, name: l.name, spec: l.spec, amount: Number(l.amount), taxRate: l.tax_rate, quantity: l.quantity })),
      };
    });
    return { records, total, current: q.current, size: q.size };
  }

  private async vos(ids: number[]): Promise<InvoiceDetailVO[]> {
    const [rows, lines, allocs, pay] = await Promise.all([
      this.repo.withRelations(ids),
      this.repo.linesOf(ids),
      this.repo.allocationsOf(ids),
      this.d.payStatus(ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids
      .map((id) => byId.get(id))
      .filter((r): r is NonNullable<typeof r> => !!r)
      .map((r) => ({
        ...this.vo(
          r,
          allocs.filter((a) => a.invoice_id === r.id).map((a) => a.sub_no),
        ),
        payStatus: pay.get(r.id) ?? 'unpaid',
        lines: lines
          .filter((l) => l.invoice_id === r.id)
          .map((l) => ({
            id: l.id,
            name: l.name,
            spec: l.spec,
            unit: l.unit,
            quantity: l.quantity,
            exclAmount: Number(l.excl_amount),
            taxRate: l.tax_rate,
            taxAmount: Number(l.tax_amount),
          })),
        allocations: allocs
          .filter((a) => a.invoice_id === r.id)
          .map((a) => ({ subOrderId: a.sub_order_id, subNo: a.sub_no, orderLineId: a.order_line_id, taxRate: a.tax_rate, amount: Number(a.amount) })),
      }));
  }

  private vo(
    r: InvoiceRow & { red_number: string | null; blue_number: string | null; file_name: string | null; acceptor_name: string | null },
    subNos: string[],
  ): InvoiceVO {
    return {
      id: r.id,
      kind: r.kind as InvoiceKind,
      kindText: INVOICE_KIND_TEXT[r.kind as InvoiceKind] ?? r.kind,
      code: r.code,
      number: r.number,
      issueDate: r.issue_date,
      supplierId: r.supplier_id,
      instituteId: r.institute_id,
      sellerName: r.seller_name,
      sellerTaxId: r.seller_tax_id,
      buyerName: r.buyer_name,
      buyerTaxId: r.buyer_tax_id,
      exclAmount: Number(r.excl_amount),
      taxAmount: Number(r.tax_amount),
      totalAmount: Number(r.total_amount),
      billing: r.billing,
      status: r.status as InvoiceStatus,
      statusText: INVOICE_STATUS_TEXT[r.status as InvoiceStatus] ?? r.status,
      exception: r.exception,
      exceptionAccepted: r.exception_accepted_at ? { by: r.acceptor_name, reason: r.exception_accepted_reason ?? '', at: r.exception_accepted_at } : null,
      blueNumber: r.blue_number,
      redNumber: r.red_number,
      source: r.source,
      fileName: r.file_name,
      fileUrl: r.file_id ? this.d.files.signedUrl(r.file_id) : null,
      remark: r.remark,
      createdAt: r.created_at,
      subNos: [...new Set(subNos)],
    };
  }

  // ── buyer, institute and finance views ────────────────────────────────────
  /**
   * Whether the caller may read a sub-order's invoices: its supplier, the platform, and whoever may
   * read the order (its buyer and placer, their team leader, the institute's owner, checker and
   * finance) — the order's own visibility rule, asked of the orders module.
   */
  private async mustSeeSub(c: Caller, subOrderId: number) {
    const s = await this.repo.subOrderHead(subOrderId);
    if (!s) return fail('NOT_FOUND', '子订单不存在');
    if (c.accountType === 2) return s.supplier_id === c.supplierId && s.status !== 'waiting' ? s : fail('NOT_FOUND', '子订单不存在');
    if (c.accountType === 0) return s;
    await this.d.orders.detail(c, s.order_id).catch(() => fail('NOT_FOUND', '子订单不存在'));
    return s;
  }

  /** Whether the caller may read at least one of these sub-orders (asked one by one, stopping at the first). */
  private async seesAny(c: Caller, subIds: number[]) {
    for (const id of subIds) {
      const seen = await this.mustSeeSub(c, id).then(
        () => true,
        () => false,
      );
      if (seen) return true;
    }
    return false;
  }

  async subOrderInvoices(c: Caller, subOrderId: number): Promise<SubOrderInvoicesVO> {
    const s = await this.mustSeeSub(c, subOrderId);
    const [ids, match, acc, setting] = await Promise.all([
      this.repo.invoiceIdsOfSub(subOrderId),
      this.repo.match([subOrderId]),
      this.repo.acceptedAt([subOrderId]),
      s.institute_id === null ? undefined : this.repo.setting(s.institute_id),
    ]);
    return {
      subOrderId,
      subNo: s.sub_no,
      match: match.get(subOrderId) ?? { subOrderId, state: 'none', buckets: [], problems: [], invoiceIds: [] },
      invoices: await this.vos(ids.sort((a, b) => b - a)),
      deadline: deadlineOf(acc[0]?.at ?? null, setting?.deadline_days ?? null),
    };
  }

  /**
   * A supplier's invoices on each of several of its sub-orders (newest first), in four queries
   * whatever their number: the supplier's claim detail lists up to 50 sub-orders.
   */
  async supplierInvoicesBySub(supplierId: number, subOrderIds: number[]): Promise<Map<number, InvoiceDetailVO[]>> {
    const pairs = await this.repo.invoicePairsOfSubs(subOrderIds);
    const vos = await this.vos([...new Set(pairs.map((p) => p.invoice_id))]);
    const own = new Map(vos.filter((v) => v.supplierId === supplierId).map((v) => [v.id, v]));
    const out = new Map<number, InvoiceDetailVO[]>(subOrderIds.map((id) => [id, []]));
    for (const p of pairs.sort((a, b) => b.invoice_id - a.invoice_id)) {
      const v = own.get(p.invoice_id);
      if (v) out.get(p.sub_order_id)?.push(v);
    }
    return out;
  }

  /** One invoice, for whoever may read one of the sub-orders it bills (or its supplier). */
  async invoice(c: Caller, id: number): Promise<InvoiceDetailVO> {
    const inv = await this.repo.find(id);
    if (!inv) return fail('NOT_FOUND', '发票不存在');
    if (c.accountType === 2) {
      if (inv.supplier_id !== c.supplierId) fail('NOT_FOUND', '发票不存在');
    } else if (c.accountType !== 0) {
      const subs = [...new Set((await this.repo.allocationsOf([id])).map((a) => a.sub_order_id))];
      if (!(await this.seesAny(c, subs))) fail('NOT_FOUND', '发票不存在');
    }
    return (await this.vos([id]))[0];
  }

  /** Finance of the invoice's institute (or the platform) accepts its problem with a reason: logged, and the invoice counts as matched. */
  async acceptException(w: Who, id: number, reason: string) {
    const inv = await this.repo.find(id);
    if (!inv) return fail('NOT_FOUND', '发票不存在');
    await this.mustBeFinanceOf(w.caller, inv.institute_id, '发票不存在');
    const to = nextInvoiceStatus(inv.status, 'acceptException', 'finance');
    if (!to) return fail('BAD_REQUEST', `发票当前状态为“${INVOICE_STATUS_TEXT[inv.status as InvoiceStatus] ?? inv.status}”，没有待处理的异常`);
    await this.repo.inTransaction(async (r, trx) => {
      const now = nowIso();
      const done = await r.setStatus(id, [inv.status], {
        status: to,
        exception_accepted_by: w.caller.userId,
        exception_accepted_reason: reason,
        exception_accepted_at: now,
        updated_at: now,
      });
      if (!done) fail('STATE_CONFLICT', '发票状态已变化，请刷新后重试');
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'invoice.acceptException',
        target: `invoice:${id}`,
        detail: { number: inv.number, exception: inv.exception, reason },
        ip: w.ip,
      });
      await this.d.messages.tellSupplier(trx, inv.supplier_id, {
        title: '发票异常已由财务接受',
        content: `发票 ${inv.number} 的异常（${inv.exception ?? ''}）已由财务接受，原因：${reason}`,
        link: SUPPLIER_LINK,
      });
    });
  }

  /** Finance of this institute, or the platform admin; anyone else reads as not found (`what`) or forbidden. */
  private async mustBeFinanceOf(c: Caller, instituteId: number, what?: string) {
    if (c.accountType === 0) return;
    const ok = c.accountType === 1 && c.instituteId === instituteId && (await this.d.approvals.holdsRole(c.userId, 'finance'));
    if (!ok) fail(what ? 'NOT_FOUND' : 'FORBIDDEN', what);
  }

  // ── the institute's rules ─────────────────────────────────────────────────
  /** A supplier reads any institute it sells to; the institute's own people read theirs; the platform any. */
  async limit(c: Caller, instituteId?: number): Promise<InvoiceLimitVO> {
    const id = c.accountType === 1 ? c.instituteId : (instituteId ?? null);
    if (id === null) return fail('BAD_REQUEST', c.accountType === 1 ? '请先选择所在单位' : '请指定研究所');
    const inst = await this.repo.institute(id);
    if (!inst) return fail('NOT_FOUND', '研究所不存在');
    const s = await this.repo.setting(id);
    const v = { ...DEFAULT_SETTING, ...(await this.defaultTerms(id)), buyer_title: inst.name, buyer_tax_id: '', ...s };
    return {
      instituteId: id,
      instituteName: inst.name,
      buyerTitle: v.buyer_title,
      buyerTaxId: v.buyer_tax_id,
      filesPerSub: Number(v.files_per_sub),
      maxFileMb: Number(v.max_file_mb),
      fileTypes: String(v.file_types).split(','),
      deadlineDays: Number(v.deadline_days),
      verifyThreshold: Number(v.verify_threshold),
      overBillAllowance: Number(v.over_bill_allowance),
      paperRequired: Number(v.paper_required) === 1,
      invoiceType: v.invoice_type,
      invoiceTime: v.invoice_time,
      payTime: v.pay_time,
    };
  }

  async updateLimit(w: Who, b: InvoiceLimitBody) {
    const c = w.caller;
    const id = c.accountType === 0 ? (b.instituteId ?? null) : c.instituteId;
    if (id === null) return fail('BAD_REQUEST', '请指定研究所');
    if (c.accountType === 1 && b.instituteId !== undefined && b.instituteId !== c.instituteId) fail('FORBIDDEN', '只能设置本单位的开票规则');
    await this.mustBeFinanceOf(c, id);
    if (!(await this.repo.institute(id))) fail('NOT_FOUND', '研究所不存在');
    const current = await this.repo.terms(id);
    const terms = {
      invoice_type: await this.termValue(id, 'invoice_type', b.invoiceType, current),
      invoice_time: await this.termValue(id, 'invoice_time', b.invoiceTime, current),
      pay_time: await this.termValue(id, 'pay_time', b.payTime, current),
    };
    const taxId = normaliseTaxId(b.buyerTaxId);
    const problem = usccProblem(taxId);
    if (problem) fail('BAD_REQUEST', problem);
    const row = {
      institute_id: id,
      buyer_title: b.buyerTitle,
      buyer_tax_id: taxId,
      files_per_sub: b.filesPerSub,
      max_file_mb: b.maxFileMb,
      file_types: [...new Set(b.fileTypes)].join(','),
      deadline_days: b.deadlineDays,
      verify_threshold: b.verifyThreshold,
      over_bill_allowance: b.overBillAllowance,
      paper_required: b.paperRequired ? 1 : 0,
      ...terms,
      updated_by: c.userId,
      updated_at: nowIso(),
    };
    await this.repo.inTransaction(async (r, trx) => {
      await r.saveSetting(row);
      await writeAudit(trx, { userId: c.userId, action: 'invoice.setting', target: `institute:${id}`, detail: row, ip: w.ip });
    });
    // the session's invoice terms (getUserAllInfo) are cached per acl version
    await this.d.invalidateSessions();
    return this.limit({ ...c, accountType: 0 }, id);
  }

  /** docs/domains/finance.md#invoice-terms: the institute's invoice type and time and its pay time, as its dictionaries label them. */
  async terms(instituteId: number | null): Promise<InvoiceTerms | undefined> {
    if (instituteId === null) return undefined;
    const t = (await this.repo.terms(instituteId)) ?? (await this.defaultTerms(instituteId));
    return {
      invoiceType: await this.termLabel(instituteId, 'invoice_type', t.invoice_type),
      invoiceTime: await this.termLabel(instituteId, 'invoice_time', t.invoice_time),
      payTime: await this.termLabel(instituteId, 'pay_time', t.pay_time),
    };
  }

  /** An institute without saved settings gets the first visible entry of each dictionary. */
  private async defaultTerms(instituteId: number): Promise<Record<TermColumn, string>> {
    const first = async (c: TermColumn) => (await this.d.dicts.entries(instituteId, TERM_DICTS[c]))[0]?.value ?? '';
    return { invoice_type: await first('invoice_type'), invoice_time: await first('invoice_time'), pay_time: await first('pay_time') };
  }

  /**
   * A stored term is a dictionary value (shown with the institute's label); settings saved before the
   * dictionaries hold the text itself, matched against the items' values and labels, else shown as is.
   */
  private async termLabel(instituteId: number, c: TermColumn, stored: string): Promise<string> {
    const entries = await this.d.dicts.entries(instituteId, TERM_DICTS[c]);
    return (entries.find((e) => e.value === stored) ?? entries.find((e) => e.label === stored))?.label ?? stored;
  }

  /** What the settings store: the dictionary value chosen (by value or label), or the term as it already was. */
  private async termValue(instituteId: number, c: TermColumn, given: string, current: Record<TermColumn, string> | undefined): Promise<string> {
    const entries = await this.d.dicts.entries(instituteId, TERM_DICTS[c]);
    const hit = entries.find((e) => e.value === given) ?? entries.find((e) => e.label === given);
    if (hit) return hit.value;
    if (current && current[c] === given) return given;
    return fail('BAD_REQUEST', `${TERM_TEXT[c]}须从字典中选择：${entries.map((e) => e.label).join('、')}`);
  }

  // ── deadline reminders ────────────────────────────────────────────────────
  /**
   * Tells suppliers of accepted sub-orders not fully invoiced: three days before the deadline
   * ('soon') and from the deadline on ('due'), each once (invoice_reminder), days missed caught up.
   */
  async remindDue(today = shanghaiDate()): Promise<number> {
    const since = new Date(Date.parse(`${today}T00:00:00+08:00`) - 200 * DAY).toISOString();
    const until = new Date(Date.parse(`${today}T00:00:00+08:00`) + DAY).toISOString();
    const subs = await this.repo.dueForReminder(since, until);
    const due = subs
      .map((s) => {
        const deadline = deadlineOf(s.accepted_at, s.deadline_days) as string;
        const kind = today >= deadline ? 'due' : today >= addDays(deadline, -3) ? 'soon' : null;
        return { ...s, deadline, kind };
      })
      .filter((s) => s.kind !== null);
    if (due.length === 0) return 0;
    const match = await this.repo.match(due.map((s) => s.id));
    let sent = 0;
    for (const s of due) {
      const m = match.get(s.id);
      if (!m || m.state === 'matched') continue;
      await this.repo.inTransaction(async (r, trx) => {
        if (!(await r.claimReminder(s.id, s.kind as string, nowIso()))) return;
        await this.d.messages.tellSupplier(trx, s.supplier_id, {
          title: s.kind === 'due' ? '发票上传已到期' : '发票上传即将到期',
          content: `子订单 ${s.sub_no} 已验收，发票须在 ${s.deadline} 前上传（当前：${MATCH_STATE_TEXT[m.state]}）`,
          link: SUPPLIER_LINK,
        });
        sent++;
      });
    }
    return sent;
  }
}

const emptyParse = (source: 'xml' | 'pdf'): ParsedInvoiceVO => ({
  source,
  kind: null,
  code: null,
  number: null,
  issueDate: null,
  sellerName: null,
  sellerTaxId: null,
  buyerName: null,
  buyerTaxId: null,
  exclAmount: null,
  taxAmount: null,
  totalAmount: null,
  lines: [],
  warnings: [],
});
