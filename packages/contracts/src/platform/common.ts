import { z } from 'zod';

/** Integer id in a path or query (ids are integers everywhere). */
export const Id = z.coerce.number({ error: 'id 必须为数字' }).int('id 必须为整数').positive('id 必须为正整数');
export const IdParams = z.object({ id: Id }).strict();
/** An id in a JSON body or a query string, for the paths docs/domains/platform.md#spec-paths names without an id segment. */
export const IdBody = z.object({ id: Id }).strict();
export const IdQuery = z.object({ id: Id, t: z.string().optional() }).strict();

export const PageQuery = z.object({
  current: z.coerce.number().int().min(1, '页码从 1 开始').default(1),
  size: z.coerce.number().int().min(1).max(999, '每页最多 999 条').default(10),
  /** random cache-buster the web client adds to every GET */
  t: z.string().optional(),
});

/** A page of a list answer; `pageOf(X)` is its schema, `Page<T>` its type (the same shape). */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), current: z.number().int(), size: z.number().int() });
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

export const Empty = z.object({}).strict();
export const Ok = envelope(z.null());

/** GETs carry the client's random `t`; nothing else is allowed unless a route says so. */
export const NoQuery = z.object({ t: z.string().optional() }).strict();

export const Phone = z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确');
export const Email = z.email('邮箱格式不正确');
/** 8–20 characters with letters and digits. */
export const Password = z
  .string()
  .min(8, '密码至少 8 位')
  .max(20, '密码最多 20 位')
  .regex(/[A-Za-z]/, '密码需包含字母')
  .regex(/\d/, '密码需包含数字');
export const SmsCode = z.string().regex(/^\d{6}$/, '验证码为 6 位数字');

/**
 * A status filter of a list query, by name or by code. docs/domains/platform.md#empty-query-values has the client drop empty query
 * values, the number 0 and the string '0' among them, so a state whose code is 0 (待审核, 停用) is
 * asked for by its name.
 */
export const namedStatus = (names: Record<string, number>, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && Object.hasOwn(names, v) ? names[v] : v),
    z.coerce.number({ error: '状态不正确' }).int('状态不正确').min(0, '状态不正确').max(max, '状态不正确'),
  );

/** Today (or `now`) in Asia/Shanghai as YYYY-MM-DD: validity dates of contracts, qualifications and 协议价 are calendar days there. */
export const shanghaiDate = (now: number | Date = Date.now()) =>
  new Date((typeof now === 'number' ? now : now.getTime()) + 8 * 3600_000).toISOString().slice(0, 10);
