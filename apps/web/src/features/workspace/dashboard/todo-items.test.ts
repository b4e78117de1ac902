import { describe, expect, it } from 'vitest';
import { isEmptyValue } from '../../../lib/clean-params.ts';
import { todoItems } from './todo-items.ts';

const none = {
  buyer: false,
  cardHolder: false,
  teamLeader: false,
  instituteOwner: false,
  checker: false,
  finance: false,
  supplier: false,
  supplierAfterSale: false,
  supplierReview: false,
  itemReview: false,
  contractReview: false,
  qualificationReview: false,
  shopReview: false,
};

describe('dashboard to-do tiles', () => {
  it('gives each role the lists it works on, each linking to the list filtered as counted', () => {
    const leader = todoItems({ ...none, buyer: true, teamLeader: true });
    expect(leader.map((i) => i.key)).toEqual(['team', 'claimTeam', 'approving', 'receiving']);
    expect(leader[0]).toMatchObject({ source: { path: '/mall/v1/order-caas/team/page', query: { tab: 'pending' } }, link: '/cass/order/approve?tab=team' });
    // claims waiting for the team leader, the institute and finance: the approval and finance pages' own lists
    expect(todoItems({ ...none, finance: true })[0]).toMatchObject({
      title: '待财务审核报销',
      source: { path: '/mall/v1/merge-reimbursement/page/waitApprove', query: { role: 'finance' } },
      link: '/cass/claim/merge',
    });
    expect(todoItems({ ...none, instituteOwner: true }).map((i) => i.key)).toEqual(['institute', 'claimInstitute']);
    expect(todoItems({ ...none, checker: true })[0]).toMatchObject({ title: '待验收', link: '/cass/order/check?tab=pending' });
    expect(todoItems({ ...none, supplier: true }).map((i) => i.title)).toEqual(['待确认', '待发货']);
    // a supplier account with 售后处理: the requests waiting for its answer, on the list filtered so
    expect(todoItems({ ...none, supplier: true, supplierAfterSale: true })[2]).toMatchObject({
      title: '待处理售后',
      source: { path: '/supplier/v1/afterSale/page', query: { status: 'requested' } },
      link: '/cassSupplier/afterSale?status=requested',
    });
    // a grant card's PI: the 他人代付 orders on their cards come first, on the approval page's own tab
    expect(todoItems({ ...none, cardHolder: true, teamLeader: true })[0]).toMatchObject({
      source: { path: '/mall/v1/order-caas/card/page', query: { tab: 'pending' } },
      link: '/cass/order/approve?tab=card',
    });
    expect(todoItems({ ...none, supplierReview: true })[0].link).toBe('/cass/system/supplierReview?tab=pending');
    // the platform's review queues: items, qualifications, contracts
    const admin = todoItems({ ...none, supplierReview: true, itemReview: true, contractReview: true, qualificationReview: true });
    expect(admin.map((i) => i.title)).toEqual(['待审核的供应商', '待审核的商品申请', '待审核的资质', '待签署的合同']);
    expect(admin[3]).toMatchObject({
      source: { path: '/supplier/v1/contract/plist', query: { status: 'pendingSign' } },
      link: '/cass/system/contractReview?tab=pendingSign',
    });
  });

  it('never counts with a filter the client would drop (docs/domains/platform.md#empty-query-values: 0 and "0" are empty), so a count never covers the whole list', () => {
    const all = todoItems(Object.fromEntries(Object.keys(none).map((k) => [k, true])) as typeof none);
    for (const item of all) for (const [key, value] of Object.entries(item.source.query ?? {})) expect(isEmptyValue(value), `${item.key} ${key}`).toBe(false);
  });

  it('asks nothing of a role the caller does not hold', () => {
    expect(todoItems(none)).toEqual([]);
  });
});
