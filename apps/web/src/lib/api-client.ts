import type { TokenAnswer } from '@kc/contracts/identity/uac';
import type { Envelope } from '@kc/contracts/platform/errors';
import { makeNonce, PUBLIC_SIGN_KEY, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/platform/signing';
import { cleanParams, type QueryParams } from './clean-params.ts';
import { ApiError, handleApiError, MSG_NETWORK } from './error-catalogue.ts';
import { signRequest } from './request-signing.ts';
import { endSession, getToken, saveToken, type TokenRecord } from './session.ts';
import { StorageKey, storage } from './storage.ts';

/** 非法请求: a signature or nonce the server refused (docs/API.md). */
const ILLEGAL_REQUEST_CODE = 40001;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  /** query parameters; trimmed and emptied per docs/domains/platform.md#empty-query-values */
  query?: QueryParams;
  /** JSON body */
  json?: unknown;
  /** form-encoded body */
  form?: Record<string, string>;
  /** multipart body (file uploads); signed with the hash of the empty body, as the server expects */
  multipart?: FormData;
  /** 'basic' sends the fixed client credential even when logged in (login, refresh) */
  auth?: 'session' | 'basic';
  /** no plain error message; session-level effects (logout, unfreeze) still happen */
  silent?: boolean;
  signal?: AbortSignal;
  /** give up after this long (default 30 s, uploads 120 s); a GET that times out is tried once more */
  timeoutMs?: number;
}

/** How long a call may take before the client gives up: long enough for an export or a large page on a busy server. */
const TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 120_000;

/** The basic credential of the web client, used before login. */
export const BASIC_AUTHORIZATION = `Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`;

/** Refresh when the access token has less than this left. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;

const TOKEN_PATH = '/uac/oauth/token';

/** Cache-buster the spec adds to every GET. */
function randomT(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** The request target exactly as sent (and signed): path plus the cleaned query. */
export function buildTarget(method: HttpMethod, path: string, query?: QueryParams): string {
  const pairs = cleanParams(query);
  if (method === 'GET') pairs.push(['t', randomT()]);
  const qs = new URLSearchParams(pairs).toString();
  return qs ? `${path}?${qs}` : path;
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions, token: TokenRecord | null, retried = false): Promise<T> {
  const target = buildTarget(method, path, options.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  // The server answers a login from a bundle older than itself with 410 (reload first).
  if (path === TOKEN_PATH) headers['x-client-version'] = __APP_VERSION__;
  let body = '';
  let payload: BodyInit | undefined;
  if (options.multipart) {
    // The browser writes the boundary into content-type itself; the signature covers an empty body.
    payload = options.multipart;
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }

  const useSession = options.auth !== 'basic' && token !== null;
  headers.authorization = useSession ? `Bearer ${token.accessToken}` : BASIC_AUTHORIZATION;
  const nonce = makeNonce();
  headers.nonce = nonce;
  headers.sign = signRequest(useSession ? token.signKey : PUBLIC_SIGN_KEY, method, target, nonce, body);

  payload ??= body === '' ? undefined : body;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? (options.multipart ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS));
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(target, { method, headers, body: payload, signal });
  } catch (cause) {
    const name = (cause as { name?: string } | null)?.name ?? '';
    const timedOut = name === 'TimeoutError' || (name === 'AbortError' && timeout.aborted);
    const aborted = name === 'AbortError' && !timedOut;
    // a read is safe to repeat once (a fresh nonce and signature); a write is not: the server may have done it
    if (timedOut && method === 'GET' && !retried) return send<T>(method, path, options, token, true);
    const err = new ApiError(0, 0, timedOut || aborted ? '' : MSG_NETWORK);
    // Timeouts and aborts pass through silently (docs/domains/platform.md#error-catalogue).
    handleApiError(err, { silent: options.silent || aborted || timedOut });
    throw err;
  }

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.code === 200) return envelope.data;
  // A read that a stopping process could not answer (502/503 from the proxy), or whose nonce it had
  // already noted when it died so the proxy's retry on another process is refused as a replay
  // (40001): asked again once, with a fresh nonce and signature. Never a write.
  if (method === 'GET' && !retried && (response.status === 502 || response.status === 503 || envelope?.code === ILLEGAL_REQUEST_CODE)) {
    return send<T>(method, path, options, token, true);
  }

  // Only our envelope (numeric code) carries a message meant for users; framework errors get the generic one.
  const err =
    typeof envelope?.code === 'number'
      ? new ApiError(response.status, envelope.code, envelope.message ?? '', envelope.data ?? null, envelope.error)
      : new ApiError(response.status, response.status, '');
  handleApiError(err, { silent: options.silent });
  throw err;
}

