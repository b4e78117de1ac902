import { z } from 'zod';
import { BodyId } from '../identity/org.ts';
import { namedStatus, PageQuery } from '../platform/common.ts';

/**
 * 店铺管理 (issue 10 §4): a supplier's shop profile, sections (栏目), banners and shop notices
 * (店铺公告), each reviewed by the platform before buyers see it. A thing's shown (approved)
 * version stays in its columns while an edit waits as a pending version beside it.
 */

export const SHOP_CONTENT_KINDS = ['profile', 'section', 'banner', 'notice'] as const;
export type ShopContentKind = (typeof SHOP_CONTENT_KINDS)[number];
export const SHOP_CONTENT_KIND_LABEL: Record<ShopContentKind, string> = { profile: '店铺信息', section: '栏目', banner: '横幅', notice: '公告' };

/** The review state of a thing's latest submission; codes start at 1 so none is dropped from a query. */
export const SHOP_REVIEW = { PENDING: 1, APPROVED: 2, REFUSED: 3, WITHDRAWN: 4 } as const;
export const SHOP_REVIEW_LABEL: Record<number, string> = { 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' };
const ShopReviewStatus = namedStatus({ pending: 1, approved: 2, refused: 3, withdrawn: 4 }, 4);

/** 'YYYY-MM-DD HH:mm:ss', Beijing time, as every window is stored and compared. */
export const ShanghaiDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, '时间格式应为 YYYY-MM-DD HH:mm:ss');

/**
 * A banner's link: a path inside this site ('/platform/…', not '//host') or an https address.
 * Anything else (javascript:, http:, data:, a protocol-relative '//host') is refused.
 */
export function isSafeShopLink(s: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\s\\\u0000-\u001f]/.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  if (!/^https:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}
const ShopLink = z.string().trim().max(500, '链接最多 500 个字符').refine(isSafeShopLink, '链接只能是本站内的相对路径（以 / 开头）或 https 地址');

/** A window: both ends optional; when both are given the end comes after the start. */
const windowed = <T extends { startAt?: string | null; endAt?: string | null }>(s: z.ZodType<T>) =>
  s.refine((b) => !b.startAt || !b.endAt || b.endAt > b.startAt, { message: '结束时间须晚于开始时间', path: ['endAt'] });
const Window = { startAt: ShanghaiDateTime.nullable().optional(), endAt: ShanghaiDateTime.nullable().optional() };
const Sort = z.number({ error: '排序必须为整数' }).int('排序必须为整数').min(0, '排序不能小于 0').max(9999, '排序最大 9999').default(0);
const FileId = z.number({ error: '请上传图片' }).int().positive('请上传图片');

export const ShopProfileBody = z
  .object({
    name: z.string().trim().min(2, '店铺名称至少 2 个字').max(40, '店铺名称最多 40 个字'),
    intro: z.string().trim().max(500, '店铺简介最多 500 字').nullable().optional(),
    logoFileId: FileId.nullable().optional(),
  })
  .strict();
export type ShopProfileBody = z.infer<typeof ShopProfileBody>;

export const ShopSectionBody = windowed(
  z
    .object({
      id: BodyId.optional(),
      name: z.string().trim().min(1, '请填写栏目名称').max(20, '栏目名称最多 20 个字'),
      sort: Sort,
      ...Window,
    })
    .strict(),
);
export type ShopSectionBody = z.infer<typeof ShopSectionBody>;

export const ShopBannerBody = windowed(
  z
    .object({
      id: BodyId.optional(),
      title: z.string().trim().min(1, '请填写横幅标题').max(40, '横幅标题最多 40 个字'),
      imageFileId: FileId,
      linkUrl: ShopLink.nullable().optional(),
      sort: Sort,
      ...Window,
    })
    .strict(),
);
export type ShopBannerBody = z.infer<typeof ShopBannerBody>;

export const ShopNoticeBody = windowed(
  z
    .object({
      id: BodyId.optional(),
      title: z.string().trim().min(2, '公告标题至少 2 个字').max(60, '公告标题最多 60 个字'),
      /** HTML, sanitised on the server */
      content: z.string().min(1, '请填写公告内容').max(50_000, '公告内容过长'),
      ...Window,
    })
    .strict(),
);
export type ShopNoticeBody = z.infer<typeof ShopNoticeBody>;

