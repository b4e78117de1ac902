import type { AppContext } from '../../../platform/context.ts';
import type { ApiClients } from '../../../platform/http/api-clients.ts';
import type { Module } from '../../../platform/module.ts';
import { ApiClientsRepository } from './api-clients.repository.ts';
import { registerApiClientRoutes } from './api-clients.routes.ts';
import { ApiClientsService } from './api-clients.service.ts';

/** 接口客户端: credentials issued to other systems (docs/ARCHITECTURE.md). */
export function createApiClientsModule(ctx: AppContext, deps: { clients: ApiClients }): Module {
  const svc = new ApiClientsService(new ApiClientsRepository(ctx.database.db), deps.clients);
  return { services: {}, register: (app) => registerApiClientRoutes(app, svc) };
}
