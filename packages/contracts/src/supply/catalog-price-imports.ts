import { z } from 'zod';
import { PageQuery } from '../platform/common.ts';

/**
 * Excel price imports of the supplier portal (issue 10 §2): upload → every row checked → preview →
 * confirm within an hour → applied all or nothing; every import is a record that can be rolled back.
 */

/** A sheet waits this long for confirmation; after it, it must be uploaded again. */
export const PRICE_IMPORT_CONFIRM_MINUTES = 60;
/** Most data rows in one sheet. */
export const PRICE_IMPORT_MAX_ROWS = 20_000;
/** A price moving more than this share up or down waits for the platform's review. */
export const PRICE_REVIEW_THRESHOLD = 0.3;
/** the warning_threshold dictionary item (percent) the threshold is read from; PRICE_REVIEW_THRESHOLD is its seed and fallback */
export const PRICE_REVIEW_DICT_KEY = 'priceReviewPercent';
/** Most days a 货期 may say. */
export const MAX_LEAD_DAYS = 365;

/**
 * The template's columns, in order. For an item the supplier already sells, 商品名称 and CAS 号 are
 * for reference and not read (a name or CAS change goes through platform review, itemPre/change).
 * A row matching none of the supplier's items proposes a new one (新增) when it carries 商品名称,
 * 单位 and 分类 (CAS optional): confirmed, it waits for the platform's review like 新增商品.
 */
export const PRICE_SHEET_HEADERS = {
  catalogNo: '货号',
  brand: '品牌',
  spec: '规格',
  name: '商品名称（新增商品必填）',
  cas: 'CAS号（新增商品选填）',
  price: '单价（元）',
  stock: '库存',
  lead: '货期（天，0为现货）',
  unit: '单位（新增商品必填）',
  category: '分类（新增商品必填，末级分类或路径）',
} as const;

export const PRICE_IMPORT_STATUSES = ['validating', 'validated', 'applied', 'expired', 'cancelled', 'rolledBack', 'rollback'] as const;
export type PriceImportStatus = (typeof PRICE_IMPORT_STATUSES)[number];
export const PRICE_IMPORT_STATUS_LABELS: Record<PriceImportStatus, string> = {
  validating: '校验中',
  validated: '待确认',
  applied: '已生效',
  expired: '已过期',
  cancelled: '已放弃',
  rolledBack: '已撤销',
  rollback: '撤销记录',
};

export const PRICE_ROW_CHANGES = ['new', 'up', 'down', 'same', 'error'] as const;
export type PriceRowChange = (typeof PRICE_ROW_CHANGES)[number];
export const PRICE_ROW_CHANGE_LABELS: Record<PriceRowChange, string> = { new: '新增', up: '涨价', down: '降价', same: '价格不变', error: '有错误' };

export const PriceImportVO = z.object({
  id: z.number().int(),
  status: z.enum(PRICE_IMPORT_STATUSES),
  fileName: z.string(),
  totalRows: z.number().int(),
  errorRows: z.number().int(),
  upRows: z.number().int(),
  downRows: z.number().int(),
  sameRows: z.number().int(),
  /** rows proposing a new item: on confirmation each waits for the platform's review (商品审核) */
  newRows: z.number().int(),
  /** price changes beyond ±30%, sent to platform review on confirmation instead of applied */
  flaggedRows: z.number().int(),
  /** for a rollback record: the import it undid */
  rollbackOf: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** confirm before this */
  expiresAt: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  /** this import may be rolled back now (the latest applied one, nothing changed since) */
  canRollback: z.boolean(),
});
export type PriceImportVO = z.infer<typeof PriceImportVO>;

export const PriceImportQuery = PageQuery.extend({}).strict();

/** itemCache/plist: the rows of an import, filtered by kind of change. */
export const PriceRowQuery = PageQuery.extend({
  importId: z.coerce.number({ error: '请指定导入记录' }).int().positive('请指定导入记录'),
  change: z.enum(PRICE_ROW_CHANGES, { error: '变动类型不正确' }).optional(),
  flagged: z.enum(['true', 'false']).optional(),
}).strict();
export type PriceRowQuery = z.infer<typeof PriceRowQuery>;

export const PriceRowVO = z.object({
  id: z.number().int(),
  rowNo: z.number().int(),
  itemId: z.number().int().nullable(),
  catalogNo: z.string(),
  brand: z.string(),
  spec: z.string(),
  itemName: z.string().nullable(),
  /** fen */
  oldPrice: z.number().int().nullable(),
  newPrice: z.number().int().nullable(),
  oldStock: z.number().int().nullable(),
  newStock: z.number().int().nullable(),
  oldLead: z.number().int().nullable(),
  newLead: z.number().int().nullable(),
  change: z.enum(PRICE_ROW_CHANGES),
  flagged: z.boolean(),
  error: z.string().nullable(),
  /** a 新增 row: the proposed item's CAS, unit and category path; once confirmed, its review */
  newItem: z
    .object({
      cas: z.string().nullable(),
      unit: z.string(),
      category: z.string(),
      /** the item_pre review made on confirmation, and its status (0 待审核, 1 已通过, 2 未通过) */
      proposalId: z.number().int().nullable(),
      proposalStatus: z.number().int().nullable(),
    })
    .nullable(),
});
export type PriceRowVO = z.infer<typeof PriceRowVO>;
