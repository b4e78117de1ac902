import { createHash, createHmac } from 'node:crypto';
import { makeNonce, PUBLIC_SIGN_KEY, signingString, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/platform/signing';
import type { BuiltApp } from '../../src/app.ts';

/**
 * Sessions and signed requests for the HTTP tests, through app.inject as the web client would:
 *
 *   const { as, req } = demoSessions(() => t);   // t: the file's TestApp, made in beforeAll
 *   await req('buyer1', 'GET', '/mall/v1/cart/items');             // signed, as buyer1
 *   await call(t.app, 'POST', url, { session: await as('admin'), raw }); // any other request shape
 *
 * `as` logs a demo account in once per app and caches the session; `login` always logs in afresh.
 */
type App = BuiltApp['app'];

/** Passwords of the seeded demo accounts: the platform admin has its own. */
export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN_PASSWORD = 'Admin@2026';
export const demoPassword = (userName: string) => (userName === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);

export const BASIC = `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`;

export interface Session {
  token: string;
  signKey: string;
  refreshToken: string;
  data: any;
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** raw body text with a content type */
  raw?: { body: string; type: string };
  session?: Session | null;
  /** override the signature parts to test tampering */
  nonce?: string;
  signKey?: string;
  sign?: string | null;
  authorization?: string | null;
  headers?: Record<string, string>;
  /** sign this target instead of the one sent */
  signedUrl?: string;
  signedMethod?: string;
  signedBody?: string;
  /** client address seen by the server (rate limits are per IP); app.inject's default is 127.0.0.1 */
  remoteAddress?: string;
}

export function signedHeaders(method: string, url: string, body: string, key: string, nonce = makeNonce()) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return {
    nonce,
    sign: createHmac('sha256', key)
      .update(signingString(method, url, nonce, bodyHash))
      .digest('hex'),
  };
}

/** Sends one signed request through app.inject, as the web client would. */
export async function call(app: App, method: string, url: string, o: CallOptions = {}) {
  let body = '';
  let type: string | undefined;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    type = 'application/json';
  } else if (o.form) {
    body = new URLSearchParams(o.form).toString();
    type = 'application/x-www-form-urlencoded';
  } else if (o.raw) {
    body = o.raw.body;
    type = o.raw.type;
  }
  const key = o.signKey ?? o.session?.signKey ?? PUBLIC_SIGN_KEY;
  const sig = signedHeaders(o.signedMethod ?? method, o.signedUrl ?? url, o.signedBody ?? body, key, o.nonce);
  const headers: Record<string, string> = { ...o.headers };
  const auth = o.authorization === undefined ? (o.session ? `Bearer ${o.session.token}` : BASIC) : o.authorization;
  if (auth !== null) headers.authorization = auth;
  headers.nonce = sig.nonce;
  if (o.sign !== null) headers.sign = o.sign ?? sig.sign;
  if (type) headers['content-type'] = type;
  const res = await app.inject({ method: method as 'GET', url, headers, payload: body || undefined, remoteAddress: o.remoteAddress });
  let parsed: any = null;
  try {
    parsed = res.json();
  } catch {
    parsed = null;
  }
  return { status: res.statusCode, body: parsed, raw: res };
}

/** A fresh login with the password grant (no cache): for tests about logging in, or from a given client address. */
export async function login(app: App, userName: string, password = demoPassword(userName), opts: { remoteAddress?: string } = {}): Promise<Session> {
  const res = await call(app, 'POST', '/uac/oauth/token', {
    form: { grant_type: 'password', username: userName, password },
    remoteAddress: opts.remoteAddress,
  });
  if (res.body?.code !== 200) throw new Error(`登录失败 ${userName}: ${JSON.stringify(res.body)}`);
  const d = res.body.data;
  return { token: d.access_token, signKey: d.sign_key, refreshToken: d.refresh_token, data: d };
}

/** Sessions logged in through `sessionOf`, per app and user name (an app's sessions go with it). */
const cached = new WeakMap<App, Map<string, Promise<Session>>>();

/**
 * The session of `userName` on this app: logged in on first use (with `password`, by default the
 * demo password; an account a test made passes its own), then the same session for the rest of the
 * app's life. A password given once the session is cached is not used.
 */
export function sessionOf(app: App, userName: string, password = demoPassword(userName)): Promise<Session> {
  const users = cached.get(app) ?? new Map<string, Promise<Session>>();
  cached.set(app, users);
  let session = users.get(userName);
  if (!session) {
    session = login(app, userName, password);
    users.set(userName, session);
    // a failed login is not remembered: the next call tries again
    session.catch(() => users.delete(userName));
  }
  return session;
}

/**
 * A test file's demo users on the app `current()` answers (called on use, so it may be made in beforeAll):
 * `as(user)` is the cached session, `req(user, method, url, json)` a signed request as that user.
 */
export function demoSessions(current: () => { app: App }) {
  const as = (userName: string, password?: string) => sessionOf(current().app, userName, password);
  const req = async (userName: string, method: string, url: string, json?: unknown) => call(current().app, method, url, { session: await as(userName), json });
  return { as, req };
}
