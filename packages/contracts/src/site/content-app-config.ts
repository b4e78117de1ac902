import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * App page config and app versions (docs/domains/site.md#page-config: the families appPageConfig and appVersionConfig).
 * Per institute (0: the platform default every institute without its own falls back to); at most
 * one active per institute and kind — a partial unique index, so two starts at once cannot both win.
 */
export const APP_PLATFORMS = ['android', 'ios'] as const;
export const AppPagePayload = z
  .object({
    loginBackground: z.url('请填写有效的图片地址').max(500).nullable().default(null),
    banners: z.array(z.url('请填写有效的图片地址').max(500)).max(8, '最多 8 张横幅').default([]),
    notice: z.string().trim().max(500).default(''),
  })
  .strict();
export const AppVersionPayload = z
  .object({
    platform: z.enum(APP_PLATFORMS, { message: '平台应为 android 或 ios' }),
    version: z.string().regex(/^\d+\.\d+\.\d+$/, '版本号格式为 主.次.修订，如 2.1.0'),
    build: z.number().int().min(1),
    downloadUrl: z.url('请填写有效的下载地址').max(500),
    forceUpdate: z.boolean().default(false),
    notes: z.string().trim().max(1000).default(''),
  })
  .strict();

const common = { instituteId: z.number().int().min(0).optional(), title: z.string().trim().min(1, '请填写名称').max(50) };
export const AppPageBody = z.object({ ...common, payload: AppPagePayload }).strict();
export const AppPageUpdateBody = AppPageBody.extend({ id: Id }).strict();
export const AppVersionBody = z.object({ ...common, payload: AppVersionPayload }).strict();
export const AppVersionUpdateBody = AppVersionBody.extend({ id: Id }).strict();

export const AppConfigVO = z.object({
  id: z.number().int(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  kind: z.string(),
  title: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  updatedAt: z.string(),
});
export type AppConfigVO = z.infer<typeof AppConfigVO>;
export const AppConfigPage = pageOf(AppConfigVO);
export const AppConfigQuery = PageQuery.extend({
  instituteId: z.coerce.number().int().min(0).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
}).strict();
export const AppConfigValidQuery = z
  .object({ instituteId: z.coerce.number().int().min(0).optional(), platform: z.enum(APP_PLATFORMS).optional(), t: z.string().optional() })
  .strict();
