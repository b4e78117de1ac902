import { createHash, createHmac } from 'node:crypto';
import { makeNonce, NONCE_WINDOW_MS, nonceTime, signingString } from '@kc/contracts/platform/signing';
import { describe, expect, it } from 'vitest';

describe('the signed byte string (docs/API.md, packages/contracts/src/signing.ts)', () => {
  it('is METHOD\\nPATH_WITH_QUERY\\nNONCE\\nBODY_SHA256 with the method upper-cased', () => {
    const body = '{"deptId":12}';
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const s = signingString('post', '/uac/v1/dept/setCurrentDept?a=1&b=%E4%B8%AD', '1763784000000Ab3dE', bodyHash);
    expect(s).toBe(`POST\n/uac/v1/dept/setCurrentDept?a=1&b=%E4%B8%AD\n1763784000000Ab3dE\n${bodyHash}`);
    expect(s.split('\n')).toHaveLength(4);
  });

  it('an empty body hashes as the SHA-256 of zero bytes', () => {
    const empty = createHash('sha256').update('').digest('hex');
    expect(empty).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(signingString('GET', '/version.json', 'n', empty).endsWith(`\n${empty}`)).toBe(true);
  });

  it('a fixed vector: key, string and lower-case hex HMAC-SHA256', () => {
    const s = signingString('GET', '/uac/v1/caas-user/getUserAllInfo?t=1', '1700000000000abcde', createHash('sha256').update('').digest('hex'));
    const sign = createHmac('sha256', 'kc-public-sign-key-v1').update(Buffer.from(s, 'utf8')).digest('hex');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(sign).toBe(
      createHmac('sha256', 'kc-public-sign-key-v1')
        .update(`GET\n/uac/v1/caas-user/getUserAllInfo?t=1\n1700000000000abcde\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`)
        .digest('hex'),
    );
  });

  it('nonce: 13 digits of milliseconds and 5 random [A-Za-z0-9]; anything else is NaN', () => {
    const n = makeNonce(1_700_000_000_123);
    expect(n).toMatch(/^1700000000123[A-Za-z0-9]{5}$/);
    expect(nonceTime(n)).toBe(1_700_000_000_123);
    expect(makeNonce()).not.toBe(makeNonce());
    for (const bad of ['', '1700000000123', '1700000000123abcd', '1700000000123abcdef', '170000000012Xabcde', '1700000000123ab-de', ' 1700000000123abcde']) {
      expect(nonceTime(bad), bad).toBeNaN();
    }
    expect(NONCE_WINDOW_MS).toBe(5 * 60 * 1000);
  });
});
