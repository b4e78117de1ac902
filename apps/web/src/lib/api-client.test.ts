// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { registerNavigator } from './navigation.ts';
import { sha256Hex } from './request-signing.ts';

// antd's static message and modal would render into jsdom through React's scheduler, whose work
// can outlive this file's environment ("window is not defined" after teardown). The client's
// behaviour under test is the navigation and the answers, so feedback is a recording stub here.
vi.mock('./feedback.ts', async (original) => ({
  ...(await original<typeof import('./feedback.ts')>()),
  feedback: {
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
    info: vi.fn(),
    modal: () => ({ confirm: vi.fn(), info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() }),
    successDialog: vi.fn(async () => undefined),
    // the user acknowledges the prompt at once
    alert: vi.fn((_title: string, _content: string, onOk: () => void) => onOk()),
  },
}));

const navigate = vi.fn();
registerNavigator(navigate);

function storeToken(expireInMs: number) {
  const value = {
    accessToken: 'a'.repeat(32),
    tokenType: 'bearer',
    refreshToken: 'r'.repeat(32),
    signKey: 'k',
    expire: Date.now() + expireInMs,
    accountType: 1,
  };
  localStorage.setItem('pro__token', JSON.stringify({ value, expire: Date.now() + 7_200_000 }));
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('tells the server its build version on the token call only (410 when the bundle is older)', async () => {
    // a Response body reads once: a fresh one per call
    const fetchMock = vi.fn(async () => answer(200, { code: 200, message: 'ok', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await api.postForm('/uac/oauth/token', { grant_type: 'password', username: 'u', password: 'p' }, { auth: 'basic' });
    await api.post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'u', phoneNum: '13900000000' }, { auth: 'basic' });
    const sent = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => (init as { headers: Record<string, string> }).headers['x-client-version'],
    );
    expect(sent).toEqual(['0.0.0-test', undefined]);
  });

  it('signs a multipart upload with the hash of the empty body and lets the browser set the boundary', async () => {
    storeToken(60 * 60_000);
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { code: 200, message: 'ok', data: { succeeded: [], failed: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.postMultipart('/uac/file/upload', form, { query: { purpose: 'notice' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/uac/file/upload?purpose=notice');
    expect(init.body).toBe(form);
    expect(init.headers['content-type']).toBeUndefined();
    expect(init.headers.authorization).toBe(`Bearer ${'a'.repeat(32)}`);
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('trims query inputs and drops empty ones, adding the random t to GETs', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { code: 200, message: 'ok', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/uac/v1/notice/noauth/page', { title: '  维护 ', type: 0, status: '', current: 1 });
    const url = new URL(fetchMock.mock.calls[0][0] as string, 'http://x');
    expect(url.searchParams.get('title')).toBe('维护');
    expect(url.searchParams.has('type')).toBe(false);
    expect(url.searchParams.has('status')).toBe(false);
    expect(url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  it('refreshes a token near expiry first; a failed refresh logs out and goes to login', async () => {
    storeToken(60_000);
    const fetchMock = vi.fn().mockResolvedValue(answer(401, { code: 401, message: '令牌超时,请重新登录！', data: null, error: 'invalid_token' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/uac/v1/caas-user/getUserAllInfo')).rejects.toThrow();
    expect(fetchMock.mock.calls[0][0]).toBe('/uac/oauth/token');
    expect(localStorage.getItem('pro__token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('gives up on a call that hangs, silently, and tries a read once more', async () => {
    storeToken(60 * 60_000);
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const fetchMock = vi.fn(hang);
    vi.stubGlobal('fetch', fetchMock);
    const read = await api.get('/mall/v1/cart/num', undefined, { timeoutMs: 30 }).catch((e: { status: number; message: string }) => e);
    expect(read).toMatchObject({ status: 0, message: '' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const nonces = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>).nonce);
    expect(nonces[0]).not.toBe(nonces[1]);
    fetchMock.mockClear();
    await api.post('/mall/v1/cart/add', { itemId: 1, quantity: 1 }, { timeoutMs: 30 }).catch(() => undefined);
    // a write is never repeated
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks a read again once when a stopping process could not answer it or its retry was taken for a replay', async () => {
    storeToken(60 * 60_000);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(400, { code: 40001, message: '非法请求！' }))
      .mockResolvedValueOnce(answer(200, { code: 200, data: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/mall/v1/cart/num')).toBe(3);
    const nonces = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>).nonce);
    expect(nonces[0]).not.toBe(nonces[1]);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(502, { code: 502, message: 'Bad Gateway' }));
    await api.get('/mall/v1/cart/num', undefined, { silent: true }).catch(() => undefined);
    // once only
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(400, { code: 40001, message: '非法请求！' }));
    await api.post('/mall/v1/cart/add', { itemId: 1, quantity: 1 }, { silent: true }).catch(() => undefined);
    // a write is never repeated
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
