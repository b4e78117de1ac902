import { z } from 'zod';
import { Email, PageQuery, Password, Phone } from '../platform/common.ts';

/** An id inside a JSON body: a real integer, never a string or boolean that happens to coerce. */
export const BodyId = z.number({ error: 'id 必须为整数' }).int('id 必须为整数').positive('id 必须为正整数');

/** An optional id in a query string; the client drops empty values, an empty string is tolerated as absent. */
export const OptQueryId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: 'id 必须为数字' }).int('id 必须为整数').positive('id 必须为正整数').optional(),
);

/** Optional free-text filter of a list: trimmed, blank means no filter. */
export const TextFilter = z
  .string()
  .trim()
  .max(64, '查询条件最多 64 个字')
  .optional()
  .transform((v) => (v ? v : undefined));

// ── departments ────────────────────────────────────────────────────────────
export const TeamVO = z.object({ id: z.number().int(), teamName: z.string(), leaderUserId: z.number().int().nullable() });

export const DeptNode = z.object({
  id: z.number().int(),
  deptName: z.string(),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
  teams: z.array(TeamVO),
  get child() {
    return z.array(DeptNode);
  },
});
export type DeptNode = {
  id: number;
  deptName: string;
  parentId: number | null;
  sort: number;
  teams: z.infer<typeof TeamVO>[];
  child: DeptNode[];
};

export const DeptTreeQuery = z.object({ instituteId: OptQueryId, t: z.string().optional() }).strict();

const DeptName = z.string({ error: '部门名称必须为文字' }).trim().min(1, '请输入部门名称').max(50, '部门名称最多 50 个字');
const Sort = z.number({ error: '排序必须为整数' }).int('排序必须为整数').min(0, '排序不能为负数').max(99_999, '排序值过大');

export const DeptAddBody = z.object({ parentId: BodyId, deptName: DeptName, sort: Sort.optional() }).strict();
export const DeptUpdateBody = z.object({ id: BodyId, deptName: DeptName, sort: Sort.optional() }).strict();
export const DeptVO = z.object({ id: z.number().int(), deptName: z.string(), parentId: z.number().int().nullable(), sort: z.number().int() });

/** delTip: what still hangs under a department (answered with code 10048 when anything does). */
export const DelTipData = z.object({ children: z.number().int(), members: z.number().int(), teams: z.number().int() });

// ── count limits (docs/domains/identity.md#count-limits: department count, institute user count) ─────
export const LimitQuery = z.object({ instituteId: OptQueryId, t: z.string().optional() }).strict();
export const LimitVO = z.object({ instituteId: z.number().int().nullable(), limit: z.number().int(), used: z.number().int() });
/** GET /uac/v1/limit/page: institutes (name contains) with their count limits. */
export const LimitPageQuery = PageQuery.extend({ name: TextFilter }).strict();
export const InstituteLimitVO = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  instituteCode: z.string(),
  deptLimit: z.number().int(),
  /** the institute's own value (false: the platform default applies) */
  deptOwn: z.boolean(),
  deptUsed: z.number().int(),
  userLimit: z.number().int(),
  userOwn: z.boolean(),
  userUsed: z.number().int(),
});
export type InstituteLimitVO = z.infer<typeof InstituteLimitVO>;
/** GET /uac/v1/limit/defaults */
export const LimitDefaultsVO = z.object({ deptCount: z.number().int(), instituteUserCount: z.number().int() });
export const LimitSetBody = z
  .object({
    instituteId: BodyId.optional(),
    limit: z.number({ error: '上限必须为整数' }).int('上限必须为整数').min(0, '上限不能为负数').max(1_000_000, '上限过大'),
  })
  .strict();

// ── users of the organisation (/uac/v1/caas-user admin calls) ──────────────
/** Login names: 4–32 letters, digits or underscores. */
export const UserName = z.string({ error: '用户名必须为文字' }).regex(/^[A-Za-z0-9_]{4,32}$/, '用户名为 4-32 位字母、数字或下划线');

export const UserPageQuery = PageQuery.extend({
  userName: TextFilter,
  realName: TextFilter,
  phoneNum: TextFilter,
  deptId: OptQueryId,
}).strict();

export const UserDeptVO = z.object({ id: z.number().int(), deptName: z.string(), teamId: z.number().int().nullable(), teamName: z.string().nullable() });
export const UserRoleVO = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const AdminUserVO = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  nick: z.string().nullable(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.number().int(),
  status: z.number().int(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  depts: z.array(UserDeptVO),
  roles: z.array(UserRoleVO),
  createdAt: z.string(),
});
export type AdminUserVO = z.infer<typeof AdminUserVO>;

export const AdminUserDetail = AdminUserVO.extend({
  defaultDept: z.number().int().nullable(),
  currentDept: z.number().int().nullable(),
  verification: z.number().int(),
  whetherForceModifyPassword: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const UserAddBody = z
  .object({
    userName: UserName,
    realName: z.string({ error: '姓名必须为文字' }).trim().min(1, '请输入姓名').max(32, '姓名最多 32 个字'),
    phoneNum: Phone,
    email: Email.optional(),
    deptIds: z.array(BodyId, { error: '部门必须为 id 数组' }).min(1, '请至少选择一个部门').max(20, '最多选择 20 个部门'),
    teamId: BodyId.optional(),
    roleIds: z.array(BodyId, { error: '角色必须为 id 数组' }).max(20, '最多选择 20 个角色').default([]),
    /** the initial password; the user must change it at first login */
    password: Password,
    /** 1 buyer (default); 0 platform administrator, only a platform admin may create one */
    accountType: z.union([z.literal(0), z.literal(1)], { error: '账号类型只能为 0 或 1' }).optional(),
  })
  .strict();
export type UserAddBody = z.infer<typeof UserAddBody>;

export const UserNameQuery = z.object({ userName: z.string({ error: '请输入用户名' }).max(64, '用户名过长'), t: z.string().optional() }).strict();
export const UserNameValid = z.object({ valid: z.boolean(), message: z.string() });
export const LoginUserNameValid = z.object({ valid: z.boolean() });
