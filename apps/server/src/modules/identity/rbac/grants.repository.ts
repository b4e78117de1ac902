import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

const AUTHORITY_COLUMNS = [
  'authority.role_id',
  'authority.resource_id',
  'authority.add_flag',
  'authority.modify_flag',
  'authority.delete_flag',
  'authority.export_flag',
  'authority.limit_tab',
] as const;

export interface AuthorityValues {
  resource_id: number;
  add_flag: number;
  modify_flag: number;
  delete_flag: number;
  export_flag: number;
  limit_tab: string;
}

/** Reads a user's grants (every authority of every role the user holds, with its resource) and writes a role's grants. */
export class GrantsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  userGrants(userId: number) {
    return this.db
      .selectFrom('user_role')
      .innerJoin('authority', 'authority.role_id', 'user_role.role_id')
      .innerJoin('resource', 'resource.id', 'authority.resource_id')
      .select([
        'resource.id',
        'resource.parent_id',
        'resource.name',
        'resource.type',
        'resource.side',
        'resource.path',
        'resource.route_name',
        'resource.component',
        'resource.icon',
        'resource.perm_code',
        'resource.sort',
        'authority.add_flag',
        'authority.modify_flag',
        'authority.delete_flag',
        'authority.export_flag',
        'authority.limit_tab',
      ])
      .where('user_role.user_id', '=', userId)
      .orderBy('resource.sort')
      .execute();
  }

  /** The raw authorities behind a user's rights, one row per role and resource (what a granter may pass on). */
  heldBy(userId: number) {
    return this.db
      .selectFrom('user_role')
      .innerJoin('authority', 'authority.role_id', 'user_role.role_id')
      .select(AUTHORITY_COLUMNS)
      .where('user_role.user_id', '=', userId)
      .execute();
  }

  ofRoles(roleIds: number[], db: Executor = this.db) {
    if (!roleIds.length) return Promise.resolve([]);
    return db.selectFrom('authority').select(AUTHORITY_COLUMNS).where('authority.role_id', 'in', roleIds).orderBy('authority.resource_id').execute();
  }

  /** Replaces every grant of one role (inside the caller's transaction). */
  async replaceOfRole(trx: Executor, roleId: number, rows: AuthorityValues[]) {
    await trx.deleteFrom('authority').where('role_id', '=', roleId).execute();
    // chunked so a large grant list stays under the engines' bound-parameter limits
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('authority')
        .values(rows.slice(i, i + 200).map((r) => ({ ...r, role_id: roleId })))
        .execute();
    }
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}

export type GrantRow = Awaited<ReturnType<GrantsRepository['userGrants']>>[number];
