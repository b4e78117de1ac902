import { z } from 'zod';
import { Id, PageQuery } from '../platform/common.ts';
import { BodyId, OptQueryId, TextFilter } from './org.ts';

/** Data scope of a role, widest first (mirrors the server's SCOPES). */
export const DataScope = z.enum(['all', 'institute', 'dept', 'team', 'self'], { error: '数据范围只能为 all、institute、dept、team 或 self' });

/** 1 platform side (account types 0/1), 2 supplier side. */
export const Side = z.union([z.literal(1), z.literal(2)], { error: '端类型只能为 1 或 2' });
const QuerySide = z.coerce
  .number({ error: '端类型只能为 1 或 2' })
  .refine((v) => v === 1 || v === 2, '端类型只能为 1 或 2')
  .default(1);

// ── roles ──────────────────────────────────────────────────────────────────
export const RoleVO = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  dataScope: z.string(),
  side: z.number().int(),
  instituteId: z.number().int().nullable(),
  builtIn: z.boolean(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type RoleVO = z.infer<typeof RoleVO>;

export const RolePageQuery = PageQuery.extend({ name: TextFilter }).strict();

const RoleName = z.string({ error: '角色名称必须为文字' }).trim().min(1, '请输入角色名称').max(32, '角色名称最多 32 个字');
const RoleCode = z.string({ error: '角色编码必须为文字' }).regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, '角色编码为 2-32 位字母、数字或下划线，以字母开头');
const Remark = z.string({ error: '备注必须为文字' }).trim().max(200, '备注最多 200 个字');

export const RoleAddBody = z
  .object({
    name: RoleName,
    code: RoleCode,
    dataScope: DataScope,
    remark: Remark.optional(),
    /** platform admin only: the institute owning the role (others always create for their own institute) */
    instituteId: BodyId.optional(),
    /** platform admin only: supplier-side role */
    side: Side.optional(),
  })
  .strict();
export type RoleAddBody = z.infer<typeof RoleAddBody>;

export const RoleUpdateBody = z.object({ id: BodyId, name: RoleName, code: RoleCode, dataScope: DataScope, remark: Remark.optional() }).strict();
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;

export const SetUserRolesBody = z.object({ userId: BodyId, roleIds: z.array(BodyId, { error: '角色必须为 id 数组' }).max(50, '最多 50 个角色') }).strict();
export const UserRolesVO = z.object({ userId: z.number().int(), roleIds: z.array(z.number().int()) });

// ── resources ──────────────────────────────────────────────────────────────
export const ResourceType = z.enum(['menu', 'button', 'module', 'function'], { error: '资源类型只能为 menu、button、module 或 function' });

export const ResourceNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: z.string(),
  side: z.number().int(),
  path: z.string().nullable(),
  routeName: z.string().nullable(),
  component: z.string().nullable(),
  icon: z.string().nullable(),
  permCode: z.string().nullable(),
  sort: z.number().int(),
  get child() {
    return z.array(ResourceNode);
  },
});
export type ResourceNode = {
  id: number;
  parentId: number | null;
  name: string;
  type: string;
  side: number;
  path: string | null;
  routeName: string | null;
  component: string | null;
  icon: string | null;
  permCode: string | null;
  sort: number;
  child: ResourceNode[];
};

export const ResourceTreeQuery = z.object({ side: QuerySide, t: z.string().optional() }).strict();

const Opt = (max: number, label: string) =>
  z
    .string({ error: `${label}必须为文字` })
    .trim()
    .max(max, `${label}最多 ${max} 个字符`)
    .nullable()
    .optional();
const ResourceFields = {
  name: z.string({ error: '资源名称必须为文字' }).trim().min(1, '请输入资源名称').max(32, '资源名称最多 32 个字'),
  type: ResourceType,
  path: Opt(200, '路由地址'),
  routeName: Opt(64, '路由名称'),
  component: Opt(200, '组件'),
  icon: Opt(64, '图标'),
  permCode: z
    .string({ error: '权限标识必须为文字' })
    .regex(/^[a-z][a-z0-9-]*(:[A-Za-z0-9_-]+){1,4}$/, '权限标识格式如 uac:role:manage')
    .nullable()
    .optional(),
  sort: z.number({ error: '排序必须为整数' }).int('排序必须为整数').min(0, '排序不能为负数').max(99_999, '排序值过大').optional(),
};

export const ResourceAddBody = z.object({ parentId: BodyId.nullable().optional(), side: Side, ...ResourceFields }).strict();
export type ResourceAddBody = z.infer<typeof ResourceAddBody>;
/** PUT replaces the editable fields; an absent optional field is cleared. The side and the parent never change. */
export const ResourceUpdateBody = z.object({ id: BodyId, ...ResourceFields }).strict();
export type ResourceUpdateBody = z.infer<typeof ResourceUpdateBody>;

