import path from 'node:path';
import type { RunningServer } from './server.ts';

const SQL = 'SELECT body FROM outbox WHERE recipient = ';

/**
 * The newest 6-digit code sent to a phone or address, read from the test server's outbox table
 * (the notifier's default): read-only on SQLite, a plain client on PostgreSQL when DATABASE_URL is set.
 */
export async function lastCodeSentTo(server: RunningServer, recipient: string): Promise<string> {
  let body: string | undefined;
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    body = (await client.query<{ body: string }>(`${SQL}$1 ORDER BY id DESC LIMIT 1`, [recipient])).rows[0]?.body;
    await client.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(server.dataDir, 'keyan.db'), { readonly: true, fileMustExist: true });
    body = (db.prepare(`${SQL}? ORDER BY id DESC LIMIT 1`).get(recipient) as { body: string } | undefined)?.body;
    db.close();
  }
  const code = body?.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
  if (!code) throw new Error(`没有发往 ${recipient} 的验证码`);
  return code;
}
