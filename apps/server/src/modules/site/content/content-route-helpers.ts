import { envelope } from '@kc/contracts/platform/common';
import { z } from 'zod';

/** The OpenAPI groups of notices and page configuration, each served by several registrars. */
export const NOTICE_TAGS = ['公告'];
export const PAGE_CONFIG_TAGS = ['页面配置'];

/** the answer of an add: the new row's id */
export const Created = envelope(z.object({ id: z.number().int() }));
