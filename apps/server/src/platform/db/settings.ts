import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A server secret kept in the database, so every process behind the load balancer shares it
 * (used for signed download links). Made once, on first start.
 */
export async function serverSecret(db: Kysely<DB>, name: string): Promise<string> {
  await db
    .insertInto('setting')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('setting').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
