import path from 'node:path';

/** Typed configuration, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  captchaEnabled: boolean;
  logLevel: string;
  /** seed demo data when the database is empty */
  seedDemo: boolean;
  /** items in the demo catalog seeded with the demo data (CATALOG_ITEMS, default 20,000) */
  catalogItems: number;
  webDist: string | null;
  version: string;
  smtp: { host: string; port: number; secure: boolean; user: string | null; pass: string | null; from: string } | null;
  /** trust X-Forwarded-For from a reverse proxy (nginx) */
  trustProxy: boolean;
}

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : !/^(0|false|no|off)$/i.test(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: bool(env.SEED_DEMO, true),
    catalogItems: Number(env.CATALOG_ITEMS || 20_000),
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    version: env.APP_VERSION ?? process.env.npm_package_version ?? '0.1.0',
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
    trustProxy: bool(env.TRUST_PROXY, false),
  };
}
