import { z } from 'zod';
import { BodyId } from '../identity/org.ts';
import { namedStatus, PageQuery } from '../platform/common.ts';
import { TaxRateSchema } from '../platform/tax.ts';
import { MAX_LEAD_DAYS } from './catalog-price-imports.ts';

/** 商品管理 (issue 10 §2): a supplier's own items, their shelf state, price and stock, deletion and restore. */

/** Deleted items come back within this many days (recoverDeletedItems). */
export const RESTORE_DAYS = 30;
/** The highest unit price an item may carry: ¥1,000,000.00, in fen. */
export const MAX_ITEM_PRICE_FEN = 100_000_000;
export const MAX_ITEM_STOCK = 1_000_000;
/**
 * 商品管理 counts a tab's or a search's items up to this many; beyond it the list answers cap + 1
 * ("10,000+"), so a supplier of 200,000 items gets each page without counting them all.
 */
export const SUPPLIER_ITEM_COUNT_CAP = 10_000;
/**
 * A keyword search counts up to this many ("1,000+"): a common word can match 20,000 of a supplier's
 * items, and PostgreSQL counts the matches by visiting their heap pages, so a smaller cap keeps the
 * worst search as quick as a page of the list.
 */
export const SUPPLIER_ITEM_SEARCH_COUNT_CAP = 1_000;

/** A unit price in fen, as every item form sends it. */
const ItemPrice = z
  .number({ error: '价格必须为数字（单位：分）' })
  .int('价格以分为单位，必须为整数')
  .min(1, '价格必须大于 0')
  .max(MAX_ITEM_PRICE_FEN, '单价最高 1,000,000.00 元');
const ItemStock = z.number({ error: '库存必须为整数' }).int('库存必须为整数').min(0, '库存不能小于 0').max(MAX_ITEM_STOCK, '库存最多 1,000,000');
/** The shape of a CAS number; its check digit is verified on the server (isValidCas). */
const CasNumber = z
  .string()
  .trim()
  .regex(/^\d{2,7}-\d{2}-\d$/, 'CAS 号格式不正确，应如 64-17-5');
const HazardList = z.array(z.enum(['dangerous', 'precursor', 'explosive', 'toxic'], { error: '危险品类别不正确' })).max(4);

export const SUPPLIER_ITEM_TABS = ['onShelf', 'offShelf', 'deleted'] as const;
export type SupplierItemTab = (typeof SUPPLIER_ITEM_TABS)[number];

export const SupplierItemQuery = PageQuery.extend({
  tab: z.enum(SUPPLIER_ITEM_TABS, { error: '列表类型不正确' }).default('onShelf'),
  /** name (Chinese or English), CAS or 货号 */
  keyword: z.string().trim().max(100).optional(),
}).strict();
export type SupplierItemQuery = z.infer<typeof SupplierItemQuery>;

export const SupplierItemVO = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  cas: z.string().nullable(),
  brand: z.string().nullable(),
  catalogNo: z.string().nullable(),
  spec: z.string(),
  grade: z.string().nullable(),
  /** VAT rate code ('13', '6', … '免税') */
  taxRate: z.string(),
  unit: z.string(),
  /** fen */
  price: z.number().int(),
  stock: z.number().int(),
  onShelf: z.boolean(),
  hazards: z.array(z.string()),
  sales: z.number().int(),
  /** optimistic lock: sent back with a price or stock change */
  version: z.number().int(),
  updatedAt: z.string(),
  /** set on the deleted tab */
  deletedAt: z.string().nullable(),
});
export type SupplierItemVO = z.infer<typeof SupplierItemVO>;

export const SupplierItemPage = z.object({
  records: z.array(SupplierItemVO),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  /** items per tab, for the tab labels; at most SUPPLIER_ITEM_COUNT_CAP + 1 (total: that, or SUPPLIER_ITEM_SEARCH_COUNT_CAP + 1 with a keyword) */
  counts: z.object({ onShelf: z.number().int(), offShelf: z.number().int(), deleted: z.number().int() }),
});
export type SupplierItemPage = z.infer<typeof SupplierItemPage>;

