import { describe, expect, it } from 'vitest';
import { isOutdatedClient } from './client-version.ts';

describe('isOutdatedClient', () => {
  it('lets in a missing header, the same version and a newer client', () => {
    expect(isOutdatedClient(undefined, '1.2.0')).toBe(false);
    expect(isOutdatedClient('1.2.0', '1.2.0')).toBe(false);
    expect(isOutdatedClient('1.10.0', '1.9.3')).toBe(false);
    expect(isOutdatedClient('1.2', '1.2.0')).toBe(false);
  });

  it('refuses an older numeric version, comparing parts as numbers', () => {
    expect(isOutdatedClient('1.9.3', '1.10.0')).toBe(true);
    expect(isOutdatedClient('0.1.0', '0.2.0')).toBe(true);
  });

  it('refuses any other different version (e.g. build hashes)', () => {
    expect(isOutdatedClient('a1b2c3', 'd4e5f6')).toBe(true);
  });
});
