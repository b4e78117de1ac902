import type { Kysely } from 'kysely';
import { notNull, withId } from './portable.ts';

/**
 * 预警 (warnings) and their per-institute rules:
 * - warning_rule: one row per institute and rule type once an admin changed it; a type without a row
 *   runs with the defaults of `@kc/contracts/warnings` (`RULE_DEFAULTS`).
 * - warning: what a rule found about one subject (a sub-order, a qualification, a grant card, an
 *   inventory container). The unique (institute, type, subject) index is the dedup key: the daily
 *   scan inserts with ON CONFLICT DO NOTHING, so running it twice (or a missed day caught up) never
 *   makes a second warning about the same thing. team_id / user_id say whose it is (data scope).
 * - warning_digest: one row per person and Shanghai day, written in the same transaction as the
 *   digest message: at most one digest per person per day however often the job runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('warning_rule')
    .ifNotExists()
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('rule_type', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('threshold', 'integer', notNull)
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('warning_rule_pk', ['institute_id', 'rule_type'])
    .execute();

  await withId(db, db.schema.createTable('warning').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('rule_type', 'text', notNull)
    .addColumn('subject_key', 'text', notNull)
    .addColumn('team_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('title', 'text', notNull)
    .addColumn('detail', 'text', notNull)
    .addColumn('link', 'text')
    .addColumn('due_on', 'text')
    .addColumn('state', 'text', notNull)
    .addColumn('snoozed_until', 'text')
    .addColumn('acted_by', 'integer')
    .addColumn('acted_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('warning_subject_uq').ifNotExists().unique().on('warning').columns(['institute_id', 'rule_type', 'subject_key']).execute();
  await db.schema.createIndex('warning_scope_idx').ifNotExists().on('warning').columns(['institute_id', 'state', 'id']).execute();
  await db.schema.createIndex('warning_user_idx').ifNotExists().on('warning').columns(['user_id', 'state']).execute();

  await db.schema
    .createTable('warning_digest')
    .ifNotExists()
    .addColumn('user_id', 'integer', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('warnings', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('warning_digest_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('warning_digest').ifExists().execute();
  await db.schema.dropTable('warning').ifExists().execute();
  await db.schema.dropTable('warning_rule').ifExists().execute();
}
