import { z } from 'zod';
import { Id, PageQuery } from '../platform/common.ts';
import { FILE_PURPOSES } from '../shared/files.ts';

/** 公告批量导入 (/uac/v1/notice/batchUpload): ?preview=true checks only; otherwise all rows are written, or none. */
export const NoticeBatchQuery = z.object({ preview: z.enum(['true', 'false']).optional(), t: z.string().optional() }).strict();
export const NoticeBatchRow = z.object({
  row: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  instituteName: z.string().nullable(),
  audience: z.string(),
  publishAt: z.string().nullable(),
  withdrawAt: z.string().nullable(),
  top: z.boolean(),
  attachments: z.array(z.string()),
});
export const NoticeBatchResult = z.object({
  /** true: the notices were written */
  applied: z.boolean(),
  total: z.number().int(),
  rows: z.array(NoticeBatchRow),
  /** every bad row with its reason; any error means nothing was written */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** attachments uploaded with the sheet that no row names (not stored) */
  unused: z.array(z.string()),
  created: z.array(z.number().int()),
});
export type NoticeBatchResultT = z.infer<typeof NoticeBatchResult>;

/** 阅读情况: who read a notice (read=true) or who in its audience has not yet (read=false). */
export const NoticeReadersQuery = PageQuery.extend({
  id: Id,
  read: z.enum(['true', 'false']).default('true'),
  userName: z.string().trim().max(50).optional(),
}).strict();
export const NoticeReaderVO = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  instituteName: z.string().nullable(),
  readAt: z.string().nullable(),
});
export const RoleOptionVO = z.object({ id: z.number().int(), name: z.string(), code: z.string(), side: z.number().int() });

/** 文件校验 (/mall/v1/upload/checkFilesByUrl) */
export const CheckFilesBody = z
  .object({
    urls: z.array(z.string().max(1000)).min(1, '请提供文件地址').max(50, '一次最多校验 50 个文件'),
    /** the use the files are meant for: their type must be one it accepts */
    purpose: z.enum(FILE_PURPOSES, { error: '上传用途不正确' }).optional(),
  })
  .strict();
export const CheckedFileVO = z.object({
  url: z.string(),
  ok: z.boolean(),
  reason: z.string().nullable(),
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  /** a fresh signed link (the one checked may have expired) */
  freshUrl: z.string().nullable(),
});

/** 操作手册 (/uac/v1/operationManual) */
export const MANUAL_STATE_NAMES = { unpublished: 0, published: 1 } as const;
export const ManualQuery = PageQuery.extend({
  title: z.string().trim().max(100).optional(),
  roleId: Id.optional(),
  status: z.enum(['unpublished', 'published']).optional(),
}).strict();
export const ManualVersionVO = z.object({
  version: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const ManualVO = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  roleIds: z.array(z.number().int()),
  roleNames: z.array(z.string()),
  latestVersion: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  versions: z.array(ManualVersionVO),
});
export const ManualBody = z
  .object({
    title: z.string().trim().min(1, '请输入手册名称').max(100, '名称最多 100 字'),
    description: z.string().trim().max(500, '说明最多 500 字').default(''),
    roleIds: z.array(Id).min(1, '请选择适用角色').max(50),
    /** a PDF or Word file uploaded with purpose 'manual' */
    fileId: Id,
    note: z.string().trim().max(200, '版本说明最多 200 字').default(''),
  })
  .strict();
/** fileId different from the latest version's: a new version */
export const ManualUpdateBody = ManualBody.extend({ id: Id, fileId: Id.optional() }).strict();
export const ManualPublishBody = z
  .object({
    id: Id,
    /** the version to publish; default the latest */
    version: z.number().int().positive().optional(),
    /** false: take the manual offline */
    publish: z.boolean().default(true),
  })
  .strict();
export const MyManualVO = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  version: z.number().int(),
  fileName: z.string(),
  mime: z.string(),
  url: z.string(),
  publishedAt: z.string().nullable(),
});
