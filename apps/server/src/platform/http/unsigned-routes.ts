/**
 * The one list of what a browser may fetch without a signature: things loaded without script
 * (an <img>, a link, the built web files). Every other route must be signed (docs/API.md).
 * Matching is on the route pattern Fastify registered, so an API route cannot slip in by path tricks.
 */
export const UNSIGNED_ROUTES: ReadonlyArray<{ method: string; url: string; why: string }> = [
  { method: 'GET', url: '/version.json', why: '前端版本检查，浏览器直接读取' },
  { method: 'GET', url: '/readyz', why: '反向代理的就绪检查，不带凭证' },
  { method: 'GET', url: '/uac/captcha.jpg', why: '验证码图片由 <img> 加载' },
  { method: 'GET', url: '/uac/file/noauth/download', why: '链接由 <a>/<img> 打开；查询串自带服务端签名与有效期（files.service.ts）' },
  { method: 'GET', url: '/mall/v1/noauth/picture/:name', why: '商品结构式与品类示意图由 <img> 加载；只读、人人相同' },
  { method: 'GET', url: '/supplier/v1/contract/queryByqrcode', why: '扫描合同二维码核验；令牌自带服务端签名与有效期' },
  { method: 'GET', url: '/docs', why: 'OpenAPI 文档页面' },
  { method: 'GET', url: '/docs/*', why: 'OpenAPI 文档与静态资源' },
  { method: 'GET', url: '/docs/json', why: 'OpenAPI JSON' },
  { method: 'GET', url: '/docs/yaml', why: 'OpenAPI YAML' },
  { method: 'GET', url: '/docs/static/*', why: 'OpenAPI 文档页面资源' },
  { method: 'GET', url: '/*', why: '构建后的前端文件（SPA 回退到 index.html）' },
];

const set = new Set(UNSIGNED_ROUTES.map((r) => `${r.method} ${r.url}`));
/** HEAD is treated as the GET it mirrors. */
export const isUnsignedRoute = (method: string, routeUrl: string | undefined) =>
  routeUrl !== undefined && set.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
