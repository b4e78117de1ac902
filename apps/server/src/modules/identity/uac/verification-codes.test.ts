import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors.ts';
import { MemoryKv } from '../../../platform/kv/memory-kv.ts';
import { VerificationCodes } from './verification-codes.ts';

const MIN = 60_000;
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('VerificationCodes (fake clock)', () => {
  let clock: number;
  let kv: MemoryKv;
  let codes: VerificationCodes;
  beforeEach(() => {
    clock = 1_700_000_000_000;
    kv = new MemoryKv(() => clock);
    codes = new VerificationCodes(kv);
  });
  afterEach(() => kv.close());

  it('issues 6-digit codes and stores only a hash', async () => {
    const code = await codes.issue('unlock', 'sms', 1, '10.0.0.1');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await kv.get('vc:unlock:sms:1');
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(code);
  });

  it('a consumed code is single use', async () => {
    const code = await codes.issue('unlock', 'sms', 1, '10.0.0.1');
    expect(await codes.check('unlock', 'sms', 1, code, true)).toBe(true);
    expect(await codes.check('unlock', 'sms', 1, code, true)).toBe(false);
  });

  it('a check without consume keeps the code and does not spend a try', async () => {
    const code = await codes.issue('reset', 'sms', 2, '10.0.0.1');
    for (let i = 0; i < 8; i++) expect(await codes.check('reset', 'sms', 2, code, false)).toBe(true);
    expect(await codes.check('reset', 'sms', 2, code, true)).toBe(true);
    expect(await codes.check('reset', 'sms', 2, code, false)).toBe(false);
  });

  it('codes are bound to purpose, channel and account', async () => {
    const code = await codes.issue('unlock', 'sms', 3, '10.0.0.1');
    expect(await codes.check('unlock', 'email', 3, code, true)).toBe(false);
    expect(await codes.check('reset', 'sms', 3, code, true)).toBe(false);
    expect(await codes.check('unlock', 'sms', 4, code, true)).toBe(false);
    expect(await codes.check('unlock', 'sms', 3, code, true)).toBe(true);
  });

  it('five wrong tries end the code', async () => {
    const code = await codes.issue('unlock', 'sms', 5, '10.0.0.1');
    for (let i = 0; i < 5; i++) expect(await codes.check('unlock', 'sms', 5, wrongOf(code), true)).toBe(false);
    expect(await codes.check('unlock', 'sms', 5, code, true)).toBe(false);
  });

  it('four wrong tries still leave the right code usable', async () => {
    const code = await codes.issue('unlock', 'sms', 6, '10.0.0.1');
    for (let i = 0; i < 4; i++) expect(await codes.check('unlock', 'sms', 6, wrongOf(code), true)).toBe(false);
    expect(await codes.check('unlock', 'sms', 6, code, true)).toBe(true);
  });

  it('a code lasts 10 minutes', async () => {
    const code = await codes.issue('modify', 'sms', 7, '10.0.0.1');
    clock += 10 * MIN - 1;
    expect(await codes.check('modify', 'sms', 7, code, false)).toBe(true);
    clock += 1;
    expect(await codes.check('modify', 'sms', 7, code, true)).toBe(false);
  });

  it('a new code replaces the old one and resets the tries', async () => {
    const first = await codes.issue('unlock', 'sms', 8, '10.0.0.1');
    for (let i = 0; i < 4; i++) await codes.check('unlock', 'sms', 8, wrongOf(first), true);
    clock += MIN + 1;
    const second = await codes.issue('unlock', 'sms', 8, '10.0.0.1');
    if (second !== first) expect(await codes.check('unlock', 'sms', 8, first, false)).toBe(false);
    for (let i = 0; i < 3; i++) await codes.check('unlock', 'sms', 8, wrongOf(second), true);
    expect(await codes.check('unlock', 'sms', 8, second, true)).toBe(true);
  });

  it('sending is limited to one per account and purpose per minute, ten per address per hour', async () => {
    await codes.issue('unlock', 'sms', 9, '10.0.0.2');
    const tooSoon = await codes.issue('unlock', 'email', 9, '10.0.0.2').catch((e) => e);
    expect(tooSoon).toBeInstanceOf(AppError);
    expect((tooSoon as AppError).status).toBe(429);
    // another account from the same address is fine
    await codes.issue('unlock', 'sms', 10, '10.0.0.2');
    clock += MIN;
    await codes.issue('unlock', 'sms', 9, '10.0.0.2');

    for (let uid = 100; uid < 107; uid++) await codes.issue('reset', 'sms', uid, '10.0.0.2');
    const eleventh = await codes.issue('reset', 'sms', 200, '10.0.0.2').catch((e) => e);
    expect((eleventh as AppError).status).toBe(429);
    await codes.issue('reset', 'sms', 201, '10.0.0.3');
    clock += 60 * MIN;
    await codes.issue('reset', 'sms', 202, '10.0.0.2');
  });
});
