import { ORDER_PERMS } from '../buying/orders-permissions.ts';

/**
 * Named permissions and built-in role codes, one table for the server (route access, seeds) and
 * the web (route guards, buttons). A permission is held through a role's grant of the resource
 * carrying it (apps/server/src/db/seed/resources.ts).
 */
export const Perm = {
  ...ORDER_PERMS,
  USER_VIEW: 'uac:user:view',
  USER_MANAGE: 'uac:user:manage',
  ROLE_MANAGE: 'uac:role:manage',
  RESOURCE_MANAGE: 'uac:resource:manage',
  DEPT_MANAGE: 'uac:dept:manage',
  LIMIT_MANAGE: 'uac:limit:manage',
  OUTBOX_VIEW: 'uac:outbox:view',
  AUDIT_VIEW: 'uac:audit:view',
  SUPPLIER_REVIEW: 'uac:supplier:review',
  ITEM_REVIEW: 'mall:item:review',
  NOTICE_MANAGE: 'content:notice:manage',
  PAGE_CONFIG_MANAGE: 'content:page:manage',
  HELP_MANAGE: 'content:help:manage',
  /** 操作手册: manuals per role, their versions and publication (the platform admin) */
  MANUAL_MANAGE: 'content:manual:manage',
  ADDRESS: 'mall:address',
  FAVORITE: 'mall:favorite',
  BUY_TIP_MANAGE: 'mall:buyTip:manage',
  EXPRESS_MANAGE: 'mall:expChannel:manage',
  APPROVAL_MANAGE: 'mall:approval:manage',
  CLAIM_APPLY: 'mall:claim:apply',
  CLAIM_FINANCE: 'mall:claim:finance',
  CLAIM_APPROVE: 'mall:claim:approve',
  CLAIM_ADMIN: 'mall:claim:admin',
  STATISTICS_VIEW: 'mq:statistics:view',
  SUPPLIER_DELIVER: 'supplier:order:deliver',
  SUPPLIER_ITEM_EDIT: 'supplier:item:edit',
  SUPPLIER_CHILD_MANAGE: 'supplier:child:manage',
  SUPPLIER_CONTRACT: 'supplier:contract:manage',
  CONTRACT_REVIEW: 'uac:contract:review',
  SUPPLIER_QUALIFICATION: 'supplier:qualification:manage',
  SUPPLIER_DELIVERY_FEE: 'supplier:deliveryFee:manage',
  SUPPLIER_DISCOUNT: 'supplier:discount:manage',
  QUALIFICATION_REVIEW: 'uac:qualification:review',
  SUPPLIER_SHOP_MANAGE: 'supplier:shop:manage',
  SHOP_REVIEW: 'mall:shop:review',
  SUPPLIER_INVOICE: 'supplier:invoice:manage',
  /** 对账结算: statements, payments, checkRule (institute finance for its institute; the platform admin for all) */
  SETTLE_FINANCE: 'mall:settle:finance',
  /** 结算管理: the platform admin's settlement overview page */
  SETTLE_ADMIN: 'mall:settle:admin',
  /** 对账单 on the supplier side: see, confirm, dispute */
  SUPPLIER_STATEMENT: 'supplier:statement',
  GRANT_CARD: 'mall:grantCard:manage',
  /** 导出记录 (the buyer side's own asynchronous exports; the institute's for owner and finance) */
  EXPORT_RECORD: 'mall:export:record',
  /** 技术服务: browse the service items and request one (buyers) */
  TECH_REQUEST: 'mall:techService:request',
  /** 技术服务委托: the requests of the caller, the teams they lead, or their institute (owner, finance) */
  TECH_VIEW: 'mall:techService:view',
  /** the supplier's 服务项目 */
  SUPPLIER_TS_ITEM: 'supplier:ts:item',
  /** the supplier's 服务委托: quote, refuse, start, deliver the report */
  SUPPLIER_TS_REQUEST: 'supplier:ts:request',
  /** 字典管理: the global dictionary types and items (platform) */
  DICT_MANAGE: 'uac:dict:manage',
  /** 研究所字典配置: an institute's overrides and own items (platform: any institute; institute owner: its own) */
  DICT_CONFIG: 'uac:dictConfig:manage',
  /** 用户信息审核 (platform: all; institute owner: its own institute's users) */
  USER_INFO_REVIEW: 'uac:userInfo:review',
  /** 用户名审核 and the admin's direct rename */
  USER_NAME_REVIEW: 'uac:userName:review',
  /** App 页面配置 and App 版本配置 (platform: any institute and the default; institute owner: its own) */
  APP_CONFIG_MANAGE: 'content:app:manage',
  /** 预警管理: the warnings in the caller's data scope (acknowledge, resolve, snooze) */
  WARNING_VIEW: 'mall:warning:view',
  /** 预警规则: the institute's rule thresholds (the institute owner; the platform admin for any institute) */
  WARNING_RULE: 'mall:warning:rule',
  /** 库存台账: the containers of the caller's scope, their ledger, 领用, labels and slips */
  INVENTORY: 'mall:inventory:view',
  /** 库存盘点 and 存放位置: stocktakes with adjustments, storage locations */
  INVENTORY_MANAGE: 'mall:inventory:manage',
  /** 单点登录: the institutes' CAS servers and the partner systems users are handed to */
  SSO_MANAGE: 'uac:sso:manage',
  /** 外部接口: the registry of outbound lookups, their counts and call log */
  EXTERNAL_INTERFACE_MANAGE: 'interface:external:manage',
  /** 接口客户端: API credentials issued to other systems */
  API_CLIENT_MANAGE: 'uac:apiClient:manage',
  /** 接口数据 (/interface/v1 Excel families): the platform all, an institute's owner its institute's relations, discounts and activities */
  INTERFACE_EXCEL: 'interface:excel:manage',
  /** 接口数据 on the supplier side: its own contacts, relations, sales activities and discounts */
  SUPPLIER_INTERFACE_EXCEL: 'supplier:interface:excel',
  /** 招标采购: publish bid requests, see the opening result, award (buyers; the institute and the platform see their scope) */
  BID_MANAGE: 'mall:bid:manage',
  /** 投标 on the supplier side: see open projects, submit and revise a sealed bid */
  SUPPLIER_BID: 'supplier:bid',
  /** 售后申请 (the buyer's after-sales requests on its own orders) */
  AFTER_SALE: 'mall:afterSale:apply',
  /** 我的投诉 */
  COMPLAINT: 'mall:complaint:apply',
  /** 我的评价 */
  COMMENT: 'mall:comment:apply',
  /** 投诉处理 (the platform admin) */
  COMPLAINT_HANDLE: 'mall:complaint:handle',
  /** 评价管理 (the platform admin hides and shows comments) */
  COMMENT_MODERATE: 'mall:comment:moderate',
  /** 售后处理 on the supplier side */
  SUPPLIER_AFTER_SALE: 'supplier:afterSale:handle',
  /** 投诉回复 on the supplier side */
  SUPPLIER_COMPLAINT: 'supplier:complaint:reply',
  /** 评价回复 on the supplier side */
  SUPPLIER_COMMENT: 'supplier:comment:reply',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];

/** Codes of the seeded roles; code is how the server recognises a built-in role (the approval chain, 代下单). */
export const BUILTIN_ROLE = {
  PLATFORM_ADMIN: 'platform_admin',
  BUYER: 'buyer',
  TEAM_LEADER: 'team_leader',
  INSTITUTE_OWNER: 'institute_owner',
  CHECKER: 'checker',
  FINANCE: 'finance',
  ASSISTANT: 'assistant',
  SUPPLIER_ADMIN: 'supplier_admin',
  SUPPLIER_STAFF: 'supplier_staff',
} as const;
export type BuiltinRoleCode = (typeof BUILTIN_ROLE)[keyof typeof BUILTIN_ROLE];

/** The steps of the approval chain and the built-in role that binds a user to each. */
export const FLOW_ROLES = ['team', 'institute', 'checker', 'finance'] as const;
export type FlowRole = (typeof FLOW_ROLES)[number];
export const FLOW_ROLE_CODE: Record<FlowRole, BuiltinRoleCode> = {
  team: BUILTIN_ROLE.TEAM_LEADER,
  institute: BUILTIN_ROLE.INSTITUTE_OWNER,
  checker: BUILTIN_ROLE.CHECKER,
  finance: BUILTIN_ROLE.FINANCE,
};
