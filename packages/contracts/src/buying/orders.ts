import { z } from 'zod';
import { PayStatusSchema } from '../finance/settlement.ts';
import { OrderBudgetVO } from '../ledgers/budget.ts';
import { Id, PageQuery, pageOf } from '../platform/common.ts';
import { FLOW_ROLES } from '../platform/permissions.ts';
import { APPROVAL_STEP_TEXT, type ApprovalStep, ORDER_STATUS_TEXT, type OrderStatus, SUB_STATUS_TEXT, type SubStatus } from './orders-status.ts';

const Reason = z.string().trim().min(2, '请填写原因（至少 2 个字）').max(500, '原因最多 500 字');
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const OrderListQuery = PageQuery.extend({
  tab: z.enum(['pending', 'handled', 'all']).default('all'),
  status: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, '状态格式不正确')
    .optional(),
  orderNo: z.string().trim().max(40).optional(),
  dateFrom: IsoDay.optional(),
  dateTo: IsoDay.optional(),
}).strict();

export const BatchDecisionBody = z.object({ ids: z.array(Id).min(1, '请选择订单').max(100, '一次最多处理 100 个订单') }).strict();
export const BatchRefuseBody = BatchDecisionBody.extend({ reason: Reason }).strict();
export const CancelOrderBody = z.object({ id: Id, reason: z.string().trim().max(500).optional() }).strict();
export const SubOrderBody = z.object({ subOrderId: Id }).strict();
/** Arrival / acceptance: optionally the storage location the goods are stocked into (库存). */
export const StockInBody = z.object({ subOrderId: Id, locationId: Id.optional() }).strict();
export const SubOrderReasonBody = z.object({ subOrderId: Id, reason: Reason }).strict();
export const StopOrderBody = z.object({ id: Id, reason: Reason }).strict();
export const StopReasonBody = z.object({ reason: Reason }).strict();
export const DeliverBody = z
  .object({
    subOrderId: Id,
    expressChannelId: Id,
    trackingNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, '快递单号为 6-40 位字母或数字'),
    /** omitted: ship everything still undelivered */
    lines: z
      .array(
        z
          .object({
            lineId: Id,
            quantity: z.number().int().min(1, '发货数量至少为 1'),
            /** the lot (批号) and expiry of what this shipment carries: they go onto the buyer's stock containers */
            lotNo: z.string().trim().max(40, '批号最多 40 字').optional(),
            expiresOn: IsoDay.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(200)
      .optional(),
  })
  .strict();
export type DeliverInput = z.infer<typeof DeliverBody>;
export const OrderFlagsBody = z.object({ subOrderId: Id, flags: z.array(z.string().trim().min(1).max(20)).max(10) }).strict();

const Switch = z.union([z.literal(0), z.literal(1)]);
const Threshold = z.number().int().min(0).max(1_000_000_000);

/**
 * An institute's approval flow: which steps apply, from which amount (fen; 0: always), and whether
 * acceptance is on. GET /mall/v1/approval/flow answers it (the default flow when the institute configured none).
 */
export const ApprovalFlow = z
  .object({
    teamEnabled: Switch,
    teamThreshold: Threshold,
    instituteEnabled: Switch,
    instituteThreshold: Threshold,
    checkerEnabled: Switch,
    /** hazardous goods always go to the institute step */
    hazardRequiresInstitute: Switch,
  })
  .strict();
export type ApprovalFlow = z.infer<typeof ApprovalFlow>;

/** GET /mall/v1/approval/flow?instituteId= */
export const ApprovalFlowQuery = z.object({ instituteId: Id, t: z.string().optional() }).strict();

/** GET /mall/v1/approval/flow/page: institutes (name contains) with their flows. */
export const ApprovalFlowPageQuery = PageQuery.extend({ name: z.string().trim().max(64, '查询条件最多 64 个字').optional() }).strict();
export const InstituteFlowVO = ApprovalFlow.extend({
  instituteId: z.number().int(),
  instituteName: z.string(),
  /** false: the institute saved none and the default flow applies */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type InstituteFlowVO = z.infer<typeof InstituteFlowVO>;

/** PUT /mall/v1/approval/flow */
export const FlowBody = ApprovalFlow.extend({ instituteId: Id }).strict();
export type FlowBody = z.infer<typeof FlowBody>;

export const FlowRoleQuery = z
  .object({
    role: z.enum(FLOW_ROLES, { error: '角色应为 team/institute/checker/finance' }),
    teamId: z.coerce.number().int().positive().optional(),
    instituteId: z.coerce.number().int().positive().optional(),
    userId: z.coerce.number().int().positive().optional(),
    t: z.string().optional(),
  })
  .strict();

export const ExpressChannelBody = z
  .object({
    id: Id.optional(),
    name: z.string().trim().min(2, '渠道名称为 2-30 个字').max(30, '渠道名称为 2-30 个字'),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{2,20}$/, '编码为 2-20 位字母、数字或下划线'),
    /** the tracking page; {com} is replaced by the code and {no} by the tracking number */
    trackingUrl: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]+$/, '查询地址须以 http(s):// 开头且不含空格')
      .max(300, '查询地址最多 300 个字符')
      .refine((u) => !/\{(?!com\}|no\})[^}]*\}/.test(u), '查询地址只能使用 {com}（渠道编码）与 {no}（运单号）两个占位符')
      .nullable()
      .default(null),
    status: z.union([z.literal(0), z.literal(1)], { error: '状态应为 0（停用）或 1（启用）' }).default(1),
    sort: z
      .number({ error: '排序应为 0-9999 的整数' })
      .int('排序应为 0-9999 的整数')
      .min(0, '排序应为 0-9999 的整数')
      .max(9999, '排序应为 0-9999 的整数')
      .default(0),
  })
  .strict();

