import type { KeyValueStore } from '../kv/kv.port.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Sessions live in the key-value store so any server process can serve any request.
 * A login starts a *family*; refreshing rotates both tokens inside it. Keys:
 *   at:<sha256(access)>   → { fid, uid }               ttl = access lifetime (1 h)
 *   rt:<sha256(refresh)>  → { fid, uid }               ttl = token record lifetime (2 h)
 *   rtu:<sha256(refresh)> → marker: refresh already used (reuse revokes the family)
 *   fam:<fid>             → FamilyRecord               ttl = inactivity window (1 h), touched on use
 *   udp:<uid>             → time of the last login that displaced the user's other sessions
 *                           (single-session login): older families answer 'displaced' (HTTP 409)
 *   uep:<uid>             → ms time of the user's last "end all sessions" (password change, freeze…)
 * Tokens carry "<uid>.<fid>.<random>" so one MGET resolves a request. Only hashes are stored.
 */
export const ACCESS_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 2 * 60 * 60 * 1000;
export const INACTIVITY_MS = 60 * 60 * 1000;
/** absolute cap on a family, so revocation markers can expire */
export const MAX_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;
const MAX_TOUCH_ENTRIES = 50_000;

export interface FamilyRecord {
  uid: number;
  signKey: string;
  createdAt: number;
  accessHash: string;
}

export interface SessionRef {
  uid: number;
  fid: string;
  signKey: string;
  createdAt: number;
  /** version of roles and grants (key acl:ver), read in the same round trip to keep caches honest */
  aclVersion: string | null;
}

export const ACL_VERSION_KEY = 'acl:ver';

/** An access token taken apart, with the keys that resolving it reads (SessionStore.lookup). */
interface Lookup {
  token: string;
  uidPart: string;
  fid: string;
  hash: string;
  keys: string[];
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  signKey: string;
  expiresIn: number;
  fid: string;
}

export class SessionStore {
  private readonly lastTouch = new Map<string, number>();
  /** the last family record parsed per family, reused while the stored text is unchanged */
  private readonly parsed = new Map<string, { raw: string; fam: FamilyRecord }>();
  /** token → what resolving it reads (its hash, the keys): a session sends the same token for an hour, so work it out once */
  private readonly lookups = new Map<string, Lookup>();

  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts a new family for a successful password login. `displaceOthers` (single-session login)
   * ends the user's older families: their next call is told why (409), unlike a revocation (401).
   */
  async create(uid: number, opts: { displaceOthers?: boolean } = {}): Promise<IssuedTokens> {
    const fid = randomToken(12);
    const signKey = randomToken(32);
    const now = this.now();
    if (opts.displaceOthers) await this.kv.set(`udp:${uid}`, String(now), MAX_SESSION_MS + 60_000);
    return this.issue(uid, fid, signKey, now);
  }

  private async issue(uid: number, fid: string, signKey: string, createdAt: number): Promise<IssuedTokens> {
    const accessToken = `${uid}.${fid}.${randomToken()}`;
    const refreshToken = `${uid}.${fid}.${randomToken()}`;
    const accessHash = sha256Hex(accessToken);
    const fam: FamilyRecord = { uid, signKey, createdAt, accessHash };
    await this.kv.set(`fam:${fid}`, JSON.stringify(fam), INACTIVITY_MS);
    await this.kv.set(`at:${accessHash}`, JSON.stringify({ fid, uid }), ACCESS_TTL_MS);
    await this.kv.set(`rt:${sha256Hex(refreshToken)}`, JSON.stringify({ fid, uid }), REFRESH_TTL_MS);
    this.rememberTouch(fid, this.now());
    return { accessToken, refreshToken, signKey, expiresIn: ACCESS_TTL_MS / 1000, fid };
  }

  /**
   * Resolves an access token to its live session, or null (unknown, expired, idle, revoked),
   * or 'displaced' when a later single-session login of the same user ended it.
   */
  async resolve(accessToken: string): Promise<SessionRef | 'displaced' | null> {
    const q = this.lookup(accessToken);
    if (!q) return null;
    const r = this.judge(q, await this.kv.mget(q.keys));
    if (r.touch) await this.kv.expire(`fam:${q.fid}`, INACTIVITY_MS);
    return r.session;
  }

  /**
   * The same answer without waiting, when the store is in this process (kv.local); undefined when
   * it is not (Redis: use resolve). The request guard's fast path.
   */
  resolveNow(accessToken: string): SessionRef | 'displaced' | null | undefined {
    const local = this.kv.local;
    if (!local) return undefined;
    const q = this.lookup(accessToken);
    if (!q) return null;
    const r = this.judge(q, local.mgetNow(q.keys));
    if (r.touch) local.expireNow(`fam:${q.fid}`, INACTIVITY_MS);
    return r.session;
  }

