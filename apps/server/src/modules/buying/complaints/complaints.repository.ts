import type { Insertable, Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { orderPartiesScope, type Scope, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { pageWithTotal } from '../../../platform/db/page-with-total.ts';
import { pendingNo, recordNo } from '../../../platform/db/record-no.ts';
import type { ComplaintTable, DB } from '../../../platform/db/schema.ts';

const COMPLAINT_SCOPE = orderPartiesScope('complaint', ['buyer_id']);

/** A buyer-side scope, one supplier (complaints about it), or the platform. */
export type Viewer = { kind: 'buyer'; scope: Scope } | { kind: 'supplier'; supplierId: number } | { kind: 'platform' };
export interface ComplaintFilter {
  status?: string;
  category?: string;
  complaintNo?: string;
}

/** SQL of complaints, their attachments, and the sub-order or supplier complained about. */
export class ComplaintsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: ComplaintsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ComplaintsRepository(trx), trx));
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }

  subOrder(id: number) {
    return this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .select(['s.id', 's.sub_no', 's.status', 's.supplier_id', 's.order_id', 'po.buyer_id', 'po.placed_by_id', 'po.institute_id', 'po.dept_id', 'po.team_id'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  activeSupplier(id: number) {
    return this.db.selectFrom('supplier').select(['id', 'company_name']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  }

  async insert(v: Omit<Insertable<ComplaintTable>, 'complaint_no'>, fileIds: number[]) {
    const { id } = await this.db
      .insertInto('complaint')
      .values({ ...v, complaint_no: pendingNo() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const complaintNo = recordNo('TS', id);
    await this.db.updateTable('complaint').set({ complaint_no: complaintNo }).where('id', '=', id).execute();
    if (fileIds.length)
      await this.db
        .insertInto('complaint_file')
        .values(fileIds.map((file_id) => ({ complaint_id: id, file_id })))
        .execute();
    return { id, complaintNo };
  }

  private base() {
    return this.db
      .selectFrom('complaint')
      .innerJoin('supplier as sp', 'sp.id', 'complaint.supplier_id')
      .innerJoin('app_user as u', 'u.id', 'complaint.buyer_id')
      .leftJoin('sub_order as s', 's.id', 'complaint.sub_order_id')
      .leftJoin('institute as i', 'i.id', 'complaint.institute_id')
      .selectAll('complaint')
      .select(['sp.company_name as supplier_name', 'u.real_name', 'u.user_name', 's.sub_no', 'i.name as institute_name']);
  }

  private seen<Q extends ReturnType<ComplaintsRepository['base']>>(q: Q, v: Viewer): Q {
    if (v.kind === 'supplier') return q.where('complaint.supplier_id', '=', v.supplierId) as Q;
    if (v.kind === 'platform') return q;
    const cond = scopeWhere(v.scope, COMPLAINT_SCOPE);
    return (cond ? q.where(cond) : q) as Q;
  }

  complaint(id: number, v: Viewer) {
    return this.seen(this.base(), v).where('complaint.id', '=', id).executeTakeFirst();
  }

  async page(v: Viewer, f: ComplaintFilter, current: number, size: number) {
    let q = this.seen(this.base(), v);
    if (f.status) q = q.where('complaint.status', '=', f.status);
    if (f.category) q = q.where('complaint.category', '=', f.category);
    if (f.complaintNo) q = q.where(containsText('complaint.complaint_no', f.complaintNo));
    return pageWithTotal(q, (x) => x.orderBy('complaint.id', 'desc'), current, size);
  }

  files(complaintId: number) {
    return this.db
      .selectFrom('complaint_file as cf')
      .innerJoin('file_object as f', 'f.id', 'cf.file_id')
      .select(['f.id', 'f.original_name'])
      .where('cf.complaint_id', '=', complaintId)
      .orderBy('cf.id')
      .execute();
  }

  async move(id: number, from: string, to: string, reply: string, by: number) {
    const at = new Date().toISOString();
    const patch = to === 'processing' ? {} : { admin_reply: reply, handled_at: at };
    const r = await this.db
      .updateTable('complaint')
      .set({ ...patch, status: to, handled_by: by, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async reply(id: number, supplierId: number, content: string, open: string[]) {
    const at = new Date().toISOString();
    const r = await this.db
      .updateTable('complaint')
      .set({ supplier_reply: content, supplier_replied_at: at, updated_at: at })
      .where('id', '=', id)
      .where('supplier_id', '=', supplierId)
      .where('status', 'in', open)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
