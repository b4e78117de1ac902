import type { NoticeVO as NoticeSchema, PageConfigVO as PageConfigSchema } from '@kc/contracts/content';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

export type PageConfigVO = z.infer<typeof PageConfigSchema>;
export type NoticeVO = z.infer<typeof NoticeSchema>;
export type BannerKind = 'indexBanner' | 'bigMallBanner';

/** 公开页面的已启用配置（横幅） GET /mall/v1/webPageConfig/noauth/validWebPageConfig */
export function getValidWebPageConfig(kind: BannerKind): Promise<PageConfigVO[]> {
  return api.get<PageConfigVO[]>('/mall/v1/webPageConfig/noauth/validWebPageConfig', { kind });
}

/** 首页公开公告 GET /uac/v1/notice/noauth/page */
export function getPublicNotices(size = 5): Promise<Page<NoticeVO>> {
  return api.get<Page<NoticeVO>>('/uac/v1/notice/noauth/page', { current: 1, size });
}
