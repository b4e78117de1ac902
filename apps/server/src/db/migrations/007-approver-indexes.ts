import type { Kysely } from 'kysely';

/**
 * Who may approve an order is asked at every placement and every approval (findActors in
 * modules/orders/approvers.ts). Without these indexes both engines walked every account of the
 * institute and probed its roles: fine for the demo's two dozen users, linear in a real
 * institute's thousands. With them, the team branch starts from the team's members and the other
 * branches from the holders of the role's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('user_dept_team_idx').ifNotExists().on('user_dept').columns(['team_id', 'user_id']).execute();
  await db.schema.createIndex('user_role_role_idx').ifNotExists().on('user_role').columns(['role_id', 'user_id']).execute();
  await db.schema.createIndex('role_code_idx').ifNotExists().on('role').columns(['code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('role_code_idx').ifExists().execute();
  await db.schema.dropIndex('user_role_role_idx').ifExists().execute();
  await db.schema.dropIndex('user_dept_team_idx').ifExists().execute();
}
