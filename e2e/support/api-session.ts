import { createHash, createHmac } from 'node:crypto';
import { makeNonce, PUBLIC_SIGN_KEY, signingString, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/platform/signing';

/** What the server answered, as it came (no envelope check): for tests that expect a refusal. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  /** the parsed JSON body (the envelope, or an OAuth error), or null when the body is not JSON */
  body: any;
}

export interface SendOptions {
  body?: string | FormData;
  contentType?: string;
  /** a nonce of the caller's choosing (replay tests); a fresh one otherwise */
  nonce?: string;
  headers?: Record<string, string>;
}

/** A signed caller of the server's API from the test process (seeding data the way the web client would). */
export class ApiSession {
  private constructor(
    readonly baseUrl: string,
    private readonly authorization: string,
    private readonly signKey: string,
    /** X-Forwarded-For sent with every call: a test on the proxy's host speaks for a client address (TRUST_PROXY) */
    private readonly forwardedFor?: string,
  ) {}

  /** Logs in with the password grant (the e2e server runs with the captcha off). */
  static async login(baseUrl: string, userName: string, password: string, opts: { forwardedFor?: string } = {}): Promise<ApiSession> {
    const answer = await ApiSession.anonymous(baseUrl, opts).send<{ access_token: string; sign_key: string }>(
      'POST',
      '/uac/oauth/token?captcha=abcd&randomStr=e2eRandomStr01',
      new URLSearchParams({ grant_type: 'password', username: userName, password }).toString(),
      'application/x-www-form-urlencoded',
    );
    return new ApiSession(baseUrl, `Bearer ${answer.access_token}`, answer.sign_key, opts.forwardedFor);
  }

  /** Calls without login: the web client's basic credential and the public signing key. */
  static anonymous(baseUrl: string, opts: { forwardedFor?: string } = {}): ApiSession {
    return new ApiSession(baseUrl, `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`, PUBLIC_SIGN_KEY, opts.forwardedFor);
  }

  /** The same session (token and signing key) calling another server process. */
  at(baseUrl: string): ApiSession {
    return new ApiSession(baseUrl, this.authorization, this.signKey, this.forwardedFor);
  }

  /** One signed call, answered as it came. Multipart bodies are signed over the empty body (docs/API.md). */
  async raw(method: string, pathWithQuery: string, opts: SendOptions = {}): Promise<RawAnswer> {
    const nonce = opts.nonce ?? makeNonce();
    const text = typeof opts.body === 'string' ? opts.body : '';
    const bodyHash = createHash('sha256').update(text).digest('hex');
    const sign = createHmac('sha256', this.signKey)
      .update(signingString(method, pathWithQuery, nonce, bodyHash))
      .digest('hex');
    const res = await fetch(this.baseUrl + pathWithQuery, {
      method,
      headers: {
        authorization: this.authorization,
        nonce,
        sign,
        ...(text ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
        ...(this.forwardedFor ? { 'x-forwarded-for': this.forwardedFor } : {}),
        ...opts.headers,
      },
      body: opts.body || undefined,
    });
    const raw = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      // not JSON (a proxy's error page): the status says what happened
    }
    return { status: res.status, headers: res.headers, body };
  }

  async send<T>(method: string, pathWithQuery: string, body = '', contentType = 'application/json'): Promise<T> {
    const r = await this.raw(method, pathWithQuery, { body, contentType });
    const envelope = r.body as { code: number; message: string; data: T } | null;
    if (envelope?.code !== 200) throw new Error(`${method} ${pathWithQuery}: ${r.status} ${envelope?.code} ${envelope?.message}`);
    return envelope.data;
  }

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T>(path: string, json?: unknown): Promise<T> {
    return this.send<T>('POST', path, json === undefined ? '' : JSON.stringify(json));
  }

  put<T>(path: string, json: unknown): Promise<T> {
    return this.send<T>('PUT', path, JSON.stringify(json));
  }
}

/** A 1×1 PNG: the smallest picture the upload's type sniffing accepts. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
