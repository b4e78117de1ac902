import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKv } from '../src/platform/kv/memory-kv.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call } from './support/sessions.ts';
import { addresses, CJK } from './support/uac.ts';

let t: TestApp;
let skew = 0;
const kv = new MemoryKv(() => Date.now() + skew);
const ip = addresses('10.20');
let seq = 0;
const newKey = () => `captcha-${Date.now()}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp({ captcha: true, kv });
});
afterAll(async () => {
  await t.close();
  await kv.close();
});

async function fetchCaptcha(randomStr: string, remoteAddress = ip()) {
  const r = await t.app.inject({ method: 'GET', url: `/uac/captcha.jpg?randomStr=${randomStr}`, remoteAddress });
  return r;
}
const answerOf = async (randomStr: string) => (await t.ctx.kv.get(`cap:${randomStr}`)) as string;

function loginWith(q: { captcha?: string; randomStr?: string }, password = 'Demo@2026', userName = 'buyer1') {
  const qs = new URLSearchParams(q as Record<string, string>).toString();
  return call(t.app, 'POST', `/uac/oauth/token${qs ? `?${qs}` : ''}`, {
    form: { grant_type: 'password', username: userName, password },
    remoteAddress: ip(),
  });
}

describe('captcha', () => {
  it('GET /uac/captcha.jpg answers an SVG image that is never cached, and keeps the answer server-side', async () => {
    const key = newKey();
    const r = await fetchCaptcha(key);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.trimStart().startsWith('<svg')).toBe(true);
    const answer = await answerOf(key);
    expect(answer).toMatch(/^[a-z0-9]{4}$/);
    // the answer is not written into the image as text
    expect(r.body).not.toContain(`>${answer}<`);
  });

  it('refuses a malformed randomStr with a Chinese 400', async () => {
    for (const bad of ['short', 'has space here', `${'a'.repeat(65)}`, 'bad/chars!']) {
      const r = await fetchCaptcha(encodeURIComponent(bad));
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toMatch(CJK);
    }
    const none = await t.app.inject({ method: 'GET', url: '/uac/captcha.jpg', remoteAddress: ip() });
    expect(none.statusCode).toBe(400);
  });

  it('/version.json tells the login page to show the captcha field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/version.json' })).json()).toMatchObject({ captcha: true });
  });

  it('login without a captcha is refused with 40002', async () => {
    const r = await loginWith({});
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40002);
    expect(r.body.message).toMatch(CJK);
  });

  it('the right answer (in the query, any letter case) logs in; the same randomStr cannot be used twice', async () => {
    const key = newKey();
    await fetchCaptcha(key);
    const answer = await answerOf(key);
    const first = await loginWith({ captcha: answer.toUpperCase(), randomStr: key });
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeTruthy();
    const again = await loginWith({ captcha: answer, randomStr: key });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(40002);
  });

  it('the captcha may also come in the body', async () => {
    const key = newKey();
    await fetchCaptcha(key);
    const r = await call(t.app, 'POST', '/uac/oauth/token', {
      form: { grant_type: 'password', username: 'buyer1', password: 'Demo@2026', captcha: await answerOf(key), randomStr: key },
      remoteAddress: ip(),
    });
    expect(r.status).toBe(200);
  });

  it('a wrong answer is 40002 and spends the captcha: the right answer afterwards fails too', async () => {
    const key = newKey();
    await fetchCaptcha(key);
    const answer = await answerOf(key);
    const wrong = answer === 'abcd' ? 'abce' : 'abcd';
    const r = await loginWith({ captcha: wrong, randomStr: key });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 40002 });
    expect((await loginWith({ captcha: answer, randomStr: key })).body.code).toBe(40002);
    // an unknown randomStr
    expect((await loginWith({ captcha: answer, randomStr: newKey() })).body.code).toBe(40002);
  });

  it('the captcha is checked before the password: a wrong captcha with the right password does not log in', async () => {
    const r = await loginWith({ captcha: 'zzzz', randomStr: newKey() });
    expect(r.body.code).toBe(40002);
    expect(r.body.data).toBeNull();
  });

  it('a captcha lasts 5 minutes', async () => {
    const early = newKey();
    const late = newKey();
    await fetchCaptcha(early);
    await fetchCaptcha(late);
    try {
      skew = 5 * 60_000 - 2000;
      expect((await loginWith({ captcha: await answerOf(early), randomStr: early })).status).toBe(200);
      const lateAnswer = await answerOf(late);
      skew = 5 * 60_000 + 1000;
      const r = await loginWith({ captcha: lateAnswer, randomStr: late });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40002);
    } finally {
      skew = 0;
    }
  });

  it('a new captcha for the same randomStr replaces the old answer', async () => {
    const key = newKey();
    await fetchCaptcha(key);
    const old = await answerOf(key);
    let fresh = old;
    for (let i = 0; i < 5 && fresh === old; i++) {
      await fetchCaptcha(key);
      fresh = await answerOf(key);
    }
    expect(fresh).not.toBe(old);
    expect((await loginWith({ captcha: old, randomStr: key })).body.code).toBe(40002);
  });

  it('is rate limited to 60 images a minute per address', async () => {
    const addr = '10.21.0.1';
    for (let i = 0; i < 60; i++) expect((await fetchCaptcha(newKey(), addr)).statusCode).toBe(200);
    const over = await fetchCaptcha(newKey(), addr);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(CJK);
    expect((await fetchCaptcha(newKey(), '10.21.0.2')).statusCode).toBe(200);
    skew = 61_000;
    try {
      expect((await fetchCaptcha(newKey(), addr)).statusCode).toBe(200);
    } finally {
      skew = 0;
    }
  });
});