const ItemIds = z.array(BodyId, { error: '商品必须为 id 数组' }).min(1, '请至少选择一件商品').max(200, '一次最多处理 200 件商品');

export const ItemShelfBody = z.object({ ids: ItemIds, onShelf: z.boolean({ error: '请指明上架或下架' }) }).strict();
export const ItemIdsBody = z.object({ ids: ItemIds }).strict();

export const ItemPriceStockBody = z
  .object({
    id: BodyId,
    price: ItemPrice,
    stock: ItemStock,
    /** the version the editor saw: a change made meanwhile is not overwritten */
    version: z.number().int().positive(),
  })
  .strict();
export type ItemPriceStockBody = z.infer<typeof ItemPriceStockBody>;

/** isRestoreDeletedItems/{id} */
export const RestoreCheckVO = z.object({ restorable: z.boolean(), reason: z.string().nullable(), daysLeft: z.number().int() });
/** getRestoreDelItemsInfo/{id}: what a restore brings back */
export const RestoreInfoVO = z.object({
  item: SupplierItemVO,
  deletedAt: z.string().nullable(),
  restorable: z.boolean(),
  reason: z.string().nullable(),
  daysLeft: z.number().int(),
  /** the item comes back off the shelf: the supplier checks it before selling again */
  comesBackOnShelf: z.boolean(),
});

/** One product listed more than once by a supplier (same brand, 货号 and 规格). */
export const DuplicateGroupVO = z.object({ key: z.string(), items: z.array(SupplierItemVO) });

export const PriceHistoryVO = z.object({
  id: z.number().int(),
  oldPrice: z.number().int(),
  newPrice: z.number().int(),
  source: z.string(),
  changedBy: z.string(),
  createdAt: z.string(),
});

// ── new items through platform review (item_pre) ─────────────────────────

export const ITEM_PRE_STATUS = { PENDING: 0, APPROVED: 1, REFUSED: 2 } as const;
export const ITEM_PRE_STATUS_LABELS: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '未通过' };

/** A new item as the supplier proposes it; the platform checks it before it is sold. */
export const ItemProposalBody = z
  .object({
    name: z.string({ error: '请输入商品名称' }).trim().min(2, '商品名称至少 2 个字').max(100, '商品名称最多 100 个字'),
    nameEn: z.string().trim().max(200, '英文名称最多 200 个字符').optional(),
    cas: CasNumber.optional(),
    brandId: BodyId,
    catalogNo: z.string({ error: '请输入货号' }).trim().min(1, '请输入货号').max(40, '货号最多 40 个字符'),
    spec: z.string({ error: '请输入规格' }).trim().min(1, '请输入规格').max(40, '规格最多 40 个字符'),
    grade: z.string().trim().max(20).optional(),
    unit: z.string({ error: '请输入单位' }).trim().min(1, '请输入单位').max(8, '单位最多 8 个字'),
    categoryId: BodyId,
    price: ItemPrice,
    stock: ItemStock,
    /** 货期 in days (0 = 现货), as a price sheet may give it */
    leadDays: z.number().int().min(0).max(MAX_LEAD_DAYS).optional(),
    hazards: HazardList.default([]),
    /** VAT rate of the item (13% goods; 6% testing services …), copied onto order lines */
    taxRate: TaxRateSchema.optional(),
    /** the structure as SMILES, drawn into the item's picture on approval */
    smiles: z.string().trim().max(500, '结构式（SMILES）最多 500 个字符').optional(),
  })
  .strict();
export type ItemProposalBody = z.infer<typeof ItemProposalBody>;

export const ITEM_PRE_STATE_NAMES = { pending: 0, approved: 1, refused: 2 } as const;

export const ItemPreQuery = PageQuery.extend({
  status: namedStatus(ITEM_PRE_STATE_NAMES, 2).optional(),
  keyword: z.string().trim().max(100).optional(),
}).strict();

/**
 * A change to what a buyer relies on — the name, the CAS number, the regulated-chemical flags —
 * waits for the platform like a new item; the item sells unchanged meanwhile. The desired values
 * are sent whole (an omitted CAS means none).
 */
