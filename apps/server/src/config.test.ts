import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('listens on this machine only unless HOST is set (the demo passwords are published)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('writes readable log lines on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    const tty = process.stdout.isTTY ? 'pretty' : 'json';
    expect(loadConfig({}).logFormat).toBe(tty);
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'fancy' }).logFormat).toBe(tty);
  });

  it('takes the version from APP_VERSION or the root package (the web build uses the same rule), and single-session login is off by default', () => {
    expect(loadConfig({ APP_VERSION: '2.3.4' }).version).toBe('2.3.4');
    expect(loadConfig({}).version).toMatch(/^\d+\.\d+\.\d+/);
    expect(loadConfig({}).singleSession).toBe(false);
    expect(loadConfig({ SINGLE_SESSION: 'true' }).singleSession).toBe(true);
  });

  it('puts Redis keys behind REDIS_PREFIX, kc: by default (several deployments or test runs on one Redis)', () => {
    expect(loadConfig({}).redisPrefix).toBe('kc:');
    expect(loadConfig({ REDIS_PREFIX: '' }).redisPrefix).toBe('kc:');
    expect(loadConfig({ REDIS_PREFIX: 'caigou-staging:' }).redisPrefix).toBe('caigou-staging:');
  });
});
