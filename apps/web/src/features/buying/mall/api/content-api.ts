import type { Page } from '@kc/contracts/platform/common';
import type { NoticeVO as NoticeSchema } from '@kc/contracts/site/content';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type NoticeVO = z.infer<typeof NoticeSchema>;
export type BannerKind = 'indexBanner' | 'bigMallBanner';

/** 首页公开公告 GET /uac/v1/notice/noauth/page */
export function getPublicNotices(size = 5): Promise<Page<NoticeVO>> {
  return api.get<Page<NoticeVO>>('/uac/v1/notice/noauth/page', { current: 1, size });
}
