import type { Config } from '../config.ts';
import type { CallerCache } from './auth/caller-cache.ts';
import type { SessionStore } from './auth/session-store.ts';
import type { Database } from './db/database.ts';
import type { Jobs } from './jobs/jobs.port.ts';
import type { KeyValueStore } from './kv/kv.port.ts';
import type { Notifier } from './notifier/notifier.port.ts';

/** The ports and stores built once at start; each module takes only what it uses. */
export interface AppContext {
  config: Config;
  database: Database;
  kv: KeyValueStore;
  sessions: SessionStore;
  callers: CallerCache;
  notifier: Notifier;
  /** scheduled and queued work; modules define their jobs while the app is built, the process starts the runner after listening */
  jobs: Jobs;
}
