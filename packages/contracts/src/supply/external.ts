import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 外部接口 (docs/domains/supply.md#external-interfaces): the registry of outbound lookups the item pages use, each
 * with its URL, method and a timeout of at most 1000 ms, guarded by a circuit breaker; per-day call
 * counts and a call log (latency, status, error) kept 90 days.
 */
export const EXTERNAL_KIND_TEXT = { item: '商品数据', dilution: '稀释方案', snippet: '摘要片段', picture: '图片数据' } as const;
export type ExternalKind = keyof typeof EXTERNAL_KIND_TEXT;
export const EXTERNAL_KINDS = Object.keys(EXTERNAL_KIND_TEXT) as [ExternalKind, ...ExternalKind[]];

/** docs/domains/supply.md#external-interfaces: an external lookup never waits longer than this. */
export const EXTERNAL_TIMEOUT_MS = 1000;
/** What a page shows when a lookup failed, timed out or its breaker is open. */
export const EXTERNAL_UNAVAILABLE = '外部服务暂不可用';
/** Call log rows are kept this many days (a nightly job deletes older ones). */
export const EXTERNAL_LOG_DAYS = 90;

export const OUTCOME_TEXT = { ok: '成功', error: '失败', timeout: '超时', open: '熔断' } as const;
export type ExternalOutcome = keyof typeof OUTCOME_TEXT;
export const BREAKER_TEXT = { closed: '正常', open: '熔断中', halfOpen: '试探中' } as const;
export type BreakerState = keyof typeof BREAKER_TEXT;

export const ExternalInterfaceBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_-]{1,31}$/, '接口代码为 2-32 位小写字母、数字、下划线或短横线，以字母开头'),
    name: z.string().trim().min(2, '接口名称至少 2 个字').max(40, '接口名称最多 40 字'),
    kind: z.enum(EXTERNAL_KINDS, { error: '接口类型不正确' }),
    /** {id} is replaced by the looked-up id (URL-encoded) */
    url: z
      .string()
      .trim()
      .max(300, '地址最多 300 字')
      .regex(/^https?:\/\/[^\s/?#]+\S*$/, '地址应以 http:// 或 https:// 开头且不含空格')
      .refine((u) => u.includes('{id}'), '地址中须包含 {id}（查询的编号）'),
    method: z.enum(['GET', 'POST']).default('GET'),
    timeoutMs: z.coerce
      .number()
      .int('超时应为整数毫秒')
      .min(100, '超时至少 100 毫秒')
      .max(EXTERNAL_TIMEOUT_MS, `超时不能超过 ${EXTERNAL_TIMEOUT_MS} 毫秒`)
      .default(EXTERNAL_TIMEOUT_MS),
    enabled: z.boolean().default(true),
    remark: z.string().trim().max(200, '备注最多 200 字').nullable().default(null),
  })
  .strict();
export type ExternalInterfaceBody = z.infer<typeof ExternalInterfaceBody>;
export const ExternalInterfaceModifyBody = ExternalInterfaceBody.extend({ id: Id }).strict();

export const ExternalInterfaceQuery = PageQuery.extend({
  name: z.string().trim().max(40).optional(),
  kind: z.enum(EXTERNAL_KINDS).optional(),
}).strict();

export const ExternalInterfaceVO = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(EXTERNAL_KINDS),
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  timeoutMs: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** the breaker as this process sees it */
  breaker: z.enum(['closed', 'open', 'halfOpen']),
  todayCalls: z.number().int(),
  todayFailures: z.number().int(),
  updatedAt: z.string(),
});
export type ExternalInterfaceVO = z.infer<typeof ExternalInterfaceVO>;
export const ExternalInterfacePage = pageOf(ExternalInterfaceVO);

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
export const ExternalCountQuery = PageQuery.extend({ interfaceId: Id.optional(), from: Day.optional(), to: Day.optional() }).strict();
export const ExternalCountVO = z.object({
  interfaceId: z.number().int(),
  name: z.string(),
  day: z.string(),
  calls: z.number().int(),
  failures: z.number().int(),
  avgLatencyMs: z.number().int(),
});
export type ExternalCountVO = z.infer<typeof ExternalCountVO>;
export const ExternalCountPage = pageOf(ExternalCountVO);
/** getServeCountALl: every interface's totals over the kept period and today. */
export const ServeCountAllVO = z.object({
  interfaceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(EXTERNAL_KINDS),
  calls: z.number().int(),
  failures: z.number().int(),
  avgLatencyMs: z.number().int(),
  todayCalls: z.number().int(),
  todayFailures: z.number().int(),
});
export type ServeCountAllVO = z.infer<typeof ServeCountAllVO>;

export const ExternalServeLogQuery = PageQuery.extend({
  interfaceId: Id.optional(),
  outcome: z.enum(['ok', 'error', 'timeout', 'open']).optional(),
  from: Day.optional(),
  to: Day.optional(),
}).strict();
export const ExternalServeLogVO = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  target: z.string(),
  outcome: z.enum(['ok', 'error', 'timeout', 'open']),
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
  calledAt: z.string(),
});
export type ExternalServeLogVO = z.infer<typeof ExternalServeLogVO>;
export const ExternalServeLogPage = pageOf(ExternalServeLogVO);

/** The four id lookups: an item's external data by kind. */
export const ExternalLookupQuery = z
  .object({
    kind: z.enum(EXTERNAL_KINDS, { error: '接口类型不正确' }),
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,40}$/, '编号格式不正确'),
    t: z.string().optional(),
  })
  .strict();
export const ExternalLookupVO = z.object({
  /** false: nothing configured for this kind (the page shows nothing) */
  configured: z.boolean(),
  available: z.boolean(),
  /** EXTERNAL_UNAVAILABLE when the lookup failed */
  message: z.string().nullable(),
  source: z.string().nullable(),
  /** the answer's fields as label → text (at most 30, each at most 500 characters) */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ExternalLookupVO = z.infer<typeof ExternalLookupVO>;