export const ItemChangeBody = z
  .object({
    itemId: BodyId,
    name: z.string({ error: '请输入商品名称' }).trim().min(2, '商品名称至少 2 个字').max(100, '商品名称最多 100 个字'),
    cas: CasNumber.optional(),
    hazards: HazardList,
    /** omitted: the rate stays */
    taxRate: TaxRateSchema.optional(),
  })
  .strict();
export type ItemChangeBody = z.infer<typeof ItemChangeBody>;

export const ItemPreVO = z.object({
  id: z.number().int(),
  /** a new item, or a change to an item on sale (itemId) */
  kind: z.enum(['new', 'change', 'price', 'sale']),
  /** for a change: what changes, e.g. 名称：甲 → 乙 */
  changes: z.string().nullable(),
  supplierName: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  cas: z.string().nullable(),
  brand: z.string(),
  catalogNo: z.string(),
  spec: z.string(),
  grade: z.string().nullable(),
  unit: z.string(),
  category: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  hazards: z.array(z.string()),
  status: z.number().int(),
  refuseReason: z.string().nullable(),
  /** the item made on approval */
  itemId: z.number().int().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ItemPreVO = z.infer<typeof ItemPreVO>;

export const ItemReviewBody = z
  .object({
    pass: z.boolean({ error: '请指明通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因最多 200 字').optional(),
  })
  .strict()
  .refine((b) => b.pass || (b.reason?.length ?? 0) >= 2, { message: '请填写驳回原因', path: ['reason'] });
export const ItemReviewBatchBody = z
  .object({
    ids: z.array(BodyId).min(1, '请至少选择一条').max(100, '一次最多审核 100 条'),
    pass: z.boolean({ error: '请指明通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因最多 200 字').optional(),
  })
  .strict()
  .refine((b) => b.pass || (b.reason?.length ?? 0) >= 2, { message: '请填写驳回原因', path: ['reason'] });

/** What a review request is, as the lists label it. */
export const ITEM_PRE_KIND_LABELS: Record<ItemPreVO['kind'], string> = { new: '新增', change: '修改', price: '改价', sale: '促销' };
export const ITEM_PRE_KIND_COLORS: Record<ItemPreVO['kind'], string> = { new: 'blue', change: 'purple', price: 'orange', sale: 'magenta' };

// ── sale campaigns (促销), reviewed by the platform before they show ─────────

/** A sale runs at most this many days. */
export const MAX_SALE_DAYS = 90;

export const SaleBody = z
  .object({
    itemId: BodyId,
    title: z.string({ error: '请输入活动名称' }).trim().min(2, '活动名称至少 2 个字').max(40, '活动名称最多 40 个字'),
    /** fen, below the item's price */
    salePrice: ItemPrice,
    startsAt: z.string({ error: '请选择开始日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
    endsAt: z.string({ error: '请选择结束日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
  })
  .strict()
  .refine((b) => b.endsAt >= b.startsAt, { message: '结束日期不能早于开始日期', path: ['endsAt'] });
export type SaleBody = z.infer<typeof SaleBody>;

export const SALE_STATES = ['pending', 'refused', 'scheduled', 'running', 'finished', 'ended'] as const;
export type SaleState = (typeof SALE_STATES)[number];
export const SALE_STATE_LABELS: Record<SaleState, string> = {
  pending: '待审核',
  refused: '未通过',
  scheduled: '未开始',
  running: '进行中',
  finished: '已结束',
  ended: '已提前结束',
};

export const SaleVO = z.object({
  /** the request (item_pre) */
  id: z.number().int(),
  /** the running sale once approved */
  saleId: z.number().int().nullable(),
  itemId: z.number().int(),
  itemName: z.string(),
  catalogNo: z.string().nullable(),
  title: z.string(),
  listPrice: z.number().int(),
  salePrice: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(SALE_STATES),
  refuseReason: z.string().nullable(),
  submittedAt: z.string(),
});
export type SaleVO = z.infer<typeof SaleVO>;
