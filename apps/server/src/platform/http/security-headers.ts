import type { FastifyInstance } from 'fastify';

/**
 * The browser-side defences every answer carries. The built web app has no inline script, so
 * scripts come from this origin only; antd writes its CSS-in-JS into <style> tags, hence
 * 'unsafe-inline' for styles alone. Rich text (notices, help) may show pictures from https sites.
 * No page of the product is meant to be framed by another site (print pages open in their own tab).
 * HSTS belongs to the TLS terminator (docs/DEPLOY.md), not to a process that may run on plain HTTP.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * API answers are data, never documents: the strictest policy (nothing may load, nothing may
 * frame them), as OWASP's REST guidance recommends, and a tenth of the page policy's bytes on
 * the hottest path.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/**
 * Set when the request arrives (a callback hook: no promise per request on the hot path), so a
 * handler that needs another value, such as a download's own cache-control, simply overrides it.
 */
export function registerSecurityHeaders(app: FastifyInstance, apiPrefixes: string[]) {
  const isApi = (path: string) => apiPrefixes.some((p) => path.startsWith(p) && (path.length === p.length || path[p.length] === '/'));
  app.addHook('onRequest', (req, reply, done) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (isApi(path)) reply.headers(API_ANSWER);
    // the OpenAPI page (swagger-ui) brings its own inline bootstrap script
    else reply.headers(path.startsWith('/docs') ? EVERY_ANSWER : PAGE_ANSWER);
    done();
  });
}

/** API answers are personal: never kept by the browser or a shared cache. */
const API_ANSWER = { ...EVERY_ANSWER, 'content-security-policy': API_CONTENT_SECURITY_POLICY, 'cache-control': 'no-store' };
const PAGE_ANSWER = { ...EVERY_ANSWER, 'content-security-policy': CONTENT_SECURITY_POLICY };