  /** What resolving a token reads: its record, its family, the user's revocation and displacement marks, the acl version. */
  private lookup(accessToken: string): Lookup | null {
    const known = this.lookups.get(accessToken);
    if (known) return known;
    const parts = accessToken.split('.');
    if (parts.length !== 3 || !/^\d+$/.test(parts[0])) return null;
    const [uidPart, fid] = parts;
    const hash = sha256Hex(accessToken);
    return { token: accessToken, uidPart, fid, hash, keys: [`at:${hash}`, `fam:${fid}`, `uep:${uidPart}`, ACL_VERSION_KEY, `udp:${uidPart}`] };
  }

  /** Decides from what lookup's keys held; `touch`: the family's inactivity window is due to be renewed. */
  private judge(q: Lookup, values: (string | null)[]): { session: SessionRef | 'displaced' | null; touch: boolean } {
    const [at, famRaw, epochRaw, aclVersion, displacedAt] = values;
    if (!at || !famRaw) return { session: null, touch: false };
    const fam = this.family(q.fid, famRaw);
    if (fam.accessHash !== q.hash || String(fam.uid) !== q.uidPart) return { session: null, touch: false };
    if (this.isRevoked(fam, epochRaw)) return { session: null, touch: false };
    if (isDisplaced(fam, displacedAt)) return { session: 'displaced', touch: false };
    // only tokens that resolved are remembered, so made-up ones cannot fill the map
    if (!this.lookups.has(q.token)) {
      if (this.lookups.size >= MAX_TOUCH_ENTRIES) this.lookups.clear();
      this.lookups.set(q.token, q);
    }
    const now = this.now();
    const touch = now - (this.lastTouch.get(q.fid) ?? 0) > TOUCH_EVERY_MS;
    if (touch) this.rememberTouch(q.fid, now);
    return { session: { uid: fam.uid, fid: q.fid, signKey: fam.signKey, createdAt: fam.createdAt, aclVersion }, touch };
  }

  private family(fid: string, raw: string): FamilyRecord {
    const hit = this.parsed.get(fid);
    if (hit && hit.raw === raw) return hit.fam;
    const fam = JSON.parse(raw) as FamilyRecord;
    if (this.parsed.size >= MAX_TOUCH_ENTRIES) this.parsed.clear();
    this.parsed.set(fid, { raw, fam });
    return fam;
  }

  /** Families that end without a logout never leave the map by themselves: bound it. */
  private rememberTouch(fid: string, at: number) {
    if (this.lastTouch.size >= MAX_TOUCH_ENTRIES && !this.lastTouch.has(fid)) this.lastTouch.clear();
    this.lastTouch.set(fid, at);
  }

  private isRevoked(fam: FamilyRecord, epochRaw: string | null) {
    if (this.now() - fam.createdAt > MAX_SESSION_MS) return true;
    return epochRaw !== null && Number(epochRaw) >= fam.createdAt;
  }

  /**
   * Rotates a refresh token. Reuse of an already rotated token revokes the whole family
   * (it was stolen or replayed). Answers null when the token is not valid.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens | 'displaced' | null> {
    const hash = sha256Hex(refreshToken);
    const raw = await this.kv.get(`rt:${hash}`);
    if (!raw) return null;
    const { fid, uid } = JSON.parse(raw) as { fid: string; uid: number };
    const first = await this.kv.setIfAbsent(`rtu:${hash}`, '1', REFRESH_TTL_MS);
    if (!first) {
      await this.revokeFamily(fid);
      return null;
    }
    const [famRaw, epochRaw, displacedAt] = await this.kv.mget([`fam:${fid}`, `uep:${uid}`, `udp:${uid}`]);
    if (!famRaw) return null;
    const fam = JSON.parse(famRaw) as FamilyRecord;
    if (this.isRevoked(fam, epochRaw)) return null;
    if (isDisplaced(fam, displacedAt)) return 'displaced';
    await this.kv.del(`at:${fam.accessHash}`);
    return this.issue(uid, fid, fam.signKey, fam.createdAt);
  }

  async revokeFamily(fid: string): Promise<void> {
    const famRaw = await this.kv.get(`fam:${fid}`);
    if (famRaw) await this.kv.del(`at:${(JSON.parse(famRaw) as FamilyRecord).accessHash}`);
    await this.kv.del(`fam:${fid}`);
    this.lastTouch.delete(fid);
  }

  /** Ends every session of a user (password changed, account frozen or disabled). */
  async revokeUser(uid: number): Promise<void> {
    await this.kv.set(`uep:${uid}`, String(this.now()), MAX_SESSION_MS + 60_000);
  }
}

/** A family started before the user's last displacing login (the displacing family itself is not older). */
const isDisplaced = (fam: FamilyRecord, displacedAt: string | null) => displacedAt !== null && fam.createdAt < Number(displacedAt);
