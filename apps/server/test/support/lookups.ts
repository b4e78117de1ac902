import type { TestApp } from './harness.ts';

/**
 * Ids of seeded rows by their natural keys, and the audit rows of an action, read straight from a
 * test app's database (`current()` is called on use, so the app may be made in beforeAll):
 *
 *   const { userId, roleId } = lookups(() => t);
 *
 * Each id lookup throws when the row is missing.
 */
export function lookups(current: () => TestApp) {
  const db = () => current().ctx.database.db;
  const instituteDept = (instituteCode: string) =>
    db().selectFrom('dept').innerJoin('institute', 'institute.id', 'dept.institute_id').select('dept.id').where('institute.code', '=', instituteCode);
  return {
    userId: async (userName: string) => (await db().selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id,
    /** the first role with this code (institutes may have their own of the same code) */
    roleId: async (code: string) => (await db().selectFrom('role').select('id').where('code', '=', code).orderBy('id').executeTakeFirstOrThrow()).id,
    resourceId: async (permCode: string) => (await db().selectFrom('resource').select('id').where('perm_code', '=', permCode).executeTakeFirstOrThrow()).id,
    resourceByName: async (name: string) => (await db().selectFrom('resource').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    instituteId: async (code: string) => (await db().selectFrom('institute').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id,
    teamId: async (name: string) => (await db().selectFrom('team').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
    /** a department of the institute with this code, by name */
    deptId: async (instituteCode: string, name: string) => (await instituteDept(instituteCode).where('dept.name', '=', name).executeTakeFirstOrThrow()).id,
    /** the top department of the institute with this code */
    rootDept: async (instituteCode: string) => (await instituteDept(instituteCode).where('dept.parent_id', 'is', null).executeTakeFirstOrThrow()).id,
    /** the audit rows of an action, on one target when given */
    audits: async (action: string, target?: string) => {
      let q = db().selectFrom('audit_log').select(['id', 'user_id', 'ip', 'detail']).where('action', '=', action);
      if (target) q = q.where('target', '=', target);
      return q.execute();
    },
  };
}
