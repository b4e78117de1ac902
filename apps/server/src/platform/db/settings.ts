import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from './executor.ts';
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

/**
 * The one writer of the `setting` table (scripts/table-owners.ts): a named value of the whole
 * installation, read and written on the database or on the caller's transaction.
 */
export async function readSetting(db: Executor, name: string): Promise<string | null> {
  return (await db.selectFrom('setting').select('value').where('name', '=', name).executeTakeFirst())?.value ?? null;
}

/** Sets the value, replacing any earlier one. */
export async function writeSetting(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insertInto('setting')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** Sets the value only when none is there yet (a second process racing the first changes nothing). */
export async function writeSettingOnce(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insertInto('setting')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
