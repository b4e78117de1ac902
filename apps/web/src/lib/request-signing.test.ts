import { describe, expect, it } from 'vitest';
import { sha256Hex, signRequest } from './request-signing.ts';

// Expected values computed with node:crypto (createHash / createHmac) over the same inputs.
describe('request signing', () => {
  it('hashes bodies, the empty one included', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('{"deptId":3}')).toBe('ad0dd86c59e4dffbca18b0efebef9a26771f45d13d45904f68f5cf7a33f48d28');
  });

  it('signs method, exact target, nonce and body hash with HMAC-SHA256', () => {
    const body = 'grant_type=password&username=buyer1&password=%E5%AF%86';
    const target = '/uac/oauth/token?captcha=abcd&randomStr=0123456789abcdef';
    expect(signRequest('k', 'post', target, '1760000000000AbCdE', body)).toBe('a849fd1b1bd38e31eb258af22cb9b350238c9db5376ba9c49b273b0e512c362b');
  });
});
