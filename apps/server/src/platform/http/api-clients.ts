import { shanghaiDate } from '@kc/contracts/platform/common';
import { WEB_CLIENT_ID } from '@kc/contracts/platform/signing';
import { type Kysely, sql } from 'kysely';
import { safeEqual, sha256Hex } from '../auth/tokens.ts';
import type { DB } from '../db/schema.ts';
import type { ApiClientLookup } from './request-guard.ts';

/** api_client.scopes: a JSON array of scope names; null or unreadable: none. */
export function parseScopes(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Basic client credentials (the web app's and those the admin issues), cached for a minute; a
 * rotation or revocation in this process is seen at once (forget), in others within that minute.
 * Every accepted call of an issued client adds one to its day's count (the web client's are not
 * counted: they are every anonymous page view). A scope change is seen like a rotation (forget).
 */
export class ApiClients implements ApiClientLookup {
  private cache = new Map<string, { id: number; secretHash: string; signKey: string; scopes: string[]; at: number }>();
  constructor(private readonly db: Kysely<DB>) {}

  async credentialFor(clientId: string, secret: string): Promise<{ signKey: string; scopes: string[] } | null> {
    let hit = this.cache.get(clientId);
    if (!hit || Date.now() - hit.at > 60_000) {
      const row = await this.db
        .selectFrom('api_client')
        .select(['id', 'secret_hash', 'sign_key', 'scopes'])
        .where('client_id', '=', clientId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!row) {
        this.cache.delete(clientId);
        return null;
      }
      hit = { id: row.id, secretHash: row.secret_hash, signKey: row.sign_key, scopes: parseScopes(row.scopes), at: Date.now() };
      this.cache.set(clientId, hit);
    }
    if (!safeEqual(hit.secretHash, sha256Hex(secret))) return null;
    if (clientId !== WEB_CLIENT_ID) this.count(hit.id);
    return { signKey: hit.signKey, scopes: hit.scopes };
  }

  /** drops a client's cached credential (after a rotation or revocation) */
  forget(clientId: string) {
    this.cache.delete(clientId);
  }

  private count(id: number) {
    this.db
      .insertInto('api_client_count')
      .values({ api_client_id: id, day: shanghaiDate(), calls: 1 })
      .onConflict((oc) => oc.columns(['api_client_id', 'day']).doUpdateSet({ calls: sql`api_client_count.calls + 1` }))
      .execute()
      .catch(() => undefined);
  }
}
