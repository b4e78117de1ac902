import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Whether a user holds a role with this code (built-in roles are known by code: 'assistant', 'checker' …). */
export async function holdsRoleCode(db: Kysely<DB> | Transaction<DB>, userId: number, code: string): Promise<boolean> {
  const r = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select('role.id')
    .where('user_role.user_id', '=', userId)
    .where('role.code', '=', code)
    .executeTakeFirst();
  return r !== undefined;
}
