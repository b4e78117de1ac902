import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty PostgreSQL database on the server of `baseUrl` (kc_t_<random>), and how to drop it
 * (connections still open are ended). The server tests and the multi-process test (e2e/cluster) use it.
 */
export async function createPgDatabase(baseUrl: string) {
  const name = `kc_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
