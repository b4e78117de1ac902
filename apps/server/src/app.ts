import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { composeModules } from './compose-modules.ts';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureBaseData } from './db/seed/base-data.ts';
import { seedCatalog } from './db/seed/catalog/generate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedDemoActivity } from './db/seed/demo-activity.ts';
import { backfillStatisticsOnce } from './modules/ledgers/statistics/index.ts';
import { type Access, PAGE_FLAG_TEXT } from './platform/auth/access.ts';
import { CallerCache } from './platform/auth/caller-cache.ts';
import { SessionStore } from './platform/auth/session-store.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase } from './platform/db/database.ts';
import { acquireStartupLock } from './platform/db/startup-lock.ts';
import { ApiClients } from './platform/http/api-clients.ts';
import { registerBodyParsers } from './platform/http/body-parsers.ts';
import { answerClientError, registerErrorHandler } from './platform/http/error-handler.ts';
import { type Readiness, registerReadiness } from './platform/http/readiness.ts';
import { registerRequestGuard } from './platform/http/request-guard.ts';
import { lazyRequestLogger } from './platform/http/request-logger.ts';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './platform/http/security-headers.ts';
import { isUnsignedRoute } from './platform/http/unsigned-routes.ts';
import { openJobs } from './platform/jobs/open-jobs.ts';
import type { KeyValueStore } from './platform/kv/kv.port.ts';
import { openKv } from './platform/kv/open-kv.ts';
import { OutboxNotifier } from './platform/notifier/outbox-notifier.ts';

export const API_PREFIXES = ['/uac', '/mall', '/supplier', '/interface', '/mq', '/api'];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  readiness: Readiness;
}

/** Builds the whole server: platform plugins first, then each module's routes. */
export async function buildApp(config: Config, opts: { kv?: KeyValueStore; logger?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config),
    // req.log is made on its first use (platform/http/request-logger.ts)
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    clientErrorHandler: answerClientError,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // from the first migration to the last demo row: processes starting together take turns
  const releaseStartup = await acquireStartupLock(config.databaseUrl);
  try {
    return await buildOnDatabase(app, config, database, opts);
  } finally {
    await releaseStartup();
  }
}

async function buildOnDatabase(
  app: FastifyInstance,
  config: Config,
  database: ReturnType<typeof openDatabase>,
  opts: { kv?: KeyValueStore; logger?: boolean },
): Promise<BuiltApp> {
  await migrateToLatest(database.db);
  await ensureBaseData(database.db);
  if (config.seedDemo) await seedDemo(database.db);
  if (config.seedDemo) await seedCatalog(database.db, { items: config.catalogItems, pictures: config.catalogPictures });

  const kv = opts.kv ?? openKv(config.redisUrl, config.redisPrefix);
  const sessions = new SessionStore(kv);
  const callers = new CallerCache(database.db, kv);
  const notifier = new OutboxNotifier(database.db, app.log, config.smtp);
  const jobs = openJobs(database, { databaseUrl: config.databaseUrl, onError: (err) => app.log.error({ err }, '后台任务出错') });
  const ctx: AppContext = { config, database, kv, sessions, callers, notifier, jobs };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerBodyParsers(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, API_PREFIXES);

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

  const clients = new ApiClients(database.db);
  registerRequestGuard(app, { kv, sessions, callers, clients });

  app.get(
    '/version.json',
    {
      schema: {
        tags: ['前端'],
        summary: '前端版本（网页端据此在发布新版后刷新）与登录是否需要图形验证码',
        response: { 200: z.object({ version: z.string(), captcha: z.boolean() }) },
      },
    },
    async () => ({ version: config.version, captcha: config.captchaEnabled }),
  );

  const readiness = registerReadiness(app);

  // the modules, in dependency order (compose-modules.ts)
  const { modules, services } = await composeModules(ctx, clients);
  for (const m of modules) await m.register(app);
  // after the catalog: orders at every step, placed through the order services themselves
  if (config.seedDemo && config.demoOrders) await seedDemoActivity(database.db, config, services);
  // spend facts for orders accepted before statistics existed (or imported into the tables), once per database
  await backfillStatisticsOnce(database.db);

  await registerWeb(app, config);

  app.addHook('onClose', async () => {
    // running jobs finish (bounded) before the database closes under them
    await jobs.stop(10_000);
    await database.close();
    if (!opts.kv) await kv.close();
  });
  return { app, ctx, readiness };
}

/**
 * Logs: one readable line per event on a terminal (pino-pretty, in pino's worker thread so the
 * request path does not format), JSON lines otherwise for a log collector. LOG_FORMAT overrides.
 */
function loggerOptions(config: Config) {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
  };
}

function describeAccess(a: Access): string {
  if (a === 'public') return '访问控制：公开（需客户端凭证与签名）';
  if (a === 'login') return '访问控制：登录用户';
  const parts: string[] = [];
  if ('perm' in a) parts.push(`权限 ${a.perm}`);
  if ('accountTypes' in a) parts.push(`账号类型 ${a.accountTypes.join('/')}`);
  if ('flag' in a) parts.push(`页面 ${a.page ?? a.perm} 的${PAGE_FLAG_TEXT[a.flag]}权限`);
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
    if (hasWeb && req.method === 'GET' && !apiPath && clientRoute) {
      // a page under an API prefix (the CAS service URL) got the API's policy on arrival: it is a page
      if (isApi) reply.header('content-security-policy', CONTENT_SECURITY_POLICY).header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).type('application/json; charset=utf-8').send({ code: 404, message: '请求的资源不存在', data: null });
  });
}
