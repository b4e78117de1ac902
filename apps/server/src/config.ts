import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { S3Settings } from './platform/files/s3-storage.ts';

/** Typed configuration, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** REDIS_PREFIX: put before every key in Redis, so several deployments (or test runs) can share one Redis */
  redisPrefix: string;
  captchaEnabled: boolean;
  logLevel: string;
  /** LOG_FORMAT: 'pretty' (readable lines) or 'json'; by default pretty on a terminal, JSON otherwise */
  logFormat: 'pretty' | 'json';
  /** seed demo data when the database is empty */
  seedDemo: boolean;
  /** items in the demo catalog seeded with the demo data (CATALOG_ITEMS, default 20,000) */
  catalogItems: number;
  /** draw the catalog's structure pictures when seeding (CATALOG_PICTURES, default true; off, each is drawn at its first request) */
  catalogPictures: boolean;
  /** place the demo orders on an empty demo database (DEMO_ORDERS, default true; the tests start without them) */
  demoOrders: boolean;
  /** with the demo orders, about twelve months of accepted order history through the historical-order import (DEMO_HISTORY, default true; the tests start without it) */
  demoHistory: boolean;
  webDist: string | null;
  /** the product version (APP_VERSION or the root package.json's), served at /version.json; the web build carries the same */
  version: string;
  /** SINGLE_SESSION: one session per account; a new login ends the others, whose next call answers 409 */
  singleSession: boolean;
  smtp: { host: string; port: number; secure: boolean; user: string | null; pass: string | null; from: string } | null;
  /** the reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges), or false */
  trustProxy: false | string;
  /** where files live (FILE_STORE; platform/files/open-file-storage.ts) */
  fileStore: FileStoreConfig;
}

export type FileStoreConfig = { kind: 'disk' } | { kind: 'postgres' } | { kind: 's3'; s3: S3Settings };

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : !/^(0|false|no|off)$/i.test(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 8080),
    // the demo accounts' passwords are published: listen on this machine only unless told otherwise
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'kc:',
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    seedDemo: bool(env.SEED_DEMO, true),
    catalogItems: Number(env.CATALOG_ITEMS || 20_000),
    catalogPictures: env.CATALOG_PICTURES !== 'false',
    demoOrders: env.DEMO_ORDERS !== 'false',
    demoHistory: env.DEMO_HISTORY !== 'false',
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    // the same rule as apps/web/vite.config.ts, so a build and its server agree without configuration
    version: env.APP_VERSION || (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version,
    singleSession: bool(env.SINGLE_SESSION, false),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 465),
          secure: bool(env.SMTP_SECURE, true),
          user: env.SMTP_USER ?? null,
          pass: env.SMTP_PASS ?? null,
          from: env.SMTP_FROM ?? 'noreply@localhost',
        }
      : null,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    fileStore: fileStore(env),
  };
}

/**
 * FILE_STORE=disk|postgres|s3. Unset: s3 when S3_BUCKET is set, postgres when DATABASE_URL is set (so
 * several processes share their files with nothing else to run), disk otherwise.
 */
export function fileStore(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = env.FILE_STORE || (env.S3_BUCKET ? 's3' : env.DATABASE_URL ? 'postgres' : 'disk');
  if (kind === 'disk' || kind === 'postgres') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE 只能是 disk、postgres 或 s3，而不是 ${kind}`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`FILE_STORE=s3 缺少环境变量：${missing.join('、')}`);
  return {
    kind,
    s3: {
      endpoint: env.S3_ENDPOINT || null,
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET as string,
      prefix: env.S3_PREFIX ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID as string,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
      // self-hosted stores (MinIO) want the bucket in the path; AWS and the big clouds take it as a host name
      forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, !!env.S3_ENDPOINT),
    },
  };
}

/**
 * TRUST_PROXY names the proxies in front of the server (comma-separated addresses or CIDR ranges,
 * e.g. `127.0.0.1` or `10.0.0.0/8`); `true` means a proxy on this host (loopback). Trusting every
 * hop would let a client choose its own address with a made-up X-Forwarded-For header and walk
 * around every per-address limit, so there is no "trust everything" setting.
 */
export function trustedProxies(v: string | undefined): false | string {
  const s = (v ?? '').trim();
  if (s === '' || s === 'false' || s === '0') return false;
  if (s === 'true' || s === '1') return '127.0.0.1,::1';
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ok = (p: string) =>
    /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/.test(p) || /^[0-9a-f:]+(\/\d{1,3})?$/i.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p);
  const bad = parts.filter((p) => !ok(p));
  if (bad.length) throw new Error(`TRUST_PROXY 应为代理的地址或网段（逗号分隔），无法识别：${bad.join(', ')}`);
  return parts.join(',');
}
