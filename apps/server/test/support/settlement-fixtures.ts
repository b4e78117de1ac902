import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.ts';
import { makeAcceptedSubOrder } from './invoice-fixtures.ts';

type Req = (user: string, method: string, url: string, json?: unknown) => Promise<{ status: number; body: any }>;

/** The Shanghai month (YYYY-MM) of the day `daysAgo` days back. */
export const monthOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 7);

/** Days back that land in the middle of the month `monthsBack` calendar months before this one. */
export function midMonthDaysAgo(monthsBack: number) {
  const now = new Date(Date.now() + 8 * 3600_000);
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 15, 4);
  return Math.round((now.getTime() - target) / 86_400_000);
}

/**
 * Sub-orders of `supplier` for buyer1 (ICCAS) or buyer2 (SIMM) accepted in the month `monthsBack`
 * months ago, plus optionally one refunded that month (with its order-log row).
 */
export async function acceptedInMonth(
  db: Kysely<DB>,
  o: { supplier: '国药' | '阿拉丁' | '麦克林'; monthsBack: number; amounts: number[]; institute?: 'ICCAS' | 'SIMM'; refund?: number },
) {
  const daysAgo = midMonthDaysAgo(o.monthsBack);
  const who = o.institute === 'SIMM' ? { buyer: 'buyer2', team: '何军课题组' } : { buyer: 'buyer1', team: '李明华课题组' };
  const subs = [];
  for (const amount of o.amounts) subs.push(await makeAcceptedSubOrder(db, { supplier: o.supplier, ...who, lines: [{ amount, rate: '13' }], daysAgo }));
  let refund: Awaited<ReturnType<typeof makeAcceptedSubOrder>> | null = null;
  if (o.refund) {
    refund = await makeAcceptedSubOrder(db, { supplier: o.supplier, ...who, lines: [{ amount: o.refund, rate: '13' }], daysAgo, status: 'refunded' });
    await db
      .insertInto('order_log')
      .values({
        order_id: refund.orderId,
        sub_order_id: refund.subId,
        actor_id: null,
        actor: 'supplier',
        action: 'refundConfirm',
        from_status: 'refund_requested',
        to_status: 'refunded',
        reason: null,
        created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      })
      .execute();
  }
  return { subs, refund, month: monthOf(daysAgo) };
}

export const supplierIdOf = async (db: Kysely<DB>, name: string) =>
  (await db.selectFrom('supplier').select('id').where('company_name', 'like', `%${name}%`).executeTakeFirstOrThrow()).id;

/** Finance's moves and reads through the HTTP API. */
export function settlementCalls(req: Req) {
  const detail = async (user: string, id: number, side: 'mall' | 'supplier' = 'mall', q = 'size=500') =>
    req(user, 'GET', `/${side}/v1/statement/detail/${id}?${q}`);
  return {
    generate: (user: string, body: object) => req(user, 'POST', '/mall/v1/statement/generate', body),
    detail,
    move: (user: string, what: string, id: number) => req(user, 'POST', `/mall/v1/statement/${what}`, { id }),
    confirm: (user: string, id: number) => req(user, 'POST', '/supplier/v1/statement/confirm', { id }),
    dispute: (user: string, id: number, lines: { lineId: number; reason: string }[]) => req(user, 'POST', '/supplier/v1/statement/dispute', { id, lines }),
    pay: (user: string, bankRef: string, allocations: { statementId: number; amount: number }[]) =>
      req(user, 'POST', '/mall/v1/check/adminCheckMoney', { bankRef, paidOn: '2026-11-20', allocations }),
    /** line of a sub-order in a statement detail */
    lineOf: (d: any, subOrderId: number) => d.data.lines.records.find((l: { subOrderId: number }) => l.subOrderId === subOrderId),
  };
}
