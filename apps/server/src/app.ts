import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureBaseData } from './db/seed/base-data.ts';
import { seedCatalog } from './db/seed/catalog/generate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedDemoFeedback } from './db/seed/demo-feedback.ts';
import { seedDemoFinance } from './db/seed/demo-finance.ts';
import { seedDemoHistory } from './db/seed/demo-history.ts';
import { seedDemoInventory } from './db/seed/demo-inventory.ts';
import { seedDemoManuals } from './db/seed/demo-manuals.ts';
import { seedDemoOrders } from './db/seed/demo-orders.ts';
import { seedDemoStatements } from './db/seed/demo-statements.ts';
import { seedDemoWarnings } from './db/seed/demo-warnings.ts';
import { createAfterSalesModule } from './modules/buying/after-sales/index.ts';
import { createBidsModule } from './modules/buying/bids/index.ts';
import { createCommentsModule } from './modules/buying/comments/index.ts';
import { createComplaintsModule } from './modules/buying/complaints/index.ts';
import { catalogGates, createEligibilityModule } from './modules/buying/eligibility/index.ts';
import { createMallModule } from './modules/buying/mall/index.ts';
import { createOrdersModule } from './modules/buying/orders/index.ts';
import { createTechServicesModule } from './modules/buying/tech-services/index.ts';
import { createClaimsModule } from './modules/finance/claims/index.ts';
import { createInvoicesModule } from './modules/finance/invoices/index.ts';
import { createSettlementModule } from './modules/finance/settlement/index.ts';
import { createAccountCentreModule } from './modules/identity/account-centre/index.ts';
import { createApiClientsModule } from './modules/identity/api-clients/index.ts';
import { createOrgModule } from './modules/identity/org/index.ts';
import { createRbacModule } from './modules/identity/rbac/index.ts';
import { createSsoModule } from './modules/identity/sso/index.ts';
import { createUacModule } from './modules/identity/uac/index.ts';
import { createBudgetModule } from './modules/ledgers/budget/index.ts';
import { createInventoryModule } from './modules/ledgers/inventory/index.ts';
import { backfillStatisticsOnce, createStatisticsModule } from './modules/ledgers/statistics/index.ts';
import { createExportsModule } from './modules/oversight/exports/index.ts';
import { createWarningsModule } from './modules/oversight/warnings/index.ts';
import { createApprovalsModule } from './modules/shared/approvals/index.ts';
import { createDictsModule } from './modules/shared/dicts/index.ts';
import { createFilesModule } from './modules/shared/files/index.ts';
import { createMessagesModule } from './modules/shared/messages/index.ts';
import { createAdminLogsModule } from './modules/site/admin-logs/index.ts';
import { createContentModule } from './modules/site/content/index.ts';
import { createContractsModule } from './modules/supply/agreements/index.ts';
import { createCatalogModule } from './modules/supply/catalog/index.ts';
import { createDeliveryFeesModule } from './modules/supply/delivery-fees/index.ts';
import { createDiscountsModule } from './modules/supply/discounts/index.ts';
import { createExternalModule } from './modules/supply/external/index.ts';
import { createInterfaceExcelModule } from './modules/supply/interface-excel/index.ts';
import { createPicturesModule } from './modules/supply/pictures/index.ts';
import { createQualificationsModule } from './modules/supply/qualifications/index.ts';
import { createShopModule } from './modules/supply/shop/index.ts';
import { createSupplierModule } from './modules/supply/supplier/index.ts';
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

  // Modules in dependency order; each gets only the services it uses from the ones before it.
  const files = await createFilesModule(ctx);
  const messages = createMessagesModule(ctx);
  const contracts = await createContractsModule(ctx, { messages: messages.services.messages, files: files.services.files });
  const rbac = createRbacModule(ctx);
  const dicts = createDictsModule(ctx);
  const org = createOrgModule(ctx);
  const uac = createUacModule(ctx, {
    ...org.services,
    rbac: rbac.services.access,
    userRoles: rbac.services.userRoles,
    // the supplier module is created below (it opens its accounts through uac): read per login
    supplierLoginBlock: (id) => supplier.services.loginBlockReason(id),
    supplierContract: (id) => contracts.services.contracts.sessionState(id),
    // called per request, after the invoices module below exists
    invoiceTerms: (instituteId) => invoices.services.invoices.terms(instituteId),
  });
  const supplier = createSupplierModule(ctx, { files: files.services.files, accounts: uac.services.accounts, userRoles: rbac.services.userRoles });
  const approvals = createApprovalsModule(ctx);
  // the purchase gates: every list of goods and every order path asks this one seam
  const eligibility = createEligibilityModule(ctx).services.eligibility;
  const mall = createMallModule(ctx, { eligibility });
  const budget = createBudgetModule(ctx, {
    approvals: approvals.services.approvals,
    dicts: dicts.services.dicts,
    // orders are created below and sit above the ledgers: a carry-forward moves their rows through this port
    rebindOrders: (trx, move) => orders.services.rebindCard(trx, move),
  });
  const inventory = createInventoryModule(ctx);
  const statistics = createStatisticsModule(ctx);
  const catalog = createCatalogModule(ctx, {
    files: files.services.files,
    dicts: dicts.services.dicts,
    // catalog sits below the seam: search reads the gates' SQL forms through this port
    gates: catalogGates,
    // shop moves items through catalog (created next): its showcase is read per call through this port
    showcase: (shopId) => shop.services.showcase(shopId),
  });
  const shop = createShopModule(ctx, { files: files.services.files, messages: messages.services.messages, sections: catalog.services.sections });
  const orders = createOrdersModule(ctx, {
    approvals: approvals.services.approvals,
    messages: messages.services.messages,
    checkout: mall.services.checkout,
    grantCards: budget.services.grantCards,
    eligibility,
    stock: catalog.services.stock,
    inventory: inventory.services.inventory,
    statistics: statistics.services.statistics,
    // settlement is created below and sits above orders: read through this port, per call
    payStatus: (ids) => settlement.services.payStatus.ofSubOrders(ids),
  });
  const invoices = createInvoicesModule(ctx, {
    files: files.services.files,
    messages: messages.services.messages,
    orders: orders.services.queries,
    approvals: approvals.services.approvals,
    dicts: dicts.services.dicts,
    payStatus: (ids) => settlement.services.payStatus.ofInvoices(ids),
  });
  const claims = await createClaimsModule(ctx, {
    approvals: approvals.services.approvals,
    messages: messages.services.messages,
    files: files.services.files,
    invoices: invoices.services.invoices,
    grantCards: budget.services.grantCards,
  });
  const warnings = createWarningsModule(ctx, { messages: messages.services.messages, approvals: approvals.services.approvals, dicts: dicts.services.dicts });
  const bids = createBidsModule(ctx, { messages: messages.services.messages, checkout: mall.services.checkout, placement: orders.services.placement });
  const settlement = createSettlementModule(ctx, {
    messages: messages.services.messages,
    approvals: approvals.services.approvals,
    invoices: invoices.services.invoices,
    grantCards: budget.services.grantCards,
  });
  const content = createContentModule(ctx, { files: files.services.files });
  const exportsModule = createExportsModule(ctx, {
    exporter: orders.services.exporter,
    files: files.services.files,
    approvals: approvals.services.approvals,
    statistics: statistics.services.statistics,
    history: orders.services.history,
  });
  const afterSales = createAfterSalesModule(ctx, { files: files.services.files, messages: messages.services.messages, refunds: orders.services.refunds });
  const complaints = createComplaintsModule(ctx, { files: files.services.files, messages: messages.services.messages });
  const comments = createCommentsModule(ctx, { messages: messages.services.messages });
  const modules = [
    budget,
    dicts,
    inventory,
    uac,
    createAccountCentreModule(ctx, { accounts: uac.services.accounts }),
    org,
    rbac,
    createAdminLogsModule(ctx),
    files,
    content,
    createSsoModule(ctx, { login: uac.services.trustedLogin, policies: content.services.policies }),
    createExternalModule(ctx),
    createApiClientsModule(ctx, { clients }),
    supplier,
    contracts,
    mall,
    approvals,
    messages,
    orders,
    invoices,
    claims,
    settlement,
    statistics,
    bids,
    afterSales,
    complaints,
    comments,
    catalog,
    createPicturesModule(ctx),
    createQualificationsModule(ctx, { files: files.services.files, messages: messages.services.messages, dicts: dicts.services.dicts }),
    createDeliveryFeesModule(ctx),
    createDiscountsModule(ctx),
    createInterfaceExcelModule(ctx),
    shop,
    exportsModule,
    createTechServicesModule(ctx, {
      messages: messages.services.messages,
      approvals: approvals.services.approvals,
      files: files.services.files,
      supplierBlock: supplier.services.loginBlockReason,
      eligibility,
    }),
    warnings,
  ];
  for (const m of modules) await m.register(app);
  // after the catalog: orders at every step, placed through the order services themselves
  if (config.seedDemo && config.demoOrders) {
    await seedDemoOrders(database.db, orders.services);
    // the accepted orders' containers on shelves, with lots, expiry and one 领用
    await seedDemoInventory(database.db, inventory.services.inventory);
    // then invoices and claims on the accepted ones, through the invoice and claim services
    await seedDemoFinance(database.db, { invoices: invoices.services.invoices, claims: claims.services.claims });
    // and this month's statements with the suppliers, one sent for confirmation
    await seedDemoStatements(database.db, settlement.services.statements);
    // and the warnings the daily check finds in all of it
    await seedDemoWarnings(database.db, warnings.services.warnings);
    // comments, an after-sales return and a complaint on buyer1's accepted sub-orders
    await seedDemoFeedback(database.db, { ...afterSales.services, ...complaints.services, ...comments.services });
    // a year of accepted orders before these, through the historical-order import, so 统计分析 has a year to show
    if (config.demoHistory) await seedDemoHistory(database.db, exportsModule.services);
    // the help centre's 操作手册, one published PDF per role family
    await seedDemoManuals(database.db, files.services.files);
  }
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
