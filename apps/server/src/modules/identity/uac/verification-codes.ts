import { safeEqual, sha256Hex, sixDigitCode } from '../../../platform/auth/tokens.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';

/** phone, email, username: the account centre's changes; their codes are bound to the new phone, address or name */
export type CodePurpose = 'unlock' | 'modify' | 'reset' | 'phone' | 'email' | 'username';
export type CodeChannel = 'sms' | 'email';

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_TRIES = 5;
const bound = (code: string, bind: string | undefined) => (bind === undefined ? code : `${code}|${bind.toLowerCase()}`);

/**
 * 6-digit codes sent by SMS or mail: single use, 10 minutes, 5 tries. Only a hash is stored.
 * Sending is rate limited per account and per address.
 */
export class VerificationCodes {
  constructor(private readonly kv: KeyValueStore) {}

  private key(purpose: CodePurpose, channel: CodeChannel, uid: number) {
    return `vc:${purpose}:${channel}:${uid}`;
  }

  /** The sending limits: per account key (a user id, or a name looked up without login) and per address. */
  async limitSend(accountKey: string, ip: string): Promise<void> {
    await rateLimit(this.kv, `send:${accountKey}`, Limits.sendPerAccount.limit, Limits.sendPerAccount.windowMs);
    await rateLimit(this.kv, `send-ip:${ip}`, Limits.sendPerIp.limit, Limits.sendPerIp.windowMs);
  }

  /**
   * `limited`: the caller already counted this send with limitSend (before it knew whether the account exists).
   * `bind`: what the code is for (a new phone number or name); the same code for anything else fails.
   */
  async issue(purpose: CodePurpose, channel: CodeChannel, uid: number, ip: string, opts: { limited?: boolean; bind?: string } = {}): Promise<string> {
    if (!opts.limited) await this.limitSend(`${purpose}:${uid}`, ip);
    const code = sixDigitCode();
    const key = this.key(purpose, channel, uid);
    await this.kv.set(key, sha256Hex(bound(code, opts.bind)), CODE_TTL_MS);
    await this.kv.del(`${key}:tries`);
    return code;
  }

  /** Checks a code; `consume` ends it on success. Five wrong tries end it too. */
  async check(purpose: CodePurpose, channel: CodeChannel, uid: number, code: string, consume: boolean, bind?: string): Promise<boolean> {
    const key = this.key(purpose, channel, uid);
    const stored = await this.kv.get(key);
    if (!stored) return false;
    const tries = await this.kv.incr(`${key}:tries`, CODE_TTL_MS);
    if (tries > MAX_TRIES) {
      await this.kv.del(key);
      return false;
    }
    if (!safeEqual(stored, sha256Hex(bound(code, bind)))) return false;
    if (consume) {
      // take() makes the single use hold even when two requests race with the right code
      const taken = await this.kv.take(key);
      if (!taken) return false;
      await this.kv.del(`${key}:tries`);
    } else {
      // a successful check does not spend a try
      await this.kv.set(`${key}:tries`, String(tries - 1), CODE_TTL_MS);
    }
    return true;
  }
}
