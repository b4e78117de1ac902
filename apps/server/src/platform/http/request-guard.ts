import { NONCE_WINDOW_MS, nonceTime, signingString } from '@kc/contracts/platform/signing';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, type Caller, PAGE_FLAG_MESSAGE, pageFlagKey } from '../auth/access.ts';
import type { CallerBase } from '../auth/caller.repository.ts';
import type { CallerCache } from '../auth/caller-cache.ts';
import { allowedBeforePasswordChange } from '../auth/password-gate.ts';
import type { SessionRef, SessionStore } from '../auth/session-store.ts';
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
    /** the route's config, read once (routeConfig below) */
    routeConfigSeen: RouteConfig | null;
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
/** A used nonce is remembered for twice the window it is accepted in (either side of the server's clock). */
const NONCE_TTL_MS = NONCE_WINDOW_MS * 2;
const nonceKey = (nonce: string) => `nonce:${nonce}`;

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
  app.decorateRequest('routeConfigSeen', null);

  // A callback hook with a synchronous fast path: with the key-value store in this process and the
  // caller cached, a request without a body is identified, verified and admitted in one step, with
  // no promise on the way (the hottest path of the server). Anything else takes the async path.
  app.addHook('onRequest', (req, _reply, done) => {
    if (isUnsignedRoute(req.method, routeConfig(req).url)) return done();
    try {
      if (checkedNow(req, deps)) return done();
    } catch (e) {
      return done(e as Error);
    }
    guarded(req, deps).then(() => done(), done);
  });
  // a callback hook: most requests have no body and pass straight through, without a promise
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.guardPending) return done();
    signedAndAllowed(req, deps.kv).then(() => done(), done);
  });
}

/** The three steps, waiting where they must; a request with a body finishes in preValidation. */
async function guarded(req: FastifyRequest, deps: GuardDeps) {
  await identify(req, deps);
  if (hasBody(req)) req.guardPending = true;
  else await signedAndAllowed(req, deps.kv);
}

