import {
  COMPLAINT_CATEGORY_TEXT,
  COMPLAINT_STATUS_TEXT,
  type ComplaintBody,
  type ComplaintCategory,
  type ComplaintStatus,
} from '@kc/contracts/buying/complaints';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { callerScope } from '../../../platform/db/data-scope.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { COMPLAINT_ACTION_TEXT, COMPLAINT_OPEN, COMPLAINT_TRANSITIONS, type ComplaintAction } from './complaint-states.ts';
import type { ComplaintFilter, ComplaintsRepository, Viewer } from './complaints.repository.ts';

type Row = NonNullable<Awaited<ReturnType<ComplaintsRepository['complaint']>>>;
const NOT_FOUND = '投诉不存在';

const complaintVO = (r: Row) => ({
  id: r.id,
  complaintNo: r.complaint_no,
  category: r.category as ComplaintCategory,
  categoryText: COMPLAINT_CATEGORY_TEXT[r.category as ComplaintCategory],
  status: r.status as ComplaintStatus,
  statusText: COMPLAINT_STATUS_TEXT[r.status as ComplaintStatus],
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  subOrderId: r.sub_order_id,
  subNo: r.sub_no,
  orderId: r.order_id,
  buyerName: r.real_name ?? r.user_name,
  instituteName: r.institute_name,
  content: r.content,
  supplierReply: r.supplier_reply,
  supplierRepliedAt: r.supplier_replied_at,
  adminReply: r.admin_reply,
  handledAt: r.handled_at,
  createdAt: r.created_at,
});

/**
 * 投诉: a buyer complains about a supplier (usually one of its own sub-orders); the platform admin
 * accepts and resolves or rejects it with a reply; the supplier sees the complaints about itself
 * and may answer while they are open. The buyer side sees complaints by its data scope. While a
 * complaint on a sub-order is open, that sub-order's settlement and payment are on hold
 * (complaint-holds.repository.ts; settlement reads it); resolving or rejecting it lifts the hold.
 */
export class ComplaintsService {
  constructor(
    private readonly repo: ComplaintsRepository,
    private readonly files: FilesService,
    private readonly messages: MessagesService,
  ) {}

  private viewer(c: Caller): Viewer {
    if (c.accountType === 0) return { kind: 'platform' };
    if (c.accountType === 2) return c.supplierId ? { kind: 'supplier', supplierId: c.supplierId } : fail('FORBIDDEN');
    return { kind: 'buyer', scope: callerScope(c) };
  }

  async page(c: Caller, f: ComplaintFilter & { current: number; size: number }) {
    const { rows, total } = await this.repo.page(this.viewer(c), f, f.current, f.size);
    return { records: rows.map(complaintVO), total, current: f.current, size: f.size };
  }

  async detail(c: Caller, id: number) {
    const r = (await this.repo.complaint(id, this.viewer(c))) ?? fail('NOT_FOUND', NOT_FOUND);
    const files = await this.repo.files(id);
    return { ...complaintVO(r), files: files.map((f) => ({ id: f.id, name: f.original_name, url: this.files.signedUrl(f.id) })) };
  }

