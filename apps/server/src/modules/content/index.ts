import type { AppContext } from '../../platform/context.ts';
import type { Module } from '../../platform/module.ts';
import type { FilesService } from '../files/index.ts';
import { registerAppConfigRoutes } from './app-config.routes.ts';
import { AppConfigService } from './app-config.service.ts';
import { ContentRepository } from './content.repository.ts';
import { registerContentRoutes } from './content.routes.ts';
import { ContentService } from './content.service.ts';
import { type PolicyTexts, policyText } from './policy-texts.ts';

export { sanitizeRichText } from './sanitize.ts';
export type { PolicyTexts };

/** Notices, page configuration (login carousel, banners, agreements), app page and version config, and the help centre. */
export function createContentModule(ctx: AppContext, deps: { files: FilesService }): Module<{ policies: PolicyTexts }> {
  const repo = new ContentRepository(ctx.database.db);
  const content = new ContentService(repo, deps.files);
  const appConfig = new AppConfigService(ctx.database.db);
  const policies: PolicyTexts = { current: (type) => policyText(repo, type) };
  return {
    services: { policies },
    register: (app) => {
      registerContentRoutes(app, content, policies);
      registerAppConfigRoutes(app, appConfig);
    },
  };
}
