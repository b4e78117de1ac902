import { type ClaimReturn, type ClaimStatus, claimStatusText } from '@kc/contracts/finance/claims';
import type { SupplierClaimDetail, SupplierClaimQuery, SupplierClaimVO } from '@kc/contracts/finance/claims-supplier';
import type { InvoiceUploadBody } from '@kc/contracts/finance/invoices';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { AppError, fail } from '../../../platform/http/errors.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { stepsOf } from './claim-states.ts';
import type { SupplierClaimsRepository } from './supplier-claims.repository.ts';

type Listed = Awaited<ReturnType<SupplierClaimsRepository['page']>>['rows'][number];

/**
 * What a supplier sees of the claims that hold its sub-orders (/supplier/v1/apiReimbursement):
 * never another supplier's lines, amounts or invoices — every query goes through its own sub-orders,
 * and a claim without any of them answers 404.
 */
export class SupplierClaimsService {
  constructor(
    private readonly repo: SupplierClaimsRepository,
    private readonly invoices: InvoicesService,
    private readonly messages: MessagesService,
  ) {}

  private supplierOf(c: Caller): number {
    if (c.supplierId === null) fail('FORBIDDEN');
    return c.supplierId as number;
  }

  async page(c: Caller, q: SupplierClaimQuery) {
    const sid = this.supplierOf(c);
    const { rows, total } = await this.repo.page(sid, { claimNo: q.claimNo, status: q.status }, q.current, q.size);
    const paper = await this.paperState(
      sid,
      rows.map((r) => r.id),
    );
    return { records: rows.map((r) => this.vo(r, paper.get(r.id) ?? false)), total, current: q.current, size: q.size };
  }

  async detail(c: Caller, claimId: number): Promise<SupplierClaimDetail> {
    const sid = this.supplierOf(c);
    const { rows } = await this.repo.page(sid, { claimId }, 1, 1);
    const head = rows.find((r) => r.id === claimId);
    if (!head) return fail('NOT_FOUND', '报销单不存在');
    const subs = await this.repo.subsOf(sid, [claimId]);
    const paper = await this.paperState(sid, [claimId], subs);
    const invoices = await this.invoices.supplierInvoicesBySub(
      sid,
      subs.map((s) => s.sub_order_id),
    );
    return {
      ...this.vo(head, paper.get(claimId) ?? false),
      subOrders: subs.map((s) => ({
        id: s.sub_order_id,
        subNo: s.sub_no,
        orderNo: s.order_no,
        amount: Number(s.amount),
        invoices: invoices.get(s.sub_order_id) ?? [],
      })),
    };
  }

  /** The supplier promises paper invoices for its part of a claim: every live invoice it has there is marked. */
  async confirmPaper(w: Who, claimId: number): Promise<number> {
    const sid = this.supplierOf(w.caller);
    const claim = await this.repo.claimHead(claimId);
    const subs = claim ? await this.repo.subsOf(sid, [claimId]) : [];
    if (!claim || subs.length === 0) return fail('NOT_FOUND', '报销单不存在');
    if (claim.status === 'cancelled') fail('STATE_CONFLICT', '报销单已撤销，无需提供纸质发票');
    const invoices = await this.repo.invoicesOn(
      sid,
      subs.map((s) => s.sub_order_id),
    );
    if (invoices.length === 0) fail('STATE_CONFLICT', '该报销单中没有本公司的发票，请先上传发票');
    const todo = invoices.filter((i) => !i.paper_confirmed).map((i) => i.id);
    if (todo.length === 0) fail('STATE_CONFLICT', '已确认提供纸质发票，无需重复确认');
    const at = nowIso();
    await this.repo.inTransaction(async (trx) => {
      await this.invoices.within(trx).confirmPaper(todo, at);
      await writeAudit(trx, { userId: w.caller.userId, action: 'claim.paperInvoice', target: `claim:${claimId}`, detail: { invoiceIds: todo }, ip: w.ip });
      await this.messages.tell(trx, [claim.buyer_id], {
        title: '供应商确认提供纸质发票',
        content: `报销单 ${claim.claim_no} 中 ${todo.length} 张发票的纸质发票将由供应商寄送，请注意查收。`,
        link: '/cass/claim/my',
      });
    });
    return todo.length;
  }

  /** Several invoices in one call, each stored on its own (a bad one does not stop the others). */
  async batchUpload(w: Who, bodies: InvoiceUploadBody[]) {
    const results: { index: number; ok: boolean; message: string; id: number | null; number: string }[] = [];
    // one after another: two invoices of one batch may bill the same sub-order, and the second must see the first
    for (const [index, b] of bodies.entries()) {
      try {
        const r = await this.invoices.upload(w, b);
        results.push({
          index,
          ok: true,
          id: r.id,
          number: b.number,
          message: r.exception ? `已上传，但有异常：${r.exception}` : `已上传，开票子订单 ${r.subNos.join('、')}`,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ index, ok: false, id: null, number: b.number, message: err.message });
      }
    }
    return results;
  }

  /** The signed link of one of the supplier's own invoices' file. */
  async fileUrl(c: Caller, invoiceId: number) {
    this.supplierOf(c);
    const inv = await this.invoices.invoice(c, invoiceId);
    if (!inv.fileUrl) return fail('STATE_CONFLICT', '该发票没有上传文件');
    return { url: inv.fileUrl, fileName: inv.fileName };
  }

  /** whether every invoice of the supplier in each claim is confirmed on paper (`subs`: its sub-orders there, when already read) */
  private async paperState(supplierId: number, claimIds: number[], known?: Awaited<ReturnType<SupplierClaimsRepository['subsOf']>>) {
    const subs = known ?? (await this.repo.subsOf(supplierId, claimIds));
    const invoices = await this.repo.invoicesOn(
      supplierId,
      subs.map((s) => s.sub_order_id),
    );
    const out = new Map<number, boolean>();
    for (const claimId of claimIds) {
      const mine = new Set(subs.filter((s) => s.claim_id === claimId).map((s) => s.sub_order_id));
      const inv = invoices.filter((i) => mine.has(i.sub_order_id));
      out.set(claimId, inv.length > 0 && inv.every((i) => i.paper_confirmed === 1));
    }
    return out;
  }

  private vo(r: Listed, paperConfirmed: boolean): SupplierClaimVO {
    return {
      id: r.id,
      claimNo: r.claim_no,
      status: r.status as ClaimStatus,
      statusText: claimStatusText(r.status as ClaimStatus, stepsOf(r.approval_steps), (r.return_kind as ClaimReturn) ?? null),
      instituteName: r.institute_name,
      buyerName: r.real_name ?? r.user_name,
      amount: Number(r.amount),
      subCount: Number(r.sub_count),
      paperRequired: r.paper_required === 1,
      paperConfirmed,
      submittedAt: r.submitted_at,
      updatedAt: r.updated_at,
    };
  }
}