export const ShopContentKindParams = z.object({ kind: z.enum(['section', 'banner', 'notice'], { error: '内容类型不正确' }) }).strict();
export const ShopContentRef = z.object({ kind: z.enum(SHOP_CONTENT_KINDS, { error: '内容类型不正确' }), id: BodyId }).strict();
export const ShopContentIdsBody = z.object({ ids: z.array(BodyId).min(1, '请至少选择一条').max(100, '一次最多 100 条') }).strict();
export const ShopSectionItemsBody = z
  .object({
    /** null takes the items out of any section */
    sectionId: BodyId.nullable(),
    itemIds: z.array(BodyId).min(1, '请至少选择一个商品').max(500, '一次最多 500 个商品'),
  })
  .strict();

export const ShopContentQuery = PageQuery.extend({ status: ShopReviewStatus.optional() }).strict();

/** A reviewable thing as the supplier sees it: what shows now, and what waits for review. */
const Review = {
  id: z.number().int(),
  status: z.number().int(),
  refuseReason: z.string().nullable(),
  /** buyers see the approved version */
  live: z.boolean(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
};
export const ShopProfileVO = z.object({
  ...Review,
  name: z.string(),
  intro: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  pending: z.object({ name: z.string(), intro: z.string().nullable(), logoFileId: z.number().int().nullable(), logoUrl: z.string().nullable() }).nullable(),
});
const SectionFields = { name: z.string(), sort: z.number().int(), startAt: z.string().nullable(), endAt: z.string().nullable() };
export const ShopSectionVO = z.object({ ...Review, ...SectionFields, itemCount: z.number().int(), pending: z.object(SectionFields).nullable() });
const BannerFields = {
  title: z.string(),
  imageFileId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  sort: z.number().int(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
};
export const ShopBannerVO = z.object({ ...Review, ...BannerFields, pending: z.object(BannerFields).nullable() });
const NoticeFields = { title: z.string(), content: z.string(), startAt: z.string().nullable(), endAt: z.string().nullable() };
export const ShopNoticeVO = z.object({ ...Review, ...NoticeFields, pending: z.object(NoticeFields).nullable() });
export type ShopProfileVO = z.infer<typeof ShopProfileVO>;
export type ShopSectionVO = z.infer<typeof ShopSectionVO>;
export type ShopBannerVO = z.infer<typeof ShopBannerVO>;
export type ShopNoticeVO = z.infer<typeof ShopNoticeVO>;

/** The platform's queue: one row per pending submission of any kind, with what it would show. */
export const ShopReviewQuery = PageQuery.extend({
  kind: z.enum(SHOP_CONTENT_KINDS, { error: '内容类型不正确' }).optional(),
  supplierName: z.string().trim().max(50).optional(),
}).strict();
export const ShopReviewVO = z.object({
  kind: z.enum(SHOP_CONTENT_KINDS),
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  shopName: z.string(),
  /** a first version (nothing shows yet) or a change to what shows */
  isNew: z.boolean(),
  title: z.string(),
  /** profile intro, notice HTML (sanitised), section window… as the reviewer needs it */
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** the version that shows now, for a change */
  current: z.object({ title: z.string(), content: z.string().nullable(), imageUrl: z.string().nullable() }).nullable(),
  submittedAt: z.string(),
});
export type ShopReviewVO = z.infer<typeof ShopReviewVO>;
export const ShopReviewBatchBody = z
  .object({
    items: z.array(ShopContentRef).min(1, '请至少选择一条').max(100, '一次最多审核 100 条'),
    pass: z.boolean({ error: '请指明通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因最多 200 字').optional(),
  })
  .strict()
  .refine((b) => b.pass || (b.reason?.length ?? 0) >= 2, { message: '请填写驳回原因', path: ['reason'] });

/** What the buyer's shop page shows besides sections and banners. */
export const ShopNoticeShown = z.object({ id: z.number().int(), title: z.string(), content: z.string(), startAt: z.string().nullable() });
