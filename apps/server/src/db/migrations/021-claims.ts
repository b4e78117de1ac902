import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 报销单 (claims) and 合并报销 (merged claims):
 * - claim: one buyer's claim over completed, invoiced sub-orders of one institute and team; its
 *   approval chain ('team,institute', a subset) is fixed when it is submitted; amount in fen.
 * - claim_sub_order: which sub-orders a claim holds. `live` is 1 until the claim is cancelled; the
 *   partial unique index on sub_order_id where live = 1 keeps a sub-order in at most one live claim,
 *   also when two claims are submitted at the same moment (the second insert fails).
 * - claim_log: every state change with its actor and reason (the PDF prints it).
 * - claim_file: attachments the buyer adds (uploaded with purpose 'claim').
 * - merge_claim: finance's merged record over claims of one institute; claim.merge_id points to it.
 * - claim_setting: an institute's settlement freeze (MM-DD to MM-DD, Shanghai), when no claim is submitted.
 * - Menus 报销审批 (team leader, institute) and 全部报销单 (platform) for databases seeded before them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('claim').ifNotExists())
    .addColumn('claim_no', 'text', notNull)
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('status', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('sub_count', 'integer', notNull)
    .addColumn('approval_steps', 'text', (c) => c.notNull().defaultTo(''))
    // why a draft came back: refused by an approver or finance, or 'supplement' (退回补充材料)
    .addColumn('return_kind', 'text')
    .addColumn('last_reason', 'text')
    .addColumn('merge_id', 'integer')
    .addColumn('remark', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('claim_no_uq').ifNotExists().unique().on('claim').column('claim_no').execute();
  // the queues (finance, institute, team leader) by status, newest first; buyer_id rides along so
  // "not my own claims" and the queue's count are answered from the index alone
  await db.schema.createIndex('claim_institute_status_idx').ifNotExists().on('claim').columns(['institute_id', 'status', 'id', 'buyer_id']).execute();
  await db.schema.createIndex('claim_team_status_idx').ifNotExists().on('claim').columns(['team_id', 'status', 'id', 'buyer_id']).execute();
  await db.schema.createIndex('claim_buyer_idx').ifNotExists().on('claim').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('claim_merge_idx').ifNotExists().on('claim').column('merge_id').execute();

  await withId(db, db.schema.createTable('claim_sub_order').ifNotExists())
    .addColumn('claim_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('claim_sub_order_live_uq')
    .ifNotExists()
    .unique()
    .on('claim_sub_order')
    .column('sub_order_id')
    .where(sql.ref('live'), '=', 1)
    .execute();
  await db.schema.createIndex('claim_sub_order_claim_idx').ifNotExists().on('claim_sub_order').columns(['claim_id', 'sub_order_id']).execute();
  await db.schema.createIndex('claim_sub_order_sub_idx').ifNotExists().on('claim_sub_order').column('sub_order_id').execute();

  await withId(db, db.schema.createTable('claim_log').ifNotExists())
    .addColumn('claim_id', 'integer', notNull)
    .addColumn('actor_id', 'integer', notNull)
    .addColumn('actor', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_status', 'text', notNull)
    .addColumn('to_status', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('claim_log_claim_idx').ifNotExists().on('claim_log').columns(['claim_id', 'id']).execute();

  await withId(db, db.schema.createTable('claim_file').ifNotExists())
    .addColumn('claim_id', 'integer', notNull)
    .addColumn('file_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('claim_file_claim_idx').ifNotExists().on('claim_file').column('claim_id').execute();
  await db.schema.createIndex('claim_file_file_idx').ifNotExists().on('claim_file').column('file_id').execute();

  await withId(db, db.schema.createTable('merge_claim').ifNotExists())
    .addColumn('merge_no', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('claim_count', 'integer', zero)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('completed_by', 'integer')
    .addColumn('reason', 'text')
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('merge_claim_no_uq').ifNotExists().unique().on('merge_claim').column('merge_no').execute();
  await db.schema.createIndex('merge_claim_institute_idx').ifNotExists().on('merge_claim').columns(['institute_id', 'status', 'id']).execute();

  // the institute's year-end settlement freeze (docs/domains/finance.md#settlement-freeze): no new claims between two calendar days
  await db.schema
    .createTable('claim_setting')
    .ifNotExists()
    .addColumn('institute_id', 'integer', (c) => c.primaryKey())
    .addColumn('freeze_from', 'text')
    .addColumn('freeze_to', 'text')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await addMenus(db);
}

const MENUS = [
  {
    name: '报销审批',
    path: '/cass/claim/approve',
    routeName: 'approveClaim',
    component: 'claim/approve',
    perm: 'mall:claim:approve',
    roles: ['team_leader', 'institute_owner'],
  },
  { name: '全部报销单', path: '/cass/claim/all', routeName: 'allClaims', component: 'claim/all', perm: 'mall:claim:admin', roles: ['platform_admin'] },
];

/**
 * The seed writes the catalogue only into an empty resource table (as migration 006 explains), so
 * existing databases get the new menus here: under 报销管理, after 合并报销, granted to the built-in
 * roles that act on them with every flag, as the seed grants these roles (and the parent menu
 * where the role lacked it).
 */
async function addMenus(db: Kysely<any>) {
  const merge = await db.selectFrom('resource').select(['id', 'parent_id', 'sort']).where('perm_code', '=', 'mall:claim:finance').executeTakeFirst();
  if (!merge) return;
  let sort = merge.sort as number;
  for (const m of MENUS) {
    sort += 1;
    const exists = await db.selectFrom('resource').select('id').where('perm_code', '=', m.perm).executeTakeFirst();
    if (exists) continue;
    await db
      .updateTable('resource')
      .set((eb: any) => ({ sort: eb('sort', '+', 1) }))
      .where('side', '=', 1)
      .where('sort', '>=', sort)
      .execute();
    const { id } = await db
      .insertInto('resource')
      .values({
        parent_id: merge.parent_id,
        name: m.name,
        type: 'menu',
        side: 1,
        path: m.path,
        route_name: m.routeName,
        component: m.component,
        icon: null,
        perm_code: m.perm,
        sort,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roles = await db.selectFrom('role').select('id').where('code', 'in', m.roles).where('built_in', '=', 1).execute();
    for (const r of roles) {
      for (const resourceId of [merge.parent_id, id]) {
        if (resourceId === null) continue;
        const has = await db.selectFrom('authority').select('id').where('role_id', '=', r.id).where('resource_id', '=', resourceId).executeTakeFirst();
        if (!has)
          await db
            .insertInto('authority')
            .values({ role_id: r.id, resource_id: resourceId, add_flag: 1, modify_flag: 1, delete_flag: 1, export_flag: 1, limit_tab: '' })
            .execute();
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['claim_setting', 'merge_claim', 'claim_file', 'claim_log', 'claim_sub_order', 'claim']) await db.schema.dropTable(t).ifExists().execute();
  for (const m of MENUS) {
    const r = await db.selectFrom('resource').select('id').where('perm_code', '=', m.perm).executeTakeFirst();
    if (!r) continue;
    await db.deleteFrom('authority').where('resource_id', '=', r.id).execute();
    await db.deleteFrom('resource').where('id', '=', r.id).execute();
  }
}
