import { ORDER_PERMS } from '../../buying/orders-permissions.ts';

/**
 * The buying context's named permissions: the mall, orders, bids, technical services and
 * after-sales. platform/permissions.ts composes every context's into Perm.
 */
export const BUYING_PERMS = {
  // buying/orders: the four the web's route table loads on their own (buying/orders-permissions.ts)
  ...ORDER_PERMS,
  // buying/after-sales
  /** 售后申请 (the buyer's after-sales requests on its own orders) */
  AFTER_SALE: 'mall:afterSale:apply',
  /** 售后处理 on the supplier side */
  SUPPLIER_AFTER_SALE: 'supplier:afterSale:handle',
  // buying/bids
  /** 招标采购: publish bid requests, see the opening result, award (buyers; the institute and the platform see their scope) */
  BID_MANAGE: 'mall:bid:manage',
  /** 投标 on the supplier side: see open projects, submit and revise a sealed bid */
  SUPPLIER_BID: 'supplier:bid',
  // buying/comments
  /** 我的评价 */
  COMMENT: 'mall:comment:apply',
  /** 评价管理 (the platform admin hides and shows comments) */
  COMMENT_MODERATE: 'mall:comment:moderate',
  /** 评价回复 on the supplier side */
  SUPPLIER_COMMENT: 'supplier:comment:reply',
  // buying/complaints
  /** 我的投诉 */
  COMPLAINT: 'mall:complaint:apply',
  /** 投诉处理 (the platform admin) */
  COMPLAINT_HANDLE: 'mall:complaint:handle',
  /** 投诉回复 on the supplier side */
  SUPPLIER_COMPLAINT: 'supplier:complaint:reply',
  // buying/mall
  ADDRESS: 'mall:address',
  FAVORITE: 'mall:favorite',
  BUY_TIP_MANAGE: 'mall:buyTip:manage',
  // buying/orders
  EXPRESS_MANAGE: 'mall:expChannel:manage',
  SUPPLIER_DELIVER: 'supplier:order:deliver',
  // buying/tech-services
  /** 技术服务: browse the service items and request one (buyers) */
  TECH_REQUEST: 'mall:techService:request',
  /** 技术服务委托: the requests of the caller, the teams they lead, or their institute (owner, finance) */
  TECH_VIEW: 'mall:techService:view',
  /** the supplier's 服务项目 */
  SUPPLIER_TS_ITEM: 'supplier:ts:item',
  /** the supplier's 服务委托: quote, refuse, start, deliver the report */
  SUPPLIER_TS_REQUEST: 'supplier:ts:request',
} as const;
