import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeNonce, PUBLIC_SIGN_KEY, signingString, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/signing';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { KeyValueStore } from '../src/platform/kv/kv.port.ts';

/**
 * Test harness: a real app on a fresh database. SQLite by default (a temp file); when
 * DATABASE_URL is set, a fresh PostgreSQL database per app, dropped on close.
 */
export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  config: Config;
}

export async function createTestApp(
  opts: { captcha?: boolean; seed?: boolean; kv?: KeyValueStore; databaseUrl?: string; dataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kc-test-'));
  let databaseUrl = opts.databaseUrl ?? null;
  let dropDb: (() => Promise<void>) | null = null;
  if (!databaseUrl && process.env.DATABASE_URL) {
    const made = await createPgDatabase(process.env.DATABASE_URL);
    databaseUrl = made.url;
    dropDb = made.drop;
  }
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    redisUrl: opts.kv ? null : null,
    captchaEnabled: opts.captcha ?? false,
    seedDemo: opts.seed ?? true,
    // a small demo catalog keeps every test app's start fast
    catalogItems: 300,
    webDist: null,
    logLevel: 'silent',
  };
  const built = await buildApp(config, { kv: opts.kv, logger: false });
  return {
    ...built,
    config,
    close: async () => {
      await built.app.close();
      if (dropDb) await dropDb();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createPgDatabase(baseUrl: string) {
  const name = `kc_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

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
export async function call(app: BuiltApp['app'], method: string, url: string, o: CallOptions = {}) {
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

export async function login(app: BuiltApp['app'], userName: string, password = 'Demo@2026', opts: { remoteAddress?: string } = {}): Promise<Session> {
  const res = await call(app, 'POST', '/uac/oauth/token', {
    form: { grant_type: 'password', username: userName, password },
    remoteAddress: opts.remoteAddress,
  });
  if (res.body?.code !== 200) throw new Error(`登录失败 ${userName}: ${JSON.stringify(res.body)}`);
  const d = res.body.data;
  return { token: d.access_token, signKey: d.sign_key, refreshToken: d.refresh_token, data: d };
}
