import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL of the scopes a statistics call may cover: the teams a user leads, an institute's colleges, and the team, department or institute named. */
export class StatScopeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Teams the user leads (team.leader_user_id). */
  ledTeams(userId: number) {
    return this.db.selectFrom('team').select(['id', 'name', 'institute_id']).where('leader_user_id', '=', userId).orderBy('id').execute();
  }

  /** The top-level departments (colleges) of an institute: children of its root department. */
  collegesOf(instituteId: number) {
    return this.db
      .selectFrom('dept as d')
      .innerJoin('dept as root', 'root.id', 'd.parent_id')
      .select(['d.id', 'd.name'])
      .where('d.institute_id', '=', instituteId)
      .where('root.parent_id', 'is', null)
      .where('d.status', '=', 1)
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute();
  }

  /** Teams to choose from: one institute's, or every team (null). */
  teams(instituteId: number | null) {
    let q = this.db.selectFrom('team').select(['id', 'name']);
    if (instituteId !== null) q = q.where('institute_id', '=', instituteId);
    return q.orderBy('id').execute();
  }

  /** Institutes to choose from: one, or every institute (null). */
  institutes(onlyId: number | null) {
    let q = this.db.selectFrom('institute').select(['id', 'name']);
    if (onlyId !== null) q = q.where('id', '=', onlyId);
    return q.orderBy('id').execute();
  }

  team(id: number) {
    return this.db.selectFrom('team').select(['id', 'name', 'institute_id', 'leader_user_id']).where('id', '=', id).executeTakeFirst();
  }

  dept(id: number) {
    return this.db.selectFrom('dept').select(['id', 'name', 'institute_id', 'path']).where('id', '=', id).executeTakeFirst();
  }

  institute(id: number) {
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }
}
