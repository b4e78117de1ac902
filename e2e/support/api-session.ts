import { createHash, createHmac } from 'node:crypto';
import { makeNonce, PUBLIC_SIGN_KEY, signingString, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/signing';

/** A signed caller of the server's API from the test process (seeding data the way the web client would). */
export class ApiSession {
  private constructor(
    private readonly baseUrl: string,
    private readonly authorization: string,
    private readonly signKey: string,
  ) {}

  /** Logs in with the password grant (the e2e server runs with the captcha off). */
  static async login(baseUrl: string, userName: string, password: string): Promise<ApiSession> {
    const anon = ApiSession.anonymous(baseUrl);
    const form = new URLSearchParams({ grant_type: 'password', username: userName, password }).toString();
    const answer = await anon.send<{ access_token: string; sign_key: string }>(
      'POST',
      '/uac/oauth/token?captcha=abcd&randomStr=e2eRandomStr01',
      form,
      'application/x-www-form-urlencoded',
    );
    return new ApiSession(baseUrl, `Bearer ${answer.access_token}`, answer.sign_key);
  }

  /** Calls without login: the web client's basic credential and the public signing key. */
  static anonymous(baseUrl: string): ApiSession {
    return new ApiSession(baseUrl, `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`, PUBLIC_SIGN_KEY);
  }

  async send<T>(method: string, pathWithQuery: string, body = '', contentType = 'application/json'): Promise<T> {
    const nonce = makeNonce();
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const sign = createHmac('sha256', this.signKey)
      .update(signingString(method, pathWithQuery, nonce, bodyHash))
      .digest('hex');
    const res = await fetch(this.baseUrl + pathWithQuery, {
      method,
      headers: { authorization: this.authorization, nonce, sign, ...(body ? { 'content-type': contentType } : {}) },
      body: body || undefined,
    });
    const envelope = (await res.json()) as { code: number; message: string; data: T };
    if (envelope.code !== 200) throw new Error(`${method} ${pathWithQuery}: ${res.status} ${envelope.code} ${envelope.message}`);
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
