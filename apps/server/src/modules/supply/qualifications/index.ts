import { DICT } from '@kc/contracts/shared/dicts';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { QualificationsRepository } from './qualifications.repository.ts';
import { registerQualificationRoutes } from './qualifications.routes.ts';
import { QualificationsService } from './qualifications.service.ts';

export { type GatedItem, hasNeededQualifications, qualificationProblems } from './qualification-gate.ts';
export type { QualificationsService } from './qualifications.service.ts';

/**
 * Supplier qualifications (资质): the supplier's own list, the platform's review, the daily expiry
 * reminders; and the gate other modules apply (catalog search, cart, order placement): items whose
 * hazard flags need a qualification the supplier lacks today are neither found nor sold.
 */
export function createQualificationsModule(
  ctx: AppContext,
  deps: { files: FilesService; messages: MessagesService; dicts?: Pick<DictsService, 'labels'> },
): Module<{ qualifications: QualificationsService }> {
  const dicts = deps.dicts;
  const qualifications = new QualificationsService(new QualificationsRepository(ctx.database.db), deps.files, deps.messages, undefined, async () =>
    dicts ? dicts.labels(null, DICT.QUALIFICATION_TYPE) : new Map(),
  );
  ctx.jobs.define('qualifications.remind', async () => {
    await qualifications.remind();
  });
  // every morning before office hours, Asia/Shanghai
  ctx.jobs.schedule('qualifications.remind', '0 8 * * *');
  return { services: { qualifications }, register: (app) => registerQualificationRoutes(app, qualifications) };
}
