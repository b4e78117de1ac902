import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { CommentsRepository } from './comments.repository.ts';
import { registerCommentRoutes } from './comments.routes.ts';
import { CommentsService } from './comments.service.ts';

export type { CommentsService };

/** 评价: ratings of accepted order lines, supplier replies, platform moderation, the item page's reviews (issue 14 §5). */
export function createCommentsModule(ctx: AppContext, deps: { messages: MessagesService }): Module<{ comments: CommentsService }> {
  const comments = new CommentsService(new CommentsRepository(ctx.database.db), deps.messages);
  return { services: { comments }, register: (app) => registerCommentRoutes(app, comments) };
}
