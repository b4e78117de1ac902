import { yuan } from '@kc/contracts/buying/mall';
import { MATCH_STATE_TEXT } from '@kc/contracts/finance/invoices-match';
import type { RuleType } from '@kc/contracts/oversight/warnings';
import { qualificationTypeName } from '@kc/contracts/supply/qualifications';
import { sellersWhere } from '../../buying/eligibility/index.ts';
import { matchOf } from '../../finance/invoices/index.ts';
import { expiryCheck, lowStockCheck } from './inventory-checks.ts';
import type { RuleCheck } from './warning-check-types.ts';
import { addDays, dayStartIso, daysBetween } from './warning-days.ts';

/**
 * The scanned rules: read-only queries over the tables of the domains they watch (orders,
 * invoices through `matchOf`, qualifications with the contract gate through the eligibility seam,
 * grant cards). The stock rules are in inventory-checks.ts; both share warning-check-types.ts.
 */
export type { Candidate, RuleCheck } from './warning-check-types.ts';

/** Sub-orders still waiting to ship (confirmed or not, partly shipped). */
const AWAITING_SHIPMENT = ['to_confirm', 'to_deliver', 'partially_delivered'];
/** Far enough back for any open sub-order or unbilled acceptance worth a warning. */
const LOOKBACK_DAYS = 365;

const orderLink = (orderId: number) => `/cass/order/myOrder?orderId=${orderId}`;

/** 发货逾期: approved at least `threshold` days ago and not wholly shipped. */
const overdueDelivery: RuleCheck = async (db, instituteId, threshold, today) => {
  const approvedBy = dayStartIso(addDays(today, -threshold + 1));
  // when the sub-order became the supplier's to confirm: its log row, else (no approval chain) its creation
  const released = db
    .selectFrom('order_log')
    .select(['sub_order_id', (eb) => eb.fn.min('created_at').as('at')])
    .where('to_status', '=', 'to_confirm')
    .where('sub_order_id', 'is not', null)
    .groupBy('sub_order_id');
  const rows = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order as o', 'o.id', 'sub_order.order_id')
    .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
    .leftJoin(released.as('rel'), 'rel.sub_order_id', 'sub_order.id')
    .select([
      'sub_order.id',
      'sub_order.sub_no',
      'sub_order.status',
      'sub_order.created_at',
      'rel.at',
      'o.id as order_id',
      'o.buyer_id',
      'o.team_id',
      'supplier.company_name',
    ])
    .where('o.institute_id', '=', instituteId)
    .where('sub_order.status', 'in', AWAITING_SHIPMENT)
    .where('sub_order.created_at', '>=', dayStartIso(addDays(today, -LOOKBACK_DAYS)))
    .execute();
  return rows
    .map((r) => ({ ...r, since: (r.at as string | null) ?? r.created_at }))
    .filter((r) => r.since < approvedBy)
    .map((r) => {
      const sinceDay = shanghaiDay(r.since);
      const days = daysBetween(sinceDay, today);
      return {
        subjectKey: `sub_order:${r.id}`,
        teamId: r.team_id,
        userId: r.buyer_id,
        title: `子订单 ${r.sub_no} 发货逾期`,
        detail: `${r.company_name}自 ${sinceDay} 审批通过起 ${days} 天仍未${r.status === 'partially_delivered' ? '发齐货' : '发货'}（规则：${threshold} 天）`,
        link: orderLink(r.order_id),
        dueOn: addDays(sinceDay, threshold),
      };
    });
};

/** 发票逾期: accepted at least `threshold` days ago and the invoices do not match yet. */
const overdueInvoice: RuleCheck = async (db, instituteId, threshold, today) => {
  const acceptedBy = dayStartIso(addDays(today, -threshold + 1));
  const accepted = db
    .selectFrom('order_log')
    .select(['sub_order_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('to_status', '=', 'completed')
    .where('sub_order_id', 'is not', null)
    .groupBy('sub_order_id');
  const rows = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order as o', 'o.id', 'sub_order.order_id')
    .innerJoin('supplier', 'supplier.id', 'sub_order.supplier_id')
    .innerJoin(accepted.as('acc'), 'acc.sub_order_id', 'sub_order.id')
    .select(['sub_order.id', 'sub_order.sub_no', 'acc.at', 'o.id as order_id', 'o.buyer_id', 'o.team_id', 'supplier.company_name'])
    .where('o.institute_id', '=', instituteId)
    .where('sub_order.status', '=', 'completed')
    .where('acc.at', '<', acceptedBy)
    .where('acc.at', '>=', dayStartIso(addDays(today, -LOOKBACK_DAYS)))
    .execute();
  const match = await matchOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const m = match.get(r.id);
    if (!m || m.state === 'matched') return [];
    const acceptedDay = shanghaiDay(r.at as string);
    return [
      {
        subjectKey: `sub_order:${r.id}`,
        teamId: r.team_id,
        userId: r.buyer_id,
        title: `子订单 ${r.sub_no} 发票逾期`,
        detail: `${r.company_name}的子订单 ${acceptedDay} 验收，${daysBetween(acceptedDay, today)} 天后发票仍为“${MATCH_STATE_TEXT[m.state]}”（规则：${threshold} 天）`,
        link: orderLink(r.order_id),
        dueOn: addDays(acceptedDay, threshold),
      },
    ];
  });
};