// ── authorities: a role's grants with the per-page flags (docs/domains/identity.md#permission-data) ──────
const LimitTab = z
  .string({ error: '页签必须为文字' })
  .max(200, '页签列表过长')
  .regex(/^[A-Za-z0-9_-]*(,[A-Za-z0-9_-]+)*$/, '页签为逗号分隔的标识');

export const AuthNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: z.string(),
  permCode: z.string().nullable(),
  checked: z.boolean(),
  /** whether the caller may grant this resource (they hold it themselves, or are platform admin) */
  grantable: z.boolean(),
  addJurisdiction: z.boolean(),
  modifyJurisdiction: z.boolean(),
  deleteJurisdiction: z.boolean(),
  exportJurisdiction: z.boolean(),
  limitTab: z.string(),
  get child() {
    return z.array(AuthNode);
  },
});
export type AuthNode = {
  id: number;
  parentId: number | null;
  name: string;
  type: string;
  permCode: string | null;
  checked: boolean;
  grantable: boolean;
  addJurisdiction: boolean;
  modifyJurisdiction: boolean;
  deleteJurisdiction: boolean;
  exportJurisdiction: boolean;
  limitTab: string;
  child: AuthNode[];
};

export const AuthQuery = z.object({ roleId: Id, t: z.string().optional() }).strict();

const Flag = z.boolean({ error: '权限标志必须为布尔值' }).default(false);
export const AuthorityInput = z
  .object({
    resourceId: BodyId,
    addJurisdiction: Flag,
    modifyJurisdiction: Flag,
    deleteJurisdiction: Flag,
    exportJurisdiction: Flag,
    limitTab: LimitTab.default(''),
  })
  .strict();
export type AuthorityInput = z.infer<typeof AuthorityInput>;
export const AuthSaveBody = z
  .object({ roleId: BodyId, authorities: z.array(AuthorityInput, { error: '授权列表必须为数组' }).max(1000, '授权条目过多') })
  .strict();

// ── platform readers: outbox and audit log ─────────────────────────────────
export const OutboxPageQuery = PageQuery.extend({ channel: TextFilter, recipient: TextFilter }).strict();
export const OutboxVO = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * The modules of the audit log: an action's first segment ('dept.add' → dept), with its Chinese
 * name for the filter and the export.
 */
export const AUDIT_MODULES = {
  user: '用户',
  dept: '部门',
  role: '角色',
  auth: '授权',
  resource: '资源',
  limit: '数量限制',
  supplier: '供应商',
  item: '商品',
  itemPre: '商品预审',
  priceImport: '价格导入',
  sale: '商品上下架',
  contract: '合同',
  qualification: '资质',
  shop: '店铺',
  deptDiscount: '部门折扣',
  deliveryFee: '运费模板',
  order: '订单',
  subOrder: '子订单',
  cart: '购物车',
  address: '收货地址',
  favorite: '收藏',
  claim: '报销',
  invoice: '发票',
  notice: '公告',
  pageConfig: '页面配置',
  help: '帮助中心',
  buyTip: '购买须知',
  expressChannel: '快递渠道',
  approvalFlow: '审批流程',
} as const;
export type AuditModule = keyof typeof AUDIT_MODULES;

/** The module of an audit action in Chinese ('dept.add' → 部门); an unnamed one shows its first segment. */
export function auditModuleName(action: string): string {
  const head = action.split('.')[0] ?? action;
  return Object.hasOwn(AUDIT_MODULES, head) ? AUDIT_MODULES[head as AuditModule] : head;
}

const AuditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .optional();
/**
 * The audit log's filters: `action` matches by prefix ('dept.' lists every department write),
 * `module` is an action's first segment, `userName` part of the actor's account name, and the
 * dates are Shanghai calendar days, both inclusive.
 */
export const AuditFilterQuery = z
  .object({
    action: TextFilter,
    userId: OptQueryId,
    userName: TextFilter,
    module: z
      .string()
      .refine((m) => Object.hasOwn(AUDIT_MODULES, m), '模块不存在')
      .optional(),
    dateFrom: AuditDay,
    dateTo: AuditDay,
    t: z.string().optional(),
  })
  .strict();
export type AuditFilter = Omit<z.infer<typeof AuditFilterQuery>, 't'>;
export const AuditPageQuery = PageQuery.extend(AuditFilterQuery.omit({ t: true }).shape).strict();
export const AuditVO = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