/** Step 1: who is calling and which key signs the request (sets req.caller or the API client). */
async function identify(req: FastifyRequest, deps: GuardDeps) {
  const cred = bearerToken(req);
  if (cred !== null) {
    const session = await deps.sessions.resolve(cred);
    const base = session && session !== 'displaced' ? await deps.callers.get(session.uid, session.aclVersion) : null;
    return admitSession(req, session, base);
  }
  const auth = req.headers.authorization ?? '';
  const space = auth.indexOf(' ');
  const scheme = auth.slice(0, space).toLowerCase();
  const basic = auth.slice(space + 1).trim();
  const decoded = scheme === 'basic' && basic ? Buffer.from(basic, 'base64').toString('utf8') : '';
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

/**
 * All three steps without waiting, when everything they need is in this process: a session call
 * without a body, the key-value store local (kv.local) and the caller cached. True when done (the
 * request is admitted; a refusal throws); false when the async path must do it.
 */
function checkedNow(req: FastifyRequest, deps: GuardDeps): boolean {
  const local = deps.kv.local;
  if (!local || hasBody(req)) return false;
  const cred = bearerToken(req);
  if (cred === null) return false;
  const session = deps.sessions.resolveNow(cred);
  if (session === undefined) return false;
  let base: ReturnType<CallerCache['peek']> = null;
  if (session && session !== 'displaced') {
    base = deps.callers.peek(session.uid, session.aclVersion);
    if (base === undefined) return false;
  }
  admitSession(req, session, base);
  const nonce = signatureChecked(req);
  if (!local.markOnceNow(nonceKey(nonce), NONCE_TTL_MS)) throw replayed(req);
  allowed(req);
  return true;
}

/** The bearer token of a session call, or null when the request does not carry one. */
function bearerToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (!auth || auth.length < 8 || auth.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const cred = auth.slice(7).trim();
  return cred === '' ? null : cred;
}

type CallerEntry = Awaited<ReturnType<CallerCache['get']>>;

/** A resolved session and its caller become req.caller and req.signKey, or the request is refused. */
function admitSession(req: FastifyRequest, session: SessionRef | 'displaced' | null, base: CallerEntry) {
  if (session === 'displaced') throw new AppError('SESSION_CONFLICT');
  if (!session) throw unauthorized();
  if (base === null) throw new AppError('SESSION_INVALID');
  if ('inactive' in base) throw new AppError(base.inactive === 2 ? 'SESSION_INVALID' : 'ACCOUNT_LOCKED');
  req.caller = callerOf(base, session);
  req.signKey = session.signKey;
}

/**
 * The request's caller: the cached user (CallerCache) with the session's family and acl version.
 * Made once per user and session, not per request: on V8 an object literal that spreads and then
 * adds properties builds a new hidden class every time (~2 µs, and every later read of req.caller
 * turned polymorphic); per request it cost about a third of getUserAllInfo's CPU (docs/BENCHMARKS.md).
 * Frozen, since requests share it.
 */
function callerOf(base: CallerBase, session: SessionRef): Caller {
  const last = callers.get(base);
  if (last && last.fid === session.fid && last.aclVersion === session.aclVersion) return last;
  const made = Object.freeze({ ...base, fid: session.fid, aclVersion: session.aclVersion });
  callers.set(base, made);
  return made;
}
const callers = new WeakMap<CallerBase, Caller>();

/**
 * The route's config (its `access`, `clientScope` and, put there by Fastify, its url). Read through
 * req.routeOptions, a getter that builds a new object on every access: once per request, kept on
 * the request.
 */
function routeConfig(req: FastifyRequest) {
  req.routeConfigSeen ??= req.routeOptions.config as RouteConfig;
  return req.routeConfigSeen;
}
type RouteConfig = FastifyContextConfig & { url?: string };

const hasBody = (req: FastifyRequest) => {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
};

/** Steps 2 and 3 once the body is known (the async path). */
async function signedAndAllowed(req: FastifyRequest, kv: KeyValueStore) {
  const nonce = signatureChecked(req);
  // Checked after the signature so nobody can burn another client's nonces.
  if (!(await kv.markOnce(nonceKey(nonce), NONCE_TTL_MS))) throw replayed(req);
  allowed(req);
}

/** Step 3: the route's declared access, the client's scope, the pending initial password. */
function allowed(req: FastifyRequest) {
  // An unknown path has no route and so no `access`: answer 404, not 403 (403 logs the web client out).
  if (req.is404) return;
  const config = routeConfig(req);
  const access = config.access;
  const scope = config.clientScope;
  if (scope && !req.caller) {
    // a basic client credential on a route API clients call: its scope decides
    if (!req.apiClientScopes?.includes(scope)) throw new AppError('FORBIDDEN', '该接口客户端没有调用此接口的权限');
    return;
  }
  checkAccess(access, req.caller);
  // the initial password must go first (platform/auth/password-gate.ts)
  if (req.caller?.mustChangePassword && access !== 'public' && !allowedBeforePasswordChange(req.method, config.url ?? '')) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
}

const rejected = (req: FastifyRequest, why: string) => {
  req.log.warn({ url: req.url, why, ip: req.ip }, '非法请求：签名校验失败');
  return new AppError('ILLEGAL_REQUEST');
};
const replayed = (req: FastifyRequest) => rejected(req, 'replayed nonce');

/** Step 2 without the nonce's single use: the signature over method, target, nonce and body hash. Answers the nonce. */
function signatureChecked(req: FastifyRequest): string {
  const nonce = String(req.headers.nonce ?? '');
  const sign = String(req.headers.sign ?? '');
  const t = nonceTime(nonce);
  if (!sign || Number.isNaN(t)) throw rejected(req, 'missing sign or nonce');
  if (Math.abs(Date.now() - t) > NONCE_WINDOW_MS) throw rejected(req, 'stale nonce');
  // Multipart bodies are streamed and not hashed; they are authorised by the session like any call.
  const isMultipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
  const body = isMultipart ? '' : (req.rawBody ?? '');
  const bodyHash = body === '' ? EMPTY_SHA256 : sha256Hex(body);
  const expected = hmacHex(req.signKey ?? '', signingString(req.method, req.url, nonce, bodyHash));
  if (!safeEqual(expected, sign.toLowerCase())) throw rejected(req, 'bad signature');
  return nonce;
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
