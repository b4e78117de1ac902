import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { MessagesRepository } from './messages.repository.ts';
import { registerMessageRoutes } from './messages.routes.ts';
import { MessagesService } from './messages.service.ts';

export { MessagesService, type Notice } from './messages.service.ts';

/** The in-app inbox and notifications (in-app message + SMS through the notifier), callable inside any domain's transaction. */
export function createMessagesModule(ctx: AppContext): Module<{ messages: MessagesService }> {
  const messages = new MessagesService(new MessagesRepository(ctx.database.db), ctx.notifier);
  return { services: { messages }, register: (app) => registerMessageRoutes(app, messages) };
}
