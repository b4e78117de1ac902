import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/** Organisation, users, permissions, audit, outbox and API clients (issue: platform foundation). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('institute'))
    .addColumn('name', 'text', notNull)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('dept'))
    .addColumn('institute_id', 'integer', (c) => c.references('institute.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await s.createIndex('dept_institute_idx').on('dept').columns(['institute_id', 'path']).execute();

  await withId(db, s.createTable('team'))
    .addColumn('institute_id', 'integer', (c) => c.notNull().references('institute.id'))
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('leader_user_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('supplier'))
    .addColumn('company_name', 'text', (c) => c.notNull().unique())
    .addColumn('credit_code', 'text', notNull)
    .addColumn('contact_name', 'text', notNull)
    .addColumn('contact_phone', 'text', notNull)
    .addColumn('status', 'integer', zero)
    .addColumn('child_account_limit', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('app_user'))
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('real_name', 'text')
    .addColumn('nick', 'text')
    .addColumn('phone_num', 'text')
    .addColumn('email', 'text')
    .addColumn('account_type', 'integer', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('verification', 'integer', zero)
    .addColumn('whether_force_modify_password', 'integer', zero)
    .addColumn('institute_id', 'integer', (c) => c.references('institute.id'))
    .addColumn('supplier_id', 'integer', (c) => c.references('supplier.id'))
    .addColumn('parent_user_id', 'integer', (c) => c.references('app_user.id'))
    .addColumn('default_dept_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('current_dept_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('deleted', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await s.createIndex('app_user_institute_idx').on('app_user').columns(['institute_id', 'id']).execute();
  await s.createIndex('app_user_supplier_idx').on('app_user').columns(['supplier_id']).execute();

  await s
    .createTable('user_dept')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('team_id', 'integer', (c) => c.references('team.id'))
    .addPrimaryKeyConstraint('user_dept_pk', ['user_id', 'dept_id'])
    .execute();
  await s.createIndex('user_dept_dept_idx').on('user_dept').columns(['dept_id']).execute();

  await withId(db, s.createTable('role'))
    .addColumn('name', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('data_scope', 'text', notNull)
    .addColumn('side', 'integer', notNull)
    .addColumn('institute_id', 'integer', (c) => c.references('institute.id'))
    .addColumn('supplier_id', 'integer', (c) => c.references('supplier.id'))
    .addColumn('built_in', 'integer', zero)
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await s
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();

  await withId(db, s.createTable('resource'))
    .addColumn('parent_id', 'integer', (c) => c.references('resource.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('side', 'integer', notNull)
    .addColumn('path', 'text')
    .addColumn('route_name', 'text')
    .addColumn('component', 'text')
    .addColumn('icon', 'text')
    .addColumn('perm_code', 'text')
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('authority'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('add_flag', 'integer', zero)
    .addColumn('modify_flag', 'integer', zero)
    .addColumn('delete_flag', 'integer', zero)
    .addColumn('export_flag', 'integer', zero)
    .addColumn('limit_tab', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('authority_role_resource_uq', ['role_id', 'resource_id'])
    .execute();

  await withId(db, s.createTable('limit_setting'))
    .addColumn('name', 'text', notNull)
    .addColumn('institute_id', 'integer', (c) => c.references('institute.id'))
    .addColumn('value', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, s.createTable('audit_log'))
    .addColumn('user_id', 'integer')
    .addColumn('action', 'text', notNull)
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await s.createIndex('audit_log_time_idx').on('audit_log').columns(['created_at']).execute();

  await withId(db, s.createTable('outbox'))
    .addColumn('channel', 'text', notNull)
    .addColumn('recipient', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .execute();

  await withId(db, s.createTable('api_client'))
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', notNull)
    .addColumn('sign_key', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'api_client',
    'outbox',
    'audit_log',
    'limit_setting',
    'authority',
    'resource',
    'user_role',
    'role',
    'user_dept',
    'app_user',
    'supplier',
    'team',
    'dept',
    'institute',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