/** 供应商资质到期: an approved qualification of a supplier contracted with the institute ends within `threshold` days, and no newer one replaces it. */
const qualificationExpiry: RuleCheck = async (db, instituteId, threshold, today, names) => {
  const rows = await db
    .selectFrom('qualification as q')
    .innerJoin('supplier', 'supplier.id', 'q.supplier_id')
    .select(['q.id', 'q.type_code', 'q.number', 'q.valid_to', 'supplier.company_name'])
    .where('q.status', '=', 1)
    .where('q.valid_to', 'is not', null)
    .where('q.valid_to', '<=', addDays(today, threshold))
    .where('q.valid_to', '>=', addDays(today, -LOOKBACK_DAYS))
    .where(sellersWhere('q.supplier_id', { instituteId }, today))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('qualification as r')
            .select('r.id')
            .whereRef('r.supplier_id', '=', 'q.supplier_id')
            .whereRef('r.type_code', '=', 'q.type_code')
            .where('r.status', '=', 1)
            .where((eb) => eb.or([eb('r.valid_to', 'is', null), eb('r.valid_to', '>', eb.ref('q.valid_to'))])),
        ),
      ),
    )
    .execute();
  return rows.map((r) => {
    const name = names?.get(r.type_code) ?? qualificationTypeName(r.type_code);
    const to = r.valid_to as string;
    return {
      subjectKey: `qualification:${r.id}`,
      teamId: null,
      userId: null,
      title: `${r.company_name}的${name}${to < today ? '已过期' : '即将到期'}`,
      detail: `${name}（${r.number}）有效期至 ${to}${to < today ? '，已过期' : `，还有 ${daysBetween(today, to)} 天`}；到期后其需此资质的商品将不能购买`,
      link: null,
      dueOn: to,
    };
  });
};

/** 经费卡余额不足: an active card in its validity whose available balance is under `threshold`% of its total. */
const grantCardLow: RuleCheck = async (db, instituteId, threshold, today) => {
  const rows = await db
    .selectFrom('grant_card')
    .select(['id', 'card_no', 'title', 'pi_id', 'valid_to', 'total', 'frozen', 'drawn'])
    .where('institute_id', '=', instituteId)
    .where('status', '=', 'active')
    .where('valid_from', '<=', today)
    .where('valid_to', '>=', today)
    .where('total', '>', 0)
    .execute();
  return rows
    .map((r) => ({ ...r, total: Number(r.total), available: Number(r.total) - Number(r.frozen) - Number(r.drawn) }))
    .filter((r) => r.available * 100 < threshold * r.total)
    .map((r) => ({
      subjectKey: `grant_card:${r.id}`,
      teamId: null,
      userId: r.pi_id,
      title: `经费卡 ${r.card_no} 可用余额不足 ${threshold}%`,
      detail: `${r.title}：可用 ¥${yuan(r.available)}，总额 ¥${yuan(r.total)}（${Math.floor((r.available * 100) / r.total)}%）`,
      link: '/cass/budget/grantCards',
      dueOn: r.valid_to,
    }));
};

/** The daily checks by rule type (duplicate purchase is the checkout's hint, not scanned). */
export const RULE_CHECKS: Partial<Record<RuleType, RuleCheck>> = {
  expiry: expiryCheck,
  low_stock: lowStockCheck,
  overdue_delivery: overdueDelivery,
  overdue_invoice: overdueInvoice,
  qualification_expiry: qualificationExpiry,
  grant_card: grantCardLow,
};

function shanghaiDay(iso: string) {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
}
