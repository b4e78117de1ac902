import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

// ── constants ──────────────────────────────────────────────────────────────
/** Grades as stored on items (the grade filter takes one of these) with their usual abbreviations. */
export const GRADES = ['分析纯', '优级纯', '色谱纯', '化学纯', '基准试剂', '生化试剂', '电子级', '98%', '99%'] as const;
export const GRADE_ABBR: Record<string, string> = {
  分析纯: 'AR',
  优级纯: 'GR',
  色谱纯: 'HPLC',
  化学纯: 'CP',
  基准试剂: 'PT',
  生化试剂: 'BR',
  电子级: 'EL',
};

export const HAZARDS = ['dangerous', 'precursor', 'explosive', 'toxic'] as const;
export type Hazard = (typeof HAZARDS)[number];
export const HAZARD_LABELS: Record<Hazard, string> = {
  dangerous: '危险化学品',
  precursor: '易制毒',
  explosive: '易制爆',
  toxic: '剧毒',
};

export const ITEM_REMOVED_MESSAGE = '商品已下架或不存在';
export const SHOP_CLOSED_MESSAGE = '店铺已关闭';

// ── query helpers ──────────────────────────────────────────────────────────
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const OptInt = (min: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label}必须为数字` })
      .int(`${label}必须为整数`)
      .min(min, `${label}不能小于 ${min}`)
      .optional(),
  );
const OptId = z.preprocess(blankToUndefined, Id.optional());
const OptBool = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false', '1', '0'], { error: '取值须为 true 或 false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);
/** brandId=1&brandId=2 or brandId=1,2 */
const IdList = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter((x) => x !== '');
  return parts.length ? parts : undefined;
}, z.array(Id).max(20, '品牌最多选择 20 个').optional());

// ── search ─────────────────────────────────────────────────────────────────
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'sales'] as const;

export const SearchQuery = PageQuery.extend({
  q: z.string().trim().max(100, '搜索词最多 100 个字').optional(),
  categoryId: OptId,
  brandId: IdList,
  supplierId: OptId,
  priceMin: OptInt(0, '最低价'),
  priceMax: OptInt(0, '最高价'),
  grade: z.preprocess(blankToUndefined, z.string().trim().max(20, '等级最多 20 个字').optional()),
  inStock: OptBool,
  sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS, { error: '排序方式不正确' }).default('relevance')),
  size: z.coerce.number().int().min(1).max(100, '每页最多 100 条').default(20),
})
  .strict()
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: '最低价不能高于最高价',
    path: ['priceMin'],
  });
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchItemVO = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  cas: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brand: z.string().nullable(),
  catalogNo: z.string().nullable(),
  spec: z.string(),
  grade: z.string().nullable(),
  unit: z.string(),
  /** what the caller pays, fen: the list price, or their 协议价 or a 促销 price below it */
  price: z.number().int(),
  /** the list price, fen; the result shows it struck through where `price` differs */
  listPrice: z.number().int(),
  /** 九二折 / 协议价 / 促销价 when `price` is not the list price, else null */
  priceNote: z.string().nullable(),
  stock: z.number().int(),
  sales: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  hazards: z.array(z.enum(HAZARDS)),
  image: z.string().nullable(),
  /** name, HTML-escaped, with the matched words in <em>…</em> */
  highlight: z.string(),
});

const FacetCount = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export const SearchFacets = z.object({
  brands: z.array(FacetCount),
  categories: z.array(FacetCount),
  suppliers: z.array(FacetCount),
  grades: z.array(z.object({ grade: z.string(), count: z.number().int() })),
});

export const SearchResult = pageOf(SearchItemVO).extend({
  /** false when the query matches more items than one search evaluates (total is then that window, 3,000: show "3000+") */
  totalExact: z.boolean(),
  facets: SearchFacets,
  /** how q was matched: full text, exact CAS number, exact catalog number, or no q at all */
  matchedBy: z.enum(['text', 'cas', 'catalogNo', 'none']),
});

export const SuggestQuery = z
  .object({
    q: z.string().trim().max(50, '搜索词最多 50 个字').default(''),
    t: z.string().optional(),
  })
  .strict();

// ── item detail ────────────────────────────────────────────────────────────
export const ItemDetailVO = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  cas: z.string().nullable(),
  brand: z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable() }).nullable(),
  catalogNo: z.string().nullable(),
  spec: z.string(),
  packAmount: z.number().nullable(),
  packUnit: z.string().nullable(),
  grade: z.string().nullable(),
  unit: z.string(),
  price: z.number().int(),
  /** the list price; below it `price` is the caller's 协议价 */
  listPrice: z.number().int(),
  /** 9.2折 / 协议价 when a rule of the caller's institute or department applies, else null */
  priceNote: z.string().nullable(),
  stock: z.number().int(),
  sales: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string(), path: z.array(z.object({ id: z.number().int(), name: z.string() })) }).nullable(),
  images: z.array(z.string()),
  hazards: z.array(z.enum(HAZARDS)),
  /** provinces the supplier delivers this item to; empty means everywhere */
  supplyAreas: z.array(z.string()),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  version: z.number().int(),
});

export const SameProductOfferVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  spec: z.string(),
  packAmount: z.number().nullable(),
  packUnit: z.string().nullable(),
  unit: z.string(),
  price: z.number().int(),
  /** fen per pack unit (price / packAmount, 4 decimals) so different pack sizes compare; null without a pack size */
  unitPrice: z.number().nullable(),
  stock: z.number().int(),
  /** the item the page shows */
  current: z.boolean(),
});
export const SameProductVO = z.object({ productKey: z.string(), offers: z.array(SameProductOfferVO) });

// ── brands, categories, shops, home ────────────────────────────────────────
export const BrandVO = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  country: z.string().nullable(),
  intro: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  recommended: z.boolean(),
});
export const BrandListQuery = z.object({ recommended: OptBool, t: z.string().optional() }).strict();

export type CategoryNode = { id: number; name: string; level: number; children: CategoryNode[] };
export const CategoryNode: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  get children() {
    return z.array(CategoryNode);
  },
});

export const ShopDetailVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  name: z.string(),
  intro: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  supplierName: z.string(),
  sections: z.array(z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() })),
  banners: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      imageFileId: z.number().int().nullable(),
      imageUrl: z.string().nullable(),
      linkUrl: z.string().nullable(),
      sort: z.number().int(),
    }),
  ),
  logoUrl: z.string().nullable(),
  /** 店铺公告: approved and in their window; content is sanitised HTML */
  notices: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string(), startAt: z.string().nullable() })),
});
export const ShopParams = z.object({ supplierId: Id }).strict();
export const ShopItemsQuery = PageQuery.extend({
  supplierId: Id,
  sectionId: OptId,
  size: z.coerce.number().int().min(1).max(100, '每页最多 100 条').default(20),
}).strict();
export const ShopItemsResult = pageOf(SearchItemVO);

export const HomeRecommendVO = z.object({
  items: z.array(SearchItemVO),
  brandZones: z.array(z.object({ brand: BrandVO, items: z.array(SearchItemVO) })),
});
