import { z } from 'zod';
import { Id, namedStatus, PageQuery } from '../platform/common.ts';

export const NoticeType = { PUBLIC: 1, BUYER: 2, SUPPLIER: 3 } as const;
export const NoticeStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;

export const NoticeVO = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  top: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  /** null: a platform notice; set: one institute's (issue 13 §5) */
  instituteId: z.number().int().nullable().optional(),
  instituteName: z.string().nullable().optional(),
  /** the publish window: visible from publishAt (null: from publication) until withdrawAt (null: no end) */
  publishAt: z.string().nullable().optional(),
  withdrawAt: z.string().nullable().optional(),
  /** the roles it is addressed to; empty: everyone of its type */
  roleIds: z.array(z.number().int()).optional(),
  roleNames: z.array(z.string()).optional(),
  attachments: z.array(z.object({ id: z.number().int(), name: z.string(), mime: z.string(), size: z.number().int(), url: z.string() })).optional(),
  /** the caller's read receipt (readers only) */
  read: z.boolean().nullable().optional(),
  /** published and inside its window now */
  visible: z.boolean().optional(),
  /** managers only: receipts among the audience, and the audience still unread */
  readCount: z.number().int().optional(),
  unreadCount: z.number().int().optional(),
});

/** Notice states by name (the client cannot send the code 0 of 草稿, docs/domains/platform.md#empty-query-values). */
export const NOTICE_STATE_NAMES = { draft: 0, published: 1, offline: 2 } as const;

export const NoticeQuery = PageQuery.extend({
  status: namedStatus(NOTICE_STATE_NAMES, 2).optional(),
  type: z.coerce.number().int().min(1).max(3).optional(),
  title: z.string().trim().max(100).optional(),
  instituteId: Id.optional(),
  /** readers: only the notices they have not read */
  unread: z.enum(['true', 'false']).optional(),
}).strict();

export const NoticeBody = z
  .object({
    title: z.string().trim().min(1, '请输入标题').max(100, '标题最多 100 字'),
    content: z.string().max(200_000, '内容过长'),
    type: z.number().int().min(1).max(3, '公告类型不正确'),
    top: z.boolean().default(false),
    /** platform admin: an institute's notice (null: the platform's); an institute owner: always its own */
    instituteId: Id.nullable().optional(),
    publishAt: z.iso.datetime({ offset: true, error: '发布时间格式不正确' }).nullable().optional(),
    withdrawAt: z.iso.datetime({ offset: true, error: '下线时间格式不正确' }).nullable().optional(),
    roleIds: z.array(Id).max(50, '最多选择 50 个角色').default([]),
    /** attachments: files of purpose 'notice' the caller uploaded */
    fileIds: z.array(Id).max(20, '最多 20 个附件').default([]),
  })
  .strict();
export const NoticeUpdateBody = NoticeBody.extend({ id: Id }).strict();

export const PAGE_CONFIG_KINDS = [
  'loginSwiper',
  'indexBanner',
  'bigMallBanner',
  'techServiceBanner',
  'bidBanner',
  'download',
  'privacy',
  'serviceAgreement',
] as const;
export const PAGE_CONFIG_KIND_LABELS: Record<(typeof PAGE_CONFIG_KINDS)[number], string> = {
  loginSwiper: '登录页轮播图',
  indexBanner: '首页横幅',
  bigMallBanner: '商城横幅',
  techServiceBanner: '技术服务横幅',
  bidBanner: '招标横幅',
  download: '下载中心',
  privacy: '隐私政策',
  serviceAgreement: '服务协议',
};

export const PageConfigVO = z.object({
  id: z.number().int(),
  kind: z.enum(PAGE_CONFIG_KINDS),
  title: z.string(),
  imageUrl: z.string().nullable(),
  imageFileId: z.number().int().nullable(),
  linkUrl: z.string().nullable(),
  content: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
});

export const PageConfigBody = z
  .object({
    kind: z.enum(PAGE_CONFIG_KINDS, { error: '配置类型不正确' }),
    title: z.string().trim().min(1, '请输入标题').max(100),
    imageFileId: Id.nullable().optional(),
    linkUrl: z
      .string()
      .trim()
      .max(500)
      // http(s) or a path on this site; never //host or /\host (the browser reads both as another site)
      .regex(/^(https?:\/\/[^\s/\\]\S*|\/(?![/\\])\S*)$/, '链接须为 http(s):// 开头的地址或以 / 开头的站内路径')
      .nullable()
      .optional(),
    content: z.string().max(200_000).nullable().optional(),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();
export const PageConfigUpdateBody = PageConfigBody.extend({ id: Id }).strict();
export const PageConfigQuery = PageQuery.extend({
  kind: z.enum(PAGE_CONFIG_KINDS).optional(),
  status: namedStatus({ stopped: 0, active: 1 }, 1).optional(),
}).strict();
export const ValidPageConfigQuery = z.object({ kind: z.enum(PAGE_CONFIG_KINDS, { error: '配置类型不正确' }), t: z.string().optional() }).strict();

export interface HelpNode {
  id: number;
  meun: string;
  content: string;
  sort: number;
  child: HelpNode[];
}
export const HelpNodeVO: z.ZodType<HelpNode> = z.object({
  id: z.number().int(),
  /** docs/domains/site.md#help-menu spells the title field 'meun' */
  meun: z.string(),
  content: z.string(),
  sort: z.number().int(),
  get child() {
    return z.array(HelpNodeVO);
  },
});
export const HelpBody = z
  .object({
    parentId: Id.nullable().default(null),
    meun: z.string().trim().min(1, '请输入标题').max(60),
    content: z.string().max(200_000).default(''),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();
export const HelpUpdateBody = z
  .object({ id: Id, meun: z.string().trim().min(1, '请输入标题').max(60), content: z.string().max(200_000), sort: z.number().int().min(0).max(9999) })
  .strict();
