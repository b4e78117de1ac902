import pg from 'pg';

/** One key for the whole product: every process's start-up work takes turns on it. */
const STARTUP_LOCK_KEY = 7_310_261_126;

/**
 * Holds a PostgreSQL advisory lock while a process migrates and seeds, so processes started at the
 * same moment on one database take turns: the first creates the schema and the data, the others
 * find them in place (without it the second crashed on a unique constraint of the base data). The
 * lock lives on a connection of its own, outside the pool the work uses, and a process that dies
 * while holding it loses the connection and with it the lock. SQLite is embedded in one process:
 * nothing to take turns with.
 */
export async function acquireStartupLock(databaseUrl: string | null): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => {};
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
  } catch (err) {
    await client.end();
    throw err;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    } finally {
      await client.end();
    }
  };
}
