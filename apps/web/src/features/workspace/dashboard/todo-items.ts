import type { TodoSource } from './api/todo-api.ts';
import type { OrderRoles } from './todo-roles.ts';

/** A tile of the dashboard: what is waiting, how many (from `source`), and the list that shows them. */
export interface TodoItem {
  key: string;
  title: string;
  /** 单 for orders, 家 for suppliers, 条 / 份 for requests and documents */
  unit?: string;
  source: TodoSource;
  /** the list, opened on the tab or filter the count was taken with */
  link: string;
}

const PENDING = { tab: 'pending' };

/** What each role of the caller has to do; one tile per list, in the order a day's work runs. */
export function todoItems(r: OrderRoles): TodoItem[] {
  const items: TodoItem[] = [];
  if (r.cardHolder)
    items.push({
      key: 'card',
      title: '待同意的他人代付',
      source: { path: '/mall/v1/order-caas/card/page', query: PENDING },
      link: '/cass/order/approve?tab=card',
    });
  if (r.teamLeader)
    items.push({
      key: 'team',
      title: '待审批（课题组长）',
      source: { path: '/mall/v1/order-caas/team/page', query: PENDING },
      link: '/cass/order/approve?tab=team',
    });
  if (r.instituteOwner)
    items.push({
      key: 'institute',
      title: '待审批（研究所）',
      source: { path: '/mall/v1/order-caas/institute/page', query: PENDING },
      link: '/cass/order/approve?tab=institute',
    });
  if (r.checker)
    items.push({
      key: 'checker',
      title: '待验收',
      source: { path: '/mall/v1/order-caas/checker/page', query: PENDING },
      link: '/cass/order/check?tab=pending',
    });
  // claims waiting for me: the same list the approval and finance pages show (own claims left out)
  if (r.teamLeader)
    items.push({
      key: 'claimTeam',
      unit: '张',
      title: '待审批报销（课题组长）',
      source: { path: '/mall/v1/merge-reimbursement/page/waitApprove', query: { role: 'team' } },
      link: '/cass/claim/approve?tab=team',
    });
  if (r.instituteOwner)
    items.push({
      key: 'claimInstitute',
      unit: '张',
      title: '待审批报销（研究所）',
      source: { path: '/mall/v1/merge-reimbursement/page/waitApprove', query: { role: 'institute' } },
      link: '/cass/claim/approve?tab=institute',
    });
  if (r.finance)
    items.push({
      key: 'claimFinance',
      unit: '张',
      title: '待财务审核报销',
      source: { path: '/mall/v1/merge-reimbursement/page/waitApprove', query: { role: 'finance' } },
      link: '/cass/claim/merge',
    });
  if (r.buyer) {
    items.push(
      {
        key: 'approving',
        title: '审批中的订单',
        source: { path: '/mall/v1/order-caas/buyer/page', query: { status: 'pending_card,pending_team,pending_institute' } },
        link: '/cass/order/myOrder?tab=approving',
      },
      {
        key: 'receiving',
        title: '待收货（履约中）',
        source: { path: '/mall/v1/order-caas/buyer/page', query: { status: 'approved' } },
        link: '/cass/order/myOrder?tab=fulfilling',
      },
    );
  }
  if (r.supplierReview)
    items.push({
      key: 'suppliers',
      unit: '家',
      title: '待审核的供应商',
      source: { path: '/supplier/v1/suser/review/page', query: { status: 'pending' } },
      link: '/cass/system/supplierReview?tab=pending',
    });
  if (r.itemReview)
    items.push({
      key: 'items',
      unit: '条',
      title: '待审核的商品申请',
      source: { path: '/supplier/v1/itemPre/review/page', query: { status: 'pending' } },
      link: '/cass/system/itemReview?tab=pending',
    });
  if (r.qualificationReview)
    items.push({
      key: 'qualifications',
      unit: '份',
      title: '待审核的资质',
      source: { path: '/supplier/v1/qualification/review/plist', query: { status: 'pending' } },
      link: '/cass/system/qualificationReview?tab=pending',
    });
  if (r.contractReview)
    items.push({
      key: 'contracts',
      unit: '份',
      title: '待签署的合同',
      source: { path: '/supplier/v1/contract/plist', query: { status: 'pendingSign' } },
      link: '/cass/system/contractReview?tab=pendingSign',
    });
  if (r.shopReview)
    items.push({
      key: 'shopContent',
      unit: '条',
      title: '待审核的店铺内容',
      // the review queue lists only what waits for a decision
      source: { path: '/mall/v1/shopReview/plist', query: {} },
      link: '/cass/system/shopReview',
    });
  if (r.supplier) {
    items.push(
      {
        key: 'to_confirm',
        title: '待确认',
        source: { path: '/supplier/v1/order/page', query: { status: 'to_confirm' } },
        link: '/cassSupplier/order?tab=to_confirm',
      },
      {
        key: 'to_deliver',
        title: '待发货',
        source: { path: '/supplier/v1/order/page', query: { status: 'to_deliver' } },
        link: '/cassSupplier/order?tab=to_deliver',
      },
    );
  }
  // a buyer's return or refund request waits for the supplier's answer (售后服务 › 售后处理)
  if (r.supplierAfterSale)
    items.push({
      key: 'after_sale',
      unit: '条',
      title: '待处理售后',
      source: { path: '/supplier/v1/afterSale/page', query: { status: 'requested' } },
      link: '/cassSupplier/afterSale?status=requested',
    });
  return items;
}