let refreshing: Promise<TokenRecord> | null = null;

const REFRESH_LOCK_NAME = 'kc:token-refresh';
const REFRESH_LOCK_MS = 10_000;
const REFRESH_LOCK_LINGER_MS = 300;

/** The stored token when another tab has already rotated `token`'s refresh token. */
function rotatedElsewhere(token: TokenRecord): TokenRecord | null {
  const latest = getToken();
  return latest && latest.refreshToken !== token.refreshToken ? latest : null;
}

/** 刷新令牌 POST /uac/oauth/token */
async function refreshUnlessRotated(token: TokenRecord): Promise<TokenRecord> {
  const rotated = rotatedElsewhere(token);
  if (rotated) return rotated;
  try {
    const answer = await send<TokenAnswer>(
      'POST',
      TOKEN_PATH,
      { form: { grant_type: 'refresh_token', refresh_token: token.refreshToken }, auth: 'basic', silent: true },
      null,
    );
    return saveToken(answer);
  } catch (err) {
    const latest = rotatedElsewhere(token);
    if (latest && latest.expire - Date.now() > REFRESH_MARGIN_MS) return latest;
    endSession();
    throw err;
  }
}

/** Waits while another tab holds the storage lock, until it has stored a rotated token (or the lock lapses). */
async function waitForOtherTab(token: TokenRecord): Promise<void> {
  const deadline = Date.now() + REFRESH_LOCK_MS;
  while (Date.now() < deadline) {
    const lockedAt = storage.get<number>(StorageKey.refreshLock);
    if (!lockedAt || Date.now() - lockedAt >= REFRESH_LOCK_MS || rotatedElsewhere(token)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Refreshes the token once across all tabs: the server revokes the whole session when a refresh
 * token is used twice. Web Locks serialise tabs where available (secure contexts); on plain-http
 * origins a storage lock narrows the race.
 */
async function refreshAccessToken(token: TokenRecord): Promise<TokenRecord> {
  if ('locks' in navigator && navigator.locks) {
    return new Promise<TokenRecord>((resolve, reject) => {
      void navigator.locks.request(REFRESH_LOCK_NAME, async () => {
        try {
          resolve(await refreshUnlessRotated(token));
        } catch (err) {
          reject(err);
        }
        // localStorage reaches other tabs asynchronously: keep the lock a moment so the next holder reads the new token.
        await new Promise((r) => setTimeout(r, REFRESH_LOCK_LINGER_MS));
      });
    });
  }
  await waitForOtherTab(token);
  storage.set(StorageKey.refreshLock, Date.now(), REFRESH_LOCK_MS);
  try {
    return await refreshUnlessRotated(token);
  } finally {
    storage.remove(StorageKey.refreshLock);
  }
}

/** The current token, refreshed first when it is within 10 minutes of expiry (one refresh at a time). */
async function freshToken(): Promise<TokenRecord | null> {
  const token = getToken();
  if (!token || token.expire - Date.now() > REFRESH_MARGIN_MS) return token;
  refreshing ??= refreshAccessToken(token).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Sends one signed call and unwraps the envelope; failures go through the error catalogue and reject with ApiError. */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth === 'basic' ? null : await freshToken();
  return send<T>(method, path, options, token);
}

type Extra = Omit<RequestOptions, 'query' | 'json' | 'form' | 'multipart'>;

export const api = {
  get: <T>(path: string, query?: QueryParams, extra?: Extra) => request<T>('GET', path, { ...extra, query }),
  post: <T>(path: string, json?: unknown, extra?: Extra & { query?: QueryParams }) => request<T>('POST', path, { ...extra, json }),
  postForm: <T>(path: string, form: Record<string, string>, extra?: Extra & { query?: QueryParams }) => request<T>('POST', path, { ...extra, form }),
  postMultipart: <T>(path: string, multipart: FormData, extra?: Extra & { query?: QueryParams }) => request<T>('POST', path, { ...extra, multipart }),
  put: <T>(path: string, json?: unknown, extra?: Extra) => request<T>('PUT', path, { ...extra, json }),
  delete: <T>(path: string, query?: QueryParams, extra?: Extra) => request<T>('DELETE', path, { ...extra, query }),
};
