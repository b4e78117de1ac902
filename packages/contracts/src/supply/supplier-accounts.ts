import { z } from 'zod';
import { BodyId, UserName } from '../identity/org.ts';
import { Email, namedStatus, PageQuery, Password, Phone } from '../platform/common.ts';

/**
 * 子账号管理 (docs/domains/supply.md#child-accounts; issue 10 §4): a supplier's main account opens child accounts for its
 * staff, gives each the supplier roles of its job, disables and re-enables them and resets their
 * password; never more than the supplier's child-account limit.
 */

export const ChildUserQuery = PageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  realName: z.string().trim().max(32).optional(),
  /** active (1) or disabled (0), by name */
  status: namedStatus({ active: 1, disabled: 0 }, 1).optional(),
}).strict();
export type ChildUserQuery = z.infer<typeof ChildUserQuery>;

export const SupplierRoleVO = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type SupplierRoleVO = z.infer<typeof SupplierRoleVO>;

export const ChildUserVO = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  /** 1 active, 0 disabled, 2 frozen (too many wrong passwords) */
  status: z.number().int(),
  /** the initial password has not been changed yet */
  mustChangePassword: z.boolean(),
  roles: z.array(SupplierRoleVO),
  createdAt: z.string(),
});
export type ChildUserVO = z.infer<typeof ChildUserVO>;

export const ChildUserPage = z.object({
  records: z.array(ChildUserVO),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  /** accounts counted against the limit: every child account that is not disabled */
  used: z.number().int(),
  limit: z.number().int(),
});
export type ChildUserPage = z.infer<typeof ChildUserPage>;

const RealName = z.string({ error: '姓名必须为文字' }).trim().min(1, '请输入姓名').max(32, '姓名最多 32 个字');
const RoleIds = z.array(BodyId, { error: '角色必须为 id 数组' }).min(1, '请至少选择一个角色').max(10, '最多选择 10 个角色');

export const ChildUserAddBody = z
  .object({
    userName: UserName,
    realName: RealName,
    phoneNum: Phone,
    email: Email.optional(),
    roleIds: RoleIds,
    /** the initial password, changed by the child account at its first login */
    password: Password,
  })
  .strict();
export type ChildUserAddBody = z.infer<typeof ChildUserAddBody>;

export const ChildUserUpdateBody = z.object({ id: BodyId, realName: RealName, phoneNum: Phone, email: Email.nullable().optional(), roleIds: RoleIds }).strict();
export type ChildUserUpdateBody = z.infer<typeof ChildUserUpdateBody>;

export const ChildUserPasswordBody = z.object({ id: BodyId, password: Password }).strict();
export type ChildUserPasswordBody = z.infer<typeof ChildUserPasswordBody>;

export const ChildUserIdBody = z.object({ id: BodyId }).strict();
