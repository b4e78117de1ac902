import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export interface AuditEntry {
  userId: number | null;
  action: string;
  target?: string | null;
  detail?: unknown;
  ip?: string | null;
}

/** Writes one audit row inside the caller's transaction: who, what, when, from where. */
export async function writeAudit(db: Kysely<DB> | Transaction<DB>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: e.userId,
      action: e.action,
      target: e.target ?? null,
      detail: e.detail === undefined ? null : JSON.stringify(e.detail),
      ip: e.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