  async create(w: Who, b: ComplaintBody) {
    const c = w.caller;
    if (b.fileIds.length) await this.files.mustBeAttachable(b.fileIds, 'complaint', c.userId);
    // about one of the caller's own sub-orders (its supplier), or about a supplier in general
    let about: { supplierId: number; subOrderId: number | null; orderId: number | null; subNo: string | null };
    let parties = { institute_id: c.instituteId, dept_id: c.deptId, team_id: c.teamId, buyer_id: c.userId };
    if (b.subOrderId !== undefined) {
      const s = await this.repo.subOrder(b.subOrderId);
      if (!s || (s.buyer_id !== c.userId && s.placed_by_id !== c.userId) || s.status === 'waiting') return fail('NOT_FOUND', '子订单不存在');
      about = { supplierId: s.supplier_id, subOrderId: s.id, orderId: s.order_id, subNo: s.sub_no };
      parties = { institute_id: s.institute_id, dept_id: s.dept_id, team_id: s.team_id, buyer_id: s.buyer_id };
    } else {
      const sp = (await this.repo.activeSupplier(b.supplierId!)) ?? fail('NOT_FOUND', '供应商不存在');
      about = { supplierId: sp.id, subOrderId: null, orderId: null, subNo: null };
    }
    return this.repo.inTransaction(async (r, trx) => {
      const now = new Date().toISOString();
      const made = await r.insert(
        {
          ...parties,
          supplier_id: about.supplierId,
          sub_order_id: about.subOrderId,
          order_id: about.orderId,
          category: b.category,
          content: b.content,
          status: 'submitted',
          created_at: now,
          updated_at: now,
        },
        b.fileIds,
      );
      await this.messages.within(trx).tellSupplier(about.supplierId, {
        title: '收到投诉',
        content:
          `您有一条${COMPLAINT_CATEGORY_TEXT[b.category]}类投诉（${made.complaintNo}${about.subNo ? `，子订单 ${about.subNo}` : ''}），请在“投诉回复”中查看并回复。` +
          (about.subNo ? '投诉办结前，该子订单的结算与付款暂停。' : ''),
        link: '/cassSupplier/complaint',
      });
      await r.audit({ userId: c.userId, action: 'complaint.add', target: made.complaintNo, detail: { supplierId: about.supplierId }, ip: w.ip });
      return made;
    });
  }

  /** The supplier answers a complaint about itself while it is open. */
  async reply(w: Who, id: number, content: string) {
    const c = w.caller;
    const row = (await this.repo.complaint(id, this.viewer(c))) ?? fail('NOT_FOUND', NOT_FOUND);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.reply(id, row.supplier_id, content, COMPLAINT_OPEN))) fail('STATE_CONFLICT', '投诉已办结，不能再回复');
      await this.messages.within(trx).tell([row.buyer_id], {
        title: '供应商回复了您的投诉',
        content: `投诉 ${row.complaint_no}：${content}`,
        link: '/cass/complaint/my',
      });
      await r.audit({ userId: c.userId, action: 'complaint.reply', target: row.complaint_no, ip: w.ip });
    });
  }

  /** The platform's moves: 受理, 办结 and 驳回 (the last two with a reply the buyer and supplier read). */
  async handle(w: Who, id: number, action: ComplaintAction, reply = '') {
    const c = w.caller;
    return this.repo.inTransaction(async (r, trx) => {
      const row = (await r.complaint(id, { kind: 'platform' })) ?? fail('NOT_FOUND', NOT_FOUND);
      const from = row.status as ComplaintStatus;
      const to = transition(COMPLAINT_TRANSITIONS, from, action, 'admin');
      if (!to) return fail('STATE_CONFLICT', `投诉${COMPLAINT_STATUS_TEXT[from]}，不能${COMPLAINT_ACTION_TEXT[action]}`);
      if (!(await r.move(id, from, to, reply, c.userId))) fail('STATE_CONFLICT', '投诉状态已变化，请刷新后重试');
      const notice = { title: `投诉${COMPLAINT_STATUS_TEXT[to]}`, content: `投诉 ${row.complaint_no}${COMPLAINT_STATUS_TEXT[to]}${reply ? `：${reply}` : ''}` };
      await this.messages.within(trx).tell([row.buyer_id], { ...notice, link: '/cass/complaint/my' });
      await this.messages.within(trx).tellSupplier(row.supplier_id, { ...notice, link: '/cassSupplier/complaint' });
      await r.audit({ userId: c.userId, action: `complaint.${action}`, target: row.complaint_no, detail: { from, to }, ip: w.ip });
      return { id, status: to, statusText: COMPLAINT_STATUS_TEXT[to] };
    });
  }
}
