import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { escapeLike } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL of the supplier's side of claims: always through the supplier's own sub-orders. */
export class SupplierClaimsRepository {
  constructor(private readonly db: Executor) {}

  /** A transaction for a supplier's move on a claim (the invoices it touches are the invoices module's, bound to it). */
  inTransaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** live claim rows of this supplier's sub-orders (a cancelled claim has released them) */
  private held(supplierId: number, f: { claimNo?: string; status?: string; claimId?: number }) {
    let q = this.db
      .selectFrom('claim_sub_order as cs')
      .innerJoin('sub_order as s', 's.id', 'cs.sub_order_id')
      .innerJoin('claim', 'claim.id', 'cs.claim_id')
      .where('s.supplier_id', '=', supplierId)
      .where('cs.live', '=', 1);
    if (f.claimId) q = q.where('claim.id', '=', f.claimId);
    if (f.status) q = q.where('claim.status', '=', f.status);
    if (f.claimNo) q = q.where('claim.claim_no', 'like', `%${escapeLike(f.claimNo)}%`);
    return q;
  }

  async page(supplierId: number, f: { claimNo?: string; status?: string; claimId?: number }, current: number, size: number) {
    const [rows, total] = await Promise.all([
      this.held(supplierId, f)
        .innerJoin('app_user as u', 'u.id', 'claim.buyer_id')
        .leftJoin('institute as i', 'i.id', 'claim.institute_id')
        .leftJoin('invoice_setting as st', 'st.institute_id', 'claim.institute_id')
        .select((eb) => [
          'claim.id',
          'claim.claim_no',
          'claim.status',
          'claim.approval_steps',
          'claim.return_kind',
          'claim.submitted_at',
          'claim.updated_at',
          'u.real_name',
          'u.user_name',
          'i.name as institute_name',
          'st.paper_required',
          eb.fn.sum<number>('cs.amount').as('amount'),
          eb.fn.countAll<number>().as('sub_count'),
        ])
        .groupBy(['claim.id', 'u.real_name', 'u.user_name', 'i.name', 'st.paper_required'])
        .orderBy('claim.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.held(supplierId, f)
        .select((eb) => eb.fn.count<number>('claim.id').distinct().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** the supplier's sub-orders in these claims, with their order numbers */
  subsOf(supplierId: number, claimIds: number[]) {
    if (claimIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('claim_sub_order as cs')
      .innerJoin('sub_order as s', 's.id', 'cs.sub_order_id')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .select(['cs.claim_id', 'cs.sub_order_id', 'cs.amount', 's.sub_no', 'po.order_no'])
      .where('s.supplier_id', '=', supplierId)
      .where('cs.live', '=', 1)
      .where('cs.claim_id', 'in', claimIds)
      .orderBy('cs.id')
      .execute();
  }

  /** this supplier's live invoices on these sub-orders, with their paper flag */
  invoicesOn(supplierId: number, subIds: number[]) {
    if (subIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('invoice_allocation as a')
      .innerJoin('invoice', 'invoice.id', 'a.invoice_id')
      .select(['a.sub_order_id', 'invoice.id', 'invoice.paper_confirmed'])
      .where('a.sub_order_id', 'in', subIds)
      .where('invoice.supplier_id', '=', supplierId)
      .where('invoice.status', 'in', ['matched', 'claimed', 'exception'])
      .where('invoice.blue_invoice_id', 'is', null)
      .execute();
  }

  claimHead(claimId: number) {
    return this.db.selectFrom('claim').select(['id', 'claim_no', 'buyer_id', 'status']).where('id', '=', claimId).executeTakeFirst();
  }
}
