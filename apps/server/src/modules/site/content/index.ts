import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import { AppConfigRepository } from './app-config.repository.ts';
import { registerAppConfigRoutes } from './app-config.routes.ts';
import { AppConfigService } from './app-config.service.ts';
import { ContentRepository } from './content.repository.ts';
import { ContentService } from './content.service.ts';
import { registerHelpRoutes } from './help.routes.ts';
import { ManualsRepository } from './manuals.repository.ts';
import { registerManualRoutes } from './manuals.routes.ts';
import { ManualsService } from './manuals.service.ts';
import { registerNoticeBatchRoutes } from './notice-batch.routes.ts';
import { NoticeBatchImport } from './notice-batch.ts';
import { registerNoticeDetailRoutes } from './notice-details.routes.ts';
import { registerNoticeEditRoutes } from './notice-edits.routes.ts';
import { registerNoticeListRoutes } from './notice-lists.routes.ts';
import { registerNoticeReceiptRoutes } from './notice-receipts.routes.ts';
import { registerPageConfigEditRoutes } from './page-config-edits.routes.ts';
import { registerPageConfigReadRoutes } from './page-config-reads.routes.ts';
import { type PolicyTexts, policyText } from './policy-texts.ts';

export type { PolicyTexts };

/** Notices (with windows, audiences, receipts and batch import), page configuration, app page and version config, the help centre and operation manuals. */
export function createContentModule(ctx: AppContext, deps: { files: FilesService }): Module<{ policies: PolicyTexts }> {
  const repo = new ContentRepository(ctx.database.db);
  const content = new ContentService(repo, deps.files);
  const appConfig = new AppConfigService(new AppConfigRepository(ctx.database.db));
  const policies: PolicyTexts = { current: (type) => policyText(repo, type) };
  const batch = new NoticeBatchImport(repo, deps.files);
  const manuals = new ManualsService(new ManualsRepository(ctx.database.db), deps.files);
  return {
    services: { policies },
    register: (app) => {
      // one registrar per resource; this order keeps the OpenAPI document's order of the routes
      registerNoticeListRoutes(app, content);
      registerNoticeReceiptRoutes(app, content);
      registerNoticeBatchRoutes(app, batch);
      registerNoticeDetailRoutes(app, content);
      registerNoticeEditRoutes(app, content);
      registerPageConfigReadRoutes(app, content, policies);
      registerPageConfigEditRoutes(app, content);
      registerHelpRoutes(app, content);
      registerManualRoutes(app, manuals);
      registerAppConfigRoutes(app, appConfig);
    },
  };
}
