import type { Generated } from 'kysely';

/**
 * The tables only platform/ writes, through its own helpers (settings, the audit log, the outbox,
 * API call counts, the SQLite job queue, PostgreSQL's file chunks); modules read them at most.
 * platform/db/schema.ts composes every context's tables into DB.
 */

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface ApiClientCountTable {
  id: Generated<number>;
  api_client_id: number;
  day: string;
  calls: number;
}

export interface SettingTable {
  name: string;
  value: string;
}

/** The in-process jobs runner's queue (SQLite only; PostgreSQL uses graphile-worker's own schema). */
export interface JobQueueTable {
  id: Generated<number>;
  name: string;
  /** JSON text */
  payload: string;
  /** ISO timestamp: not before */
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  status: 'pending' | 'running' | 'done' | 'failed';
  singleton_key: string | null;
  created_at: string;
}

export interface FileChunkTable {
  storage_key: string;
  seq: number;
  data: Buffer;
}

export interface PlatformTables {
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  api_client_count: ApiClientCountTable;
  setting: SettingTable;
  job_queue: JobQueueTable;
  /** PostgreSQL only (migration 028): files kept in the database, see platform/files/pg-storage.ts */
  file_chunk: FileChunkTable;
}
