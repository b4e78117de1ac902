import { InvoiceUploadBody } from '@kc/contracts/finance/invoices';
import type { Kysely } from 'kysely';
import type { ClaimsService } from '../../modules/finance/claims/index.ts';
import type { InvoicesService } from '../../modules/finance/invoices/index.ts';
import { loadCaller } from '../../platform/auth/caller.repository.ts';
import type { DB } from '../../platform/db/schema.ts';

type Who = Parameters<InvoicesService['upload']>[0];

/** A demo account acting through the services as if logged in (the seeds go through the use cases, not around them). */
export async function demoActor(db: Kysely<DB>, userName: string): Promise<Who | null> {
  const u = await db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirst();
  const base = u && (await loadCaller(db, u.id));
  return base && 'userId' in base ? { caller: { ...base, fid: 'demo-seed', aclVersion: null }, ip: '127.0.0.1' } : null;
}

/**
 * After the demo orders: buyer1's accepted sub-orders invoiced and claimed through the real services,
 * so every finance role finds work — the first claim has passed the team leader and waits further up
 * the chain, the second waits for leader1, and the last sub-order still waits for its supplier's
 * invoice (待开票 on the supplier's 发票管理). Runs once: a database with invoices gets nothing.
 */
export async function seedDemoFinance(db: Kysely<DB>, s: { invoices: InvoicesService; claims: ClaimsService }): Promise<number> {
  if (await db.selectFrom('invoice').select('id').limit(1).executeTakeFirst()) return 0;
  const who = (userName: string) => demoActor(db, userName);
  const buyer = await who('buyer1');
  if (!buyer) return 0;
  const subs = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
    .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
    .innerJoin('invoice_setting', 'invoice_setting.institute_id', 'purchase_order.institute_id')
    .select([
      'sub_order.id',
      'sub_order.total_amount',
      'sub_order.supplier_id',
      'supplier.company_name',
      'supplier.credit_code',
      'invoice_setting.buyer_title',
      'invoice_setting.buyer_tax_id',
    ])
    .where('purchase_order.buyer_id', '=', buyer.caller.userId)
    .where('sub_order.status', '=', 'completed')
    .orderBy('sub_order.id')
    .execute();
  let claimed = 0;
  // the last accepted sub-order is left for its supplier to invoice
  for (const [i, sub] of subs.slice(0, -1).entries()) {
    const seller = await db.selectFrom('app_user').select('user_name').where('supplier_id', '=', sub.supplier_id).orderBy('id').executeTakeFirst();
    const supplier = seller && (await who(seller.user_name));
    if (!supplier) continue;
    const lines = await db.selectFrom('order_line').select(['name', 'amount', 'tax_rate']).where('sub_order_id', '=', sub.id).orderBy('id').execute();
    const fee = Number(sub.total_amount) - lines.reduce((a, l) => a + Number(l.amount), 0);
    // parsed by the contract like a request body: the same defaults and checks as an upload
    const body = InvoiceUploadBody.parse({
      kind: 'digital_special',
      // 20 digits: year 26, the tax bureau's region 11 (北京), then a serial of the demo
      number: `261120000000${String(sub.id).padStart(8, '0')}`,
      issueDate: new Date().toISOString().slice(0, 10),
      sellerName: sub.company_name,
      sellerTaxId: sub.credit_code,
      buyerName: sub.buyer_title,
      buyerTaxId: sub.buyer_tax_id,
      // the carriage rides on the first line (the fee joins the largest line's rate bucket)
      lines: lines.map((l, j) => ({ name: `*化学试剂*${l.name}`, amount: Number(l.amount) + (j === 0 ? fee : 0), taxRate: l.tax_rate })),
      subOrderIds: [sub.id],
    });
    await s.invoices.upload(supplier, body);
    const [claim] = await s.claims.apply(buyer, { subOrderIds: [sub.id], separate: false, fileIds: [], remark: '课题经费报销' });
    claimed++;
    if (i === 0) {
      const leader = await who('leader1');
      if (leader) await s.claims.decide(leader, 'team', [claim.id], 'pass', null);
    }
  }
  return claimed;
}
