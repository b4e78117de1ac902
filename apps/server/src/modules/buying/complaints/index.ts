import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { ComplaintsRepository } from './complaints.repository.ts';
import { registerComplaintRoutes } from './complaints.routes.ts';
import { ComplaintsService } from './complaints.service.ts';

/** The complaint hold on a sub-order's settlement and payment, read by settlement and orders. */
export { heldAmong, heldSubOrderIds } from './complaint-holds.repository.ts';
export type { ComplaintsService };

/** 投诉: buyers' complaints about suppliers, handled by the platform, answered by the supplier (issue 14 §5). */
export function createComplaintsModule(ctx: AppContext, deps: { files: FilesService; messages: MessagesService }): Module<{ complaints: ComplaintsService }> {
  const complaints = new ComplaintsService(new ComplaintsRepository(ctx.database.db), deps.files, deps.messages);
  return { services: { complaints }, register: (app) => registerComplaintRoutes(app, complaints) };
}
