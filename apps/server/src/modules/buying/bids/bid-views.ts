import { BID_ACTION_TEXT, BID_STATE_TEXT, type BidState } from '@kc/contracts/buying/bids';
import type { BidsRepository, ProjectRow } from './bids.repository.ts';

type ListRow = Awaited<ReturnType<BidsRepository['page']>>['rows'][number];

/** A project as lists show it: nothing here moves when a bid arrives. */
export const projectVO = (r: ListRow | (ProjectRow & { institute_name: string; buyer_name: string | null })) => ({
  id: r.id,
  projectNo: r.project_no,
  title: r.title,
  instituteName: r.institute_name,
  buyerName: r.buyer_name,
  ceilingAmount: Number(r.ceiling_amount),
  deadline: r.deadline,
  state: r.state as BidState,
  stateText: BID_STATE_TEXT[r.state as BidState],
  round: r.round,
  inviteMode: r.invite_mode as 'invited' | 'all',
  publishedAt: r.published_at,
});

export const addressVO = (p: ProjectRow) => ({
  province: p.recv_province,
  city: p.recv_city,
  district: p.recv_district,
  detail: p.recv_detail,
  contact: p.recv_contact,
  phone: p.recv_phone,
});

export const lineVO = (l: Awaited<ReturnType<BidsRepository['lines']>>[number]) => ({
  id: l.id,
  lineNo: l.line_no,
  name: l.name,
  spec: l.spec,
  cas: l.cas,
  quantity: l.quantity,
  unit: l.unit,
});

export const logVO = (l: Awaited<ReturnType<BidsRepository['log']>>[number]) => ({
  action: l.action,
  actionText: BID_ACTION_TEXT[l.action] ?? l.action,
  actorName: l.actor_name,
  round: l.round,
  detail: l.detail,
  at: l.created_at,
});

/** Whether the current round's bids have been opened (the only time anyone but a bidder reads a bid). */
export const isOpened = (p: Pick<ProjectRow, 'opened_at'>) => p.opened_at !== null;

/**
 * The opening result of the project's current round: every bid with the verdict written at opening,
 * valid ones by rank, then the invalid ones. Only called once the round is opened.
 */
export async function resultOf(repo: BidsRepository, p: ProjectRow) {
  const offers = await repo.offers(p.id, p.round);
  const sorted = [...offers].sort(
    (a, b) =>
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      Number(a.total_amount) - Number(b.total_amount) ||
      a.submitted_at.localeCompare(b.submitted_at) ||
      a.id - b.id,
  );
  const lines = await repo.offerLines(offers.map((o) => o.id));
  return sorted.map((o) => ({
    bidId: o.id,
    rank: o.rank,
    supplierId: o.supplier_id,
    supplierName: o.supplier_name,
    totalAmount: Number(o.total_amount),
    deliveryDays: o.delivery_days,
    submittedAt: o.submitted_at,
    valid: o.rank !== null,
    invalidReason: o.invalid_reason,
    remark: o.remark,
    lines: lines.filter((l) => l.offer_id === o.id).map((l) => ({ lineId: l.line_id, unitPrice: Number(l.unit_price), amount: Number(l.amount) })),
  }));
}
