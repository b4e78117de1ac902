import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/** Dictionaries (docs/domains/shared.md#dictionaries). */
const Code = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, '编码为 2–40 位小写字母、数字或下划线，以字母开头');
const Value = z.string().trim().min(1, '请填写字典值').max(40, '字典值最多 40 个字符');
const Label = z.string().trim().min(1, '请填写显示名称').max(60, '显示名称最多 60 个字符');
const Sort = z.number().int().min(0).max(9999);

export const DictItemVO = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
});
export type DictItemVO = z.infer<typeof DictItemVO>;
export const DictTypeVO = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  builtin: z.boolean(),
  items: z.array(DictItemVO),
  updatedAt: z.string(),
});
export type DictTypeVO = z.infer<typeof DictTypeVO>;
export const DictTypePage = pageOf(DictTypeVO);
export const DictQuery = PageQuery.extend({ keyword: z.string().trim().max(40).optional() }).strict();

export const DictAddBody = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('type'), code: Code, name: z.string().trim().min(1, '请填写名称').max(30), remark: z.string().trim().max(200).default('') })
    .strict(),
  z.object({ kind: z.literal('item'), typeId: Id, value: Value, label: Label, sort: Sort.default(0) }).strict(),
]);
export type DictAddBody = z.infer<typeof DictAddBody>;
export const DictUpdateBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('type'), id: Id, name: z.string().trim().min(1, '请填写名称').max(30), remark: z.string().trim().max(200).default('') }).strict(),
  z.object({ kind: z.literal('item'), id: Id, label: Label, sort: Sort, status: z.union([z.literal(0), z.literal(1)]) }).strict(),
]);
export type DictUpdateBody = z.infer<typeof DictUpdateBody>;
export const DictDeleteQuery = z.object({ kind: z.enum(['type', 'item']), id: Id }).strict();

/** One institute's view of one item: the global value with its override, or an institute-only item. */
export const DictConfigItemVO = z.object({
  itemId: z.number().int(),
  value: z.string(),
  /** the global label (or the institute item's own) */
  baseLabel: z.string(),
  label: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
  /** an item only this institute has */
  own: z.boolean(),
  overridden: z.boolean(),
});
export type DictConfigItemVO = z.infer<typeof DictConfigItemVO>;
export const DictConfigTypeVO = z.object({ typeId: z.number().int(), code: z.string(), name: z.string(), items: z.array(DictConfigItemVO) });
export type DictConfigTypeVO = z.infer<typeof DictConfigTypeVO>;

export const DictConfigInstituteVO = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  overrides: z.number().int(),
  ownItems: z.number().int(),
  updatedAt: z.string().nullable(),
});
export const DictConfigInstitutePage = pageOf(DictConfigInstituteVO);
export const DictConfigInstituteQuery = PageQuery.extend({ name: z.string().trim().max(40).optional() }).strict();

/** dict_config/add and update: hide, rename or reorder a global item for one institute (null label/sort: the global one). */
export const DictOverrideBody = z
  .object({
    instituteId: Id.optional(),
    itemId: Id,
    hidden: z.boolean().default(false),
    label: Label.nullable().default(null),
    sort: Sort.nullable().default(null),
  })
  .strict();
export type DictOverrideBody = z.infer<typeof DictOverrideBody>;
/** dict_config/addConfigInstitue: an item only this institute has. */
export const DictInstituteItemBody = z.object({ instituteId: Id.optional(), typeId: Id, value: Value, label: Label, sort: Sort.default(0) }).strict();
export type DictInstituteItemBody = z.infer<typeof DictInstituteItemBody>;

export const DictLogVO = z.object({
  id: z.number().int(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  userName: z.string(),
  action: z.string(),
  actionText: z.string(),
  typeCode: z.string(),
  itemValue: z.string().nullable(),
  detail: z.string(),
  createdAt: z.string(),
});
export const DictLogPage = pageOf(DictLogVO);
export const DictLogQuery = PageQuery.extend({
  instituteId: z.coerce.number().int().positive().optional(),
  typeCode: z.string().trim().max(40).optional(),
}).strict();
export const DICT_ACTION_TEXT: Record<string, string> = {
  'type.add': '新增字典类型',
  'type.update': '修改字典类型',
  'type.delete': '删除字典类型',
  'item.add': '新增字典项',
  'item.update': '修改字典项',
  'item.delete': '删除字典项',
  'override.save': '研究所调整字典项',
  'override.delete': '研究所恢复默认',
  'own.add': '新增本所字典项',
};

/** queryConfig: the caller's institute's effective dictionaries; `version` sent back unchanged means nothing changed. */
export const DictConfigQuery = z.object({ version: z.coerce.number().int().min(0).optional(), t: z.string().optional() }).strict();
export const DictEntry = z.object({ value: z.string(), label: z.string() });
export type DictEntry = z.infer<typeof DictEntry>;
export const DictConfigVO = z.object({
  version: z.number().int(),
  instituteId: z.number().int().nullable(),
  /** false: the client's version is current, `dicts` is empty */
  changed: z.boolean(),
  dicts: z.record(z.string(), z.array(DictEntry)),
});
export type DictConfigVO = z.infer<typeof DictConfigVO>;
export const OssConfigVO = z.object({
  store: z.string(),
  maxUploadMb: z.number().int(),
  signedUrlMinutes: z.number().int(),
});

/** The dictionary codes the product reads. */
export const DICT = {
  INVOICE_TYPE: 'invoice_type',
  TAX_RATE: 'tax_rate',
  INVOICE_TIME: 'invoice_time',
  PAY_TIME: 'pay_time',
  ORDER_FLAG: 'order_flag',
  WARNING_THRESHOLD: 'warning_threshold',
  QUALIFICATION_TYPE: 'qualification_type',
} as const;
