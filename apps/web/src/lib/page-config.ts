import type { PAGE_CONFIG_KINDS, PageConfigVO as PageConfigSchema } from '@kc/contracts/site/content';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.ts';

// The public side of page configuration, used by the login page: type-only imports from the
// contracts keep zod (which its schemas need at run time) out of the app's entry (bench:web).

export type PageConfigVO = z.infer<typeof PageConfigSchema>;
export type PageConfigKind = (typeof PAGE_CONFIG_KINDS)[number];

/** 公开页面的已启用配置 GET /mall/v1/webPageConfig/noauth/validWebPageConfig */
export function getValidPageConfig(kind: PageConfigKind): Promise<PageConfigVO[]> {
  return api.get<PageConfigVO[]>('/mall/v1/webPageConfig/noauth/validWebPageConfig', { kind });
}

export const pageConfigKeys = {
  valid: (kind: PageConfigKind) => ['mall', 'webPageConfig', 'valid', kind] as const,
};

/** The started configurations of one kind, sorted by the server. */
export function useValidPageConfig(kind: PageConfigKind) {
  return useQuery({ queryKey: pageConfigKeys.valid(kind), queryFn: () => getValidPageConfig(kind), staleTime: 60_000 });
}
