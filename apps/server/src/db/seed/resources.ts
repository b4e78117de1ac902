import * as buying from './resources/buying.ts';
import * as finance from './resources/finance.ts';
import * as identity from './resources/identity.ts';
import * as ledgers from './resources/ledgers.ts';
import * as oversight from './resources/oversight.ts';
import type { ResourceSeed } from './resources/resource-seed.ts';
import * as shared from './resources/shared.ts';
import * as site from './resources/site.ts';
import * as supply from './resources/supply.ts';
import * as workspace from './resources/workspace.ts';

export { ROLES, type RoleSeed } from './resources/built-in-roles.ts';
export type { ResourceSeed } from './resources/resource-seed.ts';

/**
 * The built-in resource catalogue, composed from each context's pages (resources/<context>.ts) and
 * the menus several contexts share (采购管理, 报销管理, 系统管理), which are declared here. The order
 * is the seed's: a resource's id and sort follow its place, so a new page is appended to its menu
 * (or a new menu to its side) and nothing already listed moves. The built-in roles' grants are in
 * resources/built-in-roles.ts.
 */
export const RESOURCES: ResourceSeed[] = [
  workspace.dashboard,
  {
    key: 'purchase',
    name: '采购管理',
    type: 'menu',
    side: 1,
    icon: 'ShoppingCartOutlined',
    children: [
      buying.myOrder,
      buying.approveOrder,
      buying.checkOrder,
      buying.instituteOrder,
      buying.address,
      buying.favorites,
      buying.bidProjects,
      oversight.exportRecords,
      buying.afterSale,
      buying.myComplaint,
      buying.myComment,
    ],
  },
  {
    key: 'claim',
    name: '报销管理',
    type: 'menu',
    side: 1,
    icon: 'AccountBookOutlined',
    children: [finance.myClaim, finance.mergeClaim, finance.approveClaim, ledgers.grantCards, finance.allClaims],
  },
  buying.techService,
  finance.settlement,
  ledgers.inventory,
  ledgers.statistics,
  oversight.warning,
  {
    key: 'system',
    name: '系统管理',
    type: 'menu',
    side: 1,
    icon: 'SettingOutlined',
    children: [
      identity.user,
      identity.role,
      identity.resource,
      identity.dept,
      identity.limit,
      supply.supplierReview,
      supply.itemReview,
      supply.contractReview,
      supply.qualificationReview,
      supply.shopReview,
      buying.complaintHandle,
      buying.commentManage,
      site.notice,
      site.pageConfig,
      buying.expChannel,
      shared.approvalFlow,
      buying.allOrders,
      oversight.allExports,
      oversight.orderImport,
      buying.buyTip,
      site.operationManual,
      site.helpManage,
      identity.ssoConfig,
      supply.externalInterface,
      identity.apiClient,
      supply.interfaceData,
      site.outbox,
      site.audit,
      shared.dicts,
      shared.dictConfig,
      identity.userInfoReview,
      identity.userNameReview,
      site.appConfig,
    ],
  },
  identity.personal,
  workspace.supplierDashboard,
  supply.supplierItem,
  buying.supplierOrder,
  buying.supplierAfterSale,
  buying.supplierComplaint,
  buying.supplierComment,
  supply.supplierChild,
  supply.supplierContract,
  supply.supplierQualification,
  supply.supplierDeliveryFee,
  supply.supplierDiscount,
  supply.supplierInterface,
  supply.supplierShop,
  finance.supplierInvoice,
  finance.supplierClaim,
  finance.supplierStatement,
  buying.supplierTsItem,
  buying.supplierTsRequest,
  buying.supplierBid,
  oversight.supplierExport,
];