export const MessageQuery = PageQuery.extend({ unread: z.enum(['true', 'false']).optional() }).strict();
export const MessageReadBody = z.object({ ids: z.array(Id).min(1).max(200) }).strict();

// ── answers ──────────────────────────────────────────────────────────────────
// Shapes of what the order routes answer (apps/server/src/modules/orders/order-queries.service.ts,
// express-channels.ts; modules/approvals, modules/messages).
// Money is integer fen; times are ISO instants (UTC).

const Int = z.number().int();
const keys = <K extends string>(table: Record<K, string>) => Object.keys(table) as [K, ...K[]];
export const OrderStatusKey = z.enum(keys<OrderStatus>(ORDER_STATUS_TEXT));
export const SubStatusKey = z.enum(keys<SubStatus>(SUB_STATUS_TEXT));

/** The lists of the buyer side (GET /mall/v1/order-caas/{role}/page, admin: /mall/v1/order-supplier/admin/all), each bound to the caller's scope. */
export const ORDER_LIST_ROLES = ['buyer', 'card', 'team', 'institute', 'checker', 'finance', 'admin'] as const;
export type OrderListRole = (typeof ORDER_LIST_ROLES)[number];

/** One line of a sub-order: the item's facts as ordered, and how much of it has shipped. */
export const OrderLine = z.object({
  id: Int,
  itemId: Int,
  name: z.string(),
  spec: z.string(),
  brand: z.string().nullable(),
  cas: z.string().nullable(),
  catalogNo: z.string().nullable(),
  grade: z.string().nullable(),
  unit: z.string(),
  unitPrice: Int,
  /** the list price when a 协议价 priced the line below it, else null */
  listPrice: Int.nullable(),
  /** 9.2折 / 协议价, else null */
  priceNote: z.string().nullable(),
  quantity: Int,
  deliveredQty: Int,
  amount: Int,
  hazards: z.array(z.string()),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** A supplier's part of an order, as the lists show it. */
export const SubOrderSummary = z.object({
  id: Int,
  subNo: z.string(),
  supplierId: Int,
  supplierName: z.string(),
  status: SubStatusKey,
  statusText: z.string(),
  totalAmount: Int,
});
export type SubOrderSummary = z.infer<typeof SubOrderSummary>;

/** The order itself (the part the lists and the detail share). */
export const OrderHead = z.object({
  id: Int,
  orderNo: z.string(),
  buyerId: Int,
  /** the assistant who placed it (代下单), else the buyer */
  placedById: Int,
  instituteId: Int.nullable(),
  deptId: Int.nullable(),
  teamId: Int.nullable(),
  status: OrderStatusKey,
  statusText: z.string(),
  goodsAmount: Int,
  deliveryFee: Int,
  totalAmount: Int,
  hasHazard: z.boolean(),
  /** why it was refused, cancelled or stopped */
  closeReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderHead = z.infer<typeof OrderHead>;

/** A row of the buyer-side order lists: approvers decide from it, so it says what was bought, by whom, for which team. */
export const OrderVO = OrderHead.extend({
  subOrders: z.array(SubOrderSummary),
  buyerName: z.string().nullable(),
  teamName: z.string().nullable(),
  /** the name of the order's first line; the list shows it with "等 N 种" when lineCount > 1 */
  firstItem: z.string().nullable(),
  lineCount: Int,
  /** the grant card charged: 本单占用 and 可用余额 for the approver (null: no card) */
  budget: OrderBudgetVO.nullable().optional(),
});
export type OrderVO = z.infer<typeof OrderVO>;
/** GET /mall/v1/order-caas/{buyer|team|institute|checker|finance}/page · /mall/v1/order-supplier/admin/all */
export const OrderPage = pageOf(OrderVO);

/** What one parcel carried: an order line of the sub-order and its quantity. */
export const DeliveryLineVO = z.object({ lineId: Int, quantity: Int });
export type DeliveryLineVO = z.infer<typeof DeliveryLineVO>;

export const DeliveryVO = z.object({
  id: Int,
  /** the express channel's name */
  channel: z.string(),
  trackingNo: z.string(),
  /** the channel's tracking page for this number (its address with {com} and {no} filled), null without one */
  trackingLink: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(DeliveryLineVO),
});
export type DeliveryVO = z.infer<typeof DeliveryVO>;

export const SubOrderDetail = SubOrderSummary.extend({
  goodsAmount: Int,
  deliveryFee: Int,
  /** the hazardous-goods surcharge inside deliveryFee, and the 运费模板 row applied ('' = none) */
  hazardFee: Int.optional(),
  deliveryRegion: z.string().optional(),
  remark: z.string().nullable(),
  /** why the supplier refused, the checker rejected or the buyer asked a refund */
  reason: z.string().nullable(),
  lines: z.array(OrderLine),
  deliveries: z.array(DeliveryVO),
  /** 未付款 / 付款中 / 部分付款 / 已付款, from the statement that settles it (PAY_STATUS_TEXT) */
  payStatus: PayStatusSchema.optional(),
  /** a complaint on it is open: its settlement and payment are on hold (投诉处理中) */
  complaintHold: z.boolean().optional(),
  /** fen refunded of it after delivery (after-sales returns and refunds) */
  refundedAmount: Int.optional(),
});
export type SubOrderDetail = z.infer<typeof SubOrderDetail>;

/** One row of an order's log. Order-level rows (subOrderId null) carry order states, the others sub-order states. */
export const OrderLogVO = z.object({
  id: Int,
  subOrderId: Int.nullable(),
  /** a key of ACTOR_TEXT */
  actor: z.string(),
  actorName: z.string().nullable(),
  /** a key of ACTION_TEXT */
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderLogVO = z.infer<typeof OrderLogVO>;
/** GET /supplier/v1/orderLog/listByOrderId/{id} */
export const OrderLogList = z.array(OrderLogVO);

export const ReceiverVO = z.object({
  contact: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
export type ReceiverVO = z.infer<typeof ReceiverVO>;

/** GET /mall/v1/order-detail/{id}: a supplier sees only its own sub-orders and their log rows. */
export const OrderDetail = OrderHead.extend({
  buyerName: z.string().nullable(),
  /** set only when an assistant placed the order for the buyer (代下单) */
  placedByName: z.string().nullable(),
  instituteName: z.string().nullable(),
  deptName: z.string().nullable(),
  teamName: z.string().nullable(),
  approvalSteps: z.array(z.object({ step: z.enum(keys<ApprovalStep>(APPROVAL_STEP_TEXT)), name: z.string() })),
  receiver: ReceiverVO,
  subOrders: z.array(SubOrderDetail),
  logs: z.array(OrderLogVO),
  /** the grant card charged (课题经费卡): 本单占用 and 可用余额 for the approver; null when the order has no card */
  budget: OrderBudgetVO.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** A supplier's sub-order as its list answers it. */
export const SupplierSubOrder = z.object({
  id: Int,
  /** the order it belongs to: the supplier reaches the detail, log and delivery notes through it */
  orderId: Int,
  subNo: z.string(),
  orderNo: z.string(),
  status: SubStatusKey,
  statusText: z.string(),
  goodsAmount: Int,
  deliveryFee: Int,
  totalAmount: Int,
  remark: z.string().nullable(),
  flags: z.array(z.string()),
  createdAt: z.string(),
  receiver: z.object({ contact: z.string(), phone: z.string(), address: z.string() }),
  lines: z.array(OrderLine),
});
export type SupplierSubOrder = z.infer<typeof SupplierSubOrder>;
/** GET /supplier/v1/order/page */
/** …plus the amount (fen) of every sub-order the filter matches, not only the page's: the dashboard's monthly figure. */
export const SupplierOrderPage = pageOf(SupplierSubOrder).extend({ totalAmount: Int });

/** One order's outcome in a batch decision. */
export const BatchResult = z.object({ id: Int, ok: z.boolean(), message: z.string() });
export type BatchResult = z.infer<typeof BatchResult>;
/** POST /mall/v1/order-caas/{team|institute}/{pass|refuse} */
export const BatchResults = z.array(BatchResult);

/** GET /mall/v1/expChannel/list (the enabled ones; every one for whoever manages them). */
export const ExpressChannel = z.object({
  id: Int,
  name: z.string(),
  code: z.string(),
  /** where a tracking number can be looked up */
  trackingUrl: z.string().nullable(),
  status: Int,
  sort: Int,
});
export type ExpressChannel = z.infer<typeof ExpressChannel>;
export const ExpressChannelList = z.array(ExpressChannel);

/** Someone who may act for a step of the approval chain (GET /uac/v1/caas-user/queryUserByRoleAndDept). */
export const FlowActor = z.object({ id: Int, realName: z.string().nullable(), userName: z.string() });
export type FlowActor = z.infer<typeof FlowActor>;
export const FlowActorList = z.array(FlowActor);
/** GET /uac/v1/caas-user/canUserInFlowByRoleAndDept · canUserInFlowByRoleAndInstitute */
export const CanActVO = z.object({ can: z.boolean() });

/** An in-app message. */
export const UserMessage = z.object({
  id: Int,
  title: z.string(),
  content: z.string(),
  /** a web path to open, if any */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type UserMessage = z.infer<typeof UserMessage>;
/** GET /mall/v1/message/page */
export const MessagePage = pageOf(UserMessage);

/** The filters of an order list as a client sends them (an export takes the same, without paging). Dates are Shanghai calendar days. */
export type OrderFilter = Partial<Pick<z.infer<typeof OrderListQuery>, 'tab' | 'status' | 'orderNo' | 'dateFrom' | 'dateTo'>>;
/** An order list's query as a client sends it: the filters and the page. */
export type OrderListParams = OrderFilter & Pick<z.infer<typeof OrderListQuery>, 'current' | 'size'>;

/** 采购单位: institute / department / team, the parts the order has. */
export function buyingUnit(o: { instituteName: string | null; deptName: string | null; teamName: string | null }): string {
  return [o.instituteName, o.deptName, o.teamName].filter(Boolean).join(' / ');
}

/** The receiver as one line: province, city (when it differs), district and detail. */
export function receiverAddress(r: ReceiverVO): string {
  return `${r.province}${r.city === r.province ? '' : r.city}${r.district} ${r.detail}`;
}
