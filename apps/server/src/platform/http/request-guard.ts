import { NONCE_WINDOW_MS, nonceTime, signingString } from '@kc/contracts/signing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, type Caller, PAGE_FLAG_MESSAGE, pageFlagKey } from '../auth/access.ts';
import type { CallerCache } from '../auth/caller-cache.ts';
import { allowedBeforePasswordChange } from '../auth/password-gate.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { hmacHex, safeEqual, sha256Hex } from '../auth/tokens.ts';
import type { KeyValueStore } from '../kv/kv.port.ts';
import { AppError } from './errors.ts';
import { isUnsignedRoute } from './unsigned-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * the API-client scope (contracts/api-clients) that lets a basic client credential call this
     * route; a client without it is refused (FORBIDDEN) before the handler, whatever `access` says
     */
    clientScope?: string;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** the key this request must be signed with */
    signKey: string | null;
    /** raw body text, kept by the body parsers for the signature */
    rawBody: string | null;
    /** the guard still has to check the signature and access once the body is parsed */
    guardPending: boolean;
    /** the basic client credential's id when the request came with one (API calls such as zkpd) */
    apiClientId: string | null;
    /** the scopes of that credential (null: none, a session call) */
    apiClientScopes: string[] | null;
  }
}

export interface ApiClientLookup {
  /** sign key and scopes of a basic client credential, or null when unknown */
  credentialFor(clientId: string, secret: string): Promise<{ signKey: string; scopes: string[] } | null>;
}

interface GuardDeps {
  kv: KeyValueStore;
  sessions: SessionStore;
  callers: CallerCache;
  clients: ApiClientLookup;
}

const EMPTY_SHA256 = sha256Hex('');
const unauthorized = () => new AppError('UNAUTHORIZED');

/**
 * Three steps for every API request, in order:
 *  1. who is calling (bearer session or basic client) and which key signs the request;
 *  2. the signature over method, target, nonce and body hash; the nonce used once;
 *  3. the route's declared access (login, permission, account type); a basic client on a route
 *     that names a clientScope: that scope among the client's.
 * A request without a body passes all three in onRequest (the hash of its empty body is known);
 * one with a body does 2 and 3 in preValidation, once the parser has kept its raw text. Either
 * way access is decided before the input is validated, so a caller without access learns
 * nothing about a route's schema.
 */
export function registerRequestGuard(app: FastifyInstance, deps: GuardDeps) {
  app.decorateRequest('caller', null);
  app.decorateRequest('signKey', null);
  app.decorateRequest('rawBody', null);
  app.decorateRequest('guardPending', false);
  app.decorateRequest('apiClientId', null);
  app.decorateRequest('apiClientScopes', null);

  app.addHook('onRequest', async (req) => {
    if (isUnsignedRoute(req.method, req.routeOptions.url)) return;
    const auth = req.headers.authorization ?? '';
    const space = auth.indexOf(' ');
    const scheme = auth.slice(0, space).toLowerCase();
    const cred = auth.slice(space + 1).trim();
    if (scheme === 'bearer' && cred) {
      const session = await deps.sessions.resolve(cred);
      if (session === 'displaced') throw new AppError('SESSION_CONFLICT');
      if (!session) throw unauthorized();
      const base = await deps.callers.get(session.uid, session.aclVersion);
      if (base === null) throw new AppError('SESSION_INVALID');
      if ('inactive' in base) throw new AppError(base.inactive === 2 ? 'SESSION_INVALID' : 'ACCOUNT_LOCKED');
      req.caller = { ...base, fid: session.fid, aclVersion: session.aclVersion };
      req.signKey = session.signKey;
    } else {
      const decoded = scheme === 'basic' && cred ? Buffer.from(cred, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      const client = colon > 0 ? await deps.clients.credentialFor(decoded.slice(0, colon), decoded.slice(colon + 1)) : null;
      if (!client) {
        req.log.warn({ url: req.url }, '非法请求：缺少或无效的客户端凭证');
        throw new AppError('ILLEGAL_REQUEST');
      }
      req.signKey = client.signKey;
      req.apiClientId = decoded.slice(0, colon);
      req.apiClientScopes = client.scopes;
    }
    if (hasBody(req)) req.guardPending = true;
    else await signedAndAllowed(req, deps.kv);
  });

  // a callback hook: most requests have no body and pass straight through, without a promise
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.guardPending) return done();
    signedAndAllowed(req, deps.kv).then(() => done(), done);
  });
}

const hasBody = (req: FastifyRequest) => {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
};

async function signedAndAllowed(req: FastifyRequest, kv: KeyValueStore) {
  await verifySignature(req, kv);
  // An unknown path has no route and so no `access`: answer 404, not 403 (403 logs the web client out).
  if (req.is404) return;
  const access = req.routeOptions.config.access;
  const scope = req.routeOptions.config.clientScope;
  if (scope && !req.caller) {
    // a basic client credential on a route API clients call: its scope decides
    if (!req.apiClientScopes?.includes(scope)) throw new AppError('FORBIDDEN', '该接口客户端没有调用此接口的权限');
    return;
  }
  checkAccess(access, req.caller);
  // the initial password must go first (platform/auth/password-gate.ts)
  if (req.caller?.mustChangePassword && access !== 'public' && !allowedBeforePasswordChange(req.method, req.routeOptions.url ?? '')) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
}

async function verifySignature(req: FastifyRequest, kv: KeyValueStore) {
  const nonce = String(req.headers.nonce ?? '');
  const sign = String(req.headers.sign ?? '');
  const reject = (why: string) => {
    req.log.warn({ url: req.url, why, ip: req.ip }, '非法请求：签名校验失败');
    return new AppError('ILLEGAL_REQUEST');
  };
  const t = nonceTime(nonce);
  if (!sign || Number.isNaN(t)) throw reject('missing sign or nonce');
  if (Math.abs(Date.now() - t) > NONCE_WINDOW_MS) throw reject('stale nonce');
  // Multipart bodies are streamed and not hashed; they are authorised by the session like any call.
  const isMultipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
  const body = isMultipart ? '' : (req.rawBody ?? '');
  const bodyHash = body === '' ? EMPTY_SHA256 : sha256Hex(body);
  const expected = hmacHex(req.signKey ?? '', signingString(req.method, req.url, nonce, bodyHash));
  if (!safeEqual(expected, sign.toLowerCase())) throw reject('bad signature');
  // Checked after the signature so nobody can burn another client's nonces.
  if (!(await kv.markOnce(`nonce:${nonce}`, NONCE_WINDOW_MS * 2))) throw reject('replayed nonce');
}

export function checkAccess(access: Access | undefined, caller: Caller | null) {
  if (access === undefined) throw new AppError('FORBIDDEN');
  if (access === 'public') return;
  if (!caller) throw unauthorized();
  if (access === 'login') return;
  if ('accountTypes' in access && !access.accountTypes.includes(caller.accountType)) throw new AppError('FORBIDDEN');
  if ('perm' in access && !caller.perms.has(access.perm)) throw new AppError('FORBIDDEN');
  if ('flag' in access && !caller.pageFlags.has(pageFlagKey(access.page ?? access.perm, access.flag)))
    throw new AppError('FORBIDDEN', PAGE_FLAG_MESSAGE[access.flag]);
}
