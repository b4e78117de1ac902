import type { AppContext } from '../../platform/context.ts';
import type { Module } from '../../platform/module.ts';
import type { FilesService } from '../files/index.ts';
import { registerAppConfigRoutes } from './app-config.routes.ts';
import { AppConfigService } from './app-config.service.ts';
import { ContentRepository } from './content.repository.ts';
import { registerContentRoutes } from './content.routes.ts';
import { ContentService } from './content.service.ts';

export { sanitizeRichText } from './sanitize.ts';

/** Notices, page configuration (login carousel, banners, agreements), app page and version config, and the help centre. */
export function createContentModule(ctx: AppContext, deps: { files: FilesService }): Module {
  const content = new ContentService(new ContentRepository(ctx.database.db), deps.files);
  const appConfig = new AppConfigService(ctx.database.db);
  return {
    services: {},
    register: (app) => {
      registerContentRoutes(app, content);
      registerAppConfigRoutes(app, appConfig);
    },
  };
}
