import { describe, expect, it } from 'vitest';
import { parseServerFacts } from './server-facts.ts';

describe('parseServerFacts (/version.json)', () => {
  it('reads the version and the captcha switch', () => {
    expect(parseServerFacts({ version: '0.2.0', captcha: false })).toEqual({ version: '0.2.0', captcha: false });
    expect(parseServerFacts({ version: '0.2.0', captcha: true })).toEqual({ version: '0.2.0', captcha: true });
  });

  it('keeps the captcha field when the server does not say (an older server, a broken answer)', () => {
    expect(parseServerFacts({ version: '0.1.0' })).toEqual({ version: '0.1.0', captcha: true });
    expect(parseServerFacts(null)).toEqual({ version: null, captcha: true });
  });
});
