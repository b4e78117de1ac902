import type { Kysely } from 'kysely';
import { safeEqual, sha256Hex } from '../auth/tokens.ts';
import type { DB } from '../db/schema.ts';
import type { ApiClientLookup } from './request-guard.ts';

/** Basic client credentials (the web app's and those the admin issues), cached for a minute. */
export class ApiClients implements ApiClientLookup {
  private cache = new Map<string, { secretHash: string; signKey: string; at: number }>();
  constructor(private readonly db: Kysely<DB>) {}

  async signKeyFor(clientId: string, secret: string): Promise<string | null> {
    let hit = this.cache.get(clientId);
    if (!hit || Date.now() - hit.at > 60_000) {
      const row = await this.db
        .selectFrom('api_client')
        .select(['secret_hash', 'sign_key'])
        .where('client_id', '=', clientId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!row) return null;
      hit = { secretHash: row.secret_hash, signKey: row.sign_key, at: Date.now() };
      this.cache.set(clientId, hit);
    }
    return safeEqual(hit.secretHash, sha256Hex(secret)) ? hit.signKey : null;
  }
}
