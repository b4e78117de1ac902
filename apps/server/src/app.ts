import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureBaseData } from './db/seed/base-data.ts';
import { seedCatalog } from './db/seed/catalog/generate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { ContentService } from './modules/content/content.service.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { FilesService } from './modules/files/files.service.ts';
import { registerMallRoutes } from './modules/mall/mall.routes.ts';
import { registerDocumentRoutes } from './modules/orders/documents.routes.ts';
import { LifecycleRepository } from './modules/orders/lifecycle.repository.ts';
import { registerLifecycleRoutes } from './modules/orders/lifecycle.routes.ts';
import { LifecycleService } from './modules/orders/lifecycle.service.ts';
import { registerOrgRoutes } from './modules/org/org.routes.ts';
import { registerPlatformRoutes } from './modules/platform/platform.routes.ts';
import { registerRbacRoutes } from './modules/rbac/rbac.routes.ts';
import { RegistrationRepository } from './modules/supplier/registration.repository.ts';
import { registerRegistrationRoutes } from './modules/supplier/registration.routes.ts';
import { RegistrationService } from './modules/supplier/registration.service.ts';
import { registerAccountRoutes } from './modules/uac/account.routes.ts';
import { registerAuthRoutes } from './modules/uac/auth.routes.ts';
import { registerUserRoutes } from './modules/uac/user.routes.ts';
import type { Access } from './platform/auth/access.ts';
import { CallerCache } from './platform/auth/caller-cache.ts';
import { SessionStore } from './platform/auth/session-store.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase } from './platform/db/database.ts';
import { serverSecret } from './platform/db/settings.ts';
import { DiskStorage } from './platform/files/disk-storage.ts';
import { ApiClients } from './platform/http/api-clients.ts';
import { registerBodyParsers } from './platform/http/body-parsers.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerRequestGuard } from './platform/http/request-guard.ts';
import { isUnsignedRoute } from './platform/http/unsigned-routes.ts';
import type { KeyValueStore } from './platform/kv/kv.port.ts';
import { openKv } from './platform/kv/open-kv.ts';
import { OutboxNotifier } from './platform/notifier/outbox-notifier.ts';
import { openSearchIndex } from './platform/search/open-search-index.ts';

export const API_PREFIXES = ['/uac', '/mall', '/supplier', '/interface', '/mq', '/api'];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole server: platform plugins first, then each module's routes. */
export async function buildApp(config: Config, opts: { kv?: KeyValueStore; logger?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  await ensureBaseData(database.db);
  if (config.seedDemo) await seedDemo(database.db);
  if (config.seedDemo) await seedCatalog(database.db, { items: config.catalogItems });

  const kv = opts.kv ?? openKv(config.redisUrl);
  const sessions = new SessionStore(kv);
  const callers = new CallerCache(database.db, kv);
  const notifier = new OutboxNotifier(database.db, app.log, config.smtp);
  const ctx: AppContext = { config, database, kv, sessions, callers, notifier };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerBodyParsers(app);
  registerErrorHandler(app);

  // Every API route must say who may call it; a route without `access` stops the start.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => isUnsignedRoute(m, route.url))) {
      if (route.schema) route.schema = { ...route.schema, description: '访问控制：公开，免签名（浏览器直接加载）' };
      return;
    }
    if (route.url.startsWith('/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`路由缺少访问控制声明：${methods.join(',')} ${route.url}`);
    // the OpenAPI document states who may call each route
    if (route.schema) route.schema = { ...route.schema, description: describeAccess(access) };
  });

  await app.register(swagger, {
    openapi: {
      info: { title: '科研采购平台 API', version: config.version, description: '所有接口均需签名，详见 docs/API.md' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerRequestGuard(app, { kv, sessions, callers, clients: new ApiClients(database.db) });

  app.get('/version.json', { schema: { hide: true } }, async () => ({ version: config.version }));

  const files = new FilesService(
    new FilesRepository(database.db),
    new DiskStorage(path.join(config.dataDir, 'files')),
    await serverSecret(database.db, 'file_url_secret'),
  );
  const registration = new RegistrationService(new RegistrationRepository(database.db), files, notifier);

  registerAuthRoutes(app, ctx, { supplierLoginBlock: (id) => registration.loginBlockReason(id) });
  registerAccountRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerOrgRoutes(app, ctx);
  registerRbacRoutes(app, ctx);
  registerPlatformRoutes(app, ctx);
  await registerFileRoutes(app, ctx, files);
  registerContentRoutes(app, new ContentService(new ContentRepository(database.db), files));
  registerRegistrationRoutes(app, ctx, registration);
  const lifecycle = new LifecycleService(new LifecycleRepository(database.db), notifier);
  registerMallRoutes(app, ctx, lifecycle);
  registerLifecycleRoutes(app, lifecycle);
  registerDocumentRoutes(app, lifecycle, database.db);
  registerCatalogRoutes(app, new CatalogService(new CatalogRepository(database.db, openSearchIndex(database.engine)), (id) => files.signedUrl(id)));

  await registerWeb(app, config);

  app.addHook('onClose', async () => {
    await database.close();
    if (!opts.kv) await kv.close();
  });
  return { app, ctx };
}

function describeAccess(a: Access): string {
  if (a === 'public') return '访问控制：公开（需客户端凭证与签名）';
  if (a === 'login') return '访问控制：登录用户';
  const parts: string[] = [];
  if ('perm' in a) parts.push(`权限 ${a.perm}`);
  if ('accountTypes' in a) parts.push(`账号类型 ${a.accountTypes.join('/')}`);
  return `访问控制：${parts.join('，')}`;
}

/** Serves the built web app with a fallback to index.html for client-side routes. */
async function registerWeb(app: FastifyInstance, config: Config) {
  const dist = config.webDist;
  const hasWeb = dist !== null && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: true, index: 'index.html' });
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0];
    const isApi = API_PREFIXES.some((x) => p === x || p.startsWith(`${x}/`));
    // SPEC routes such as /item_detail.lf and /api/zjs/cas/sso.lf are client routes despite their suffix
    const clientRoute = !path.extname(p) || p.endsWith('.lf');
    const apiPath = isApi && p !== '/api/zjs/cas/sso.lf';
    if (hasWeb && req.method === 'GET' && !apiPath && clientRoute) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ code: 404, message: '请求的资源不存在', data: null });
  });
}
