import { z } from 'zod';
import { Id, PageQuery } from './common.ts';

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
      .array(z.object({ lineId: Id, quantity: z.number().int().min(1, '发货数量至少为 1') }).strict())
      .min(1)
      .max(200)
      .optional(),
  })
  .strict();
export const OrderFlagsBody = z.object({ subOrderId: Id, flags: z.array(z.string().trim().min(1).max(20)).max(10) }).strict();

export const FlowBody = z
  .object({
    instituteId: Id,
    team_enabled: z.union([z.literal(0), z.literal(1)]),
    team_threshold: z.number().int().min(0).max(1_000_000_000),
    institute_enabled: z.union([z.literal(0), z.literal(1)]),
    institute_threshold: z.number().int().min(0).max(1_000_000_000),
    checker_enabled: z.union([z.literal(0), z.literal(1)]),
    hazard_requires_institute: z.union([z.literal(0), z.literal(1)]),
  })
  .strict();

export const FlowRoleQuery = z
  .object({
    role: z.enum(['team', 'institute', 'checker', 'finance'], { error: '角色应为 team/institute/checker/finance' }),
    teamId: z.coerce.number().int().positive().optional(),
    instituteId: z.coerce.number().int().positive().optional(),
    userId: z.coerce.number().int().positive().optional(),
    t: z.string().optional(),
  })
  .strict();

export const ExpressChannelBody = z
  .object({
    id: Id.optional(),
    name: z.string().trim().min(2).max(30),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{2,20}$/, '编码为 2-20 位字母、数字或下划线'),
    trackingUrl: z
      .string()
      .trim()
      .regex(/^https?:\/\//, '查询地址须以 http(s):// 开头')
      .max(300)
      .nullable()
      .default(null),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();

export const MessageQuery = PageQuery.extend({ unread: z.enum(['true', 'false']).optional() }).strict();
export const MessageReadBody = z.object({ ids: z.array(Id).min(1).max(200) }).strict();
