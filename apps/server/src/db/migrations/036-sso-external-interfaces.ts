import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId, zero } from './portable.ts';

/**
 * Single sign-on, privacy consent, the external-interface registry and API-client administration
 * (issue 13 §4, §5):
 * - sso_cas_config: one institute's CAS server (base URL, protocol 2.0/3.0), the platform origin it
 *   knows as the service, and how its identity maps to an account (attribute → login name, phone or
 *   e-mail). One per institute; its code names it in the entry links.
 * - sso_partner: a partner system a logged-in user may be handed to, with its HMAC secret.
 * - privacy_consent: who accepted which version of the privacy policy, and how (an SSO first login).
 * - external_interface / external_count / external_serve_log: the registry of outbound lookups, their
 *   per-day counts (one row per interface and Shanghai day, bumped with an upsert) and the call log
 *   (90 days; a nightly job deletes older rows).
 * - api_client: scopes, a last rotation time and a revocation time; api_client_count: per-day calls.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sso_cas_config').ifNotExists())
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('cas_base_url', 'text', notNull)
    .addColumn('cas_version', 'text', notNull)
    .addColumn('service_origin', 'text', notNull)
    .addColumn('user_attribute', 'text', notNull)
    .addColumn('match_field', 'text', notNull)
    .addColumn('enabled', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sso_cas_config_institute_uq').ifNotExists().unique().on('sso_cas_config').column('institute_id').execute();
  await db.schema.createIndex('sso_cas_config_code_uq').ifNotExists().unique().on('sso_cas_config').column('code').execute();

  await withId(db, db.schema.createTable('sso_partner').ifNotExists())
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('target_url', 'text', notNull)
    .addColumn('secret', 'text', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('enabled', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sso_partner_code_uq').ifNotExists().unique().on('sso_partner').column('code').execute();

  await withId(db, db.schema.createTable('privacy_consent').ifNotExists())
    .addColumn('user_id', 'integer', notNull)
    .addColumn('policy_version', 'text', notNull)
    .addColumn('via', 'text', notNull)
    .addColumn('ip', 'text')
    .addColumn('agreed_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('privacy_consent_uq').ifNotExists().unique().on('privacy_consent').columns(['user_id', 'policy_version']).execute();

  await withId(db, db.schema.createTable('external_interface').ifNotExists())
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('timeout_ms', 'integer', notNull)
    .addColumn('enabled', 'integer', zero)
    .addColumn('deleted', 'integer', zero)
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('external_interface_code_uq').ifNotExists().unique().on('external_interface').column('code').execute();

  await withId(db, db.schema.createTable('external_count').ifNotExists())
    .addColumn('interface_id', 'integer', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('calls', 'integer', zero)
    .addColumn('failures', 'integer', zero)
    .addColumn('latency_total_ms', 'bigint', zero)
    .execute();
  await db.schema.createIndex('external_count_uq').ifNotExists().unique().on('external_count').columns(['interface_id', 'day']).execute();

  await withId(db, db.schema.createTable('external_serve_log').ifNotExists())
    .addColumn('interface_id', 'integer', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('outcome', 'text', notNull)
    .addColumn('http_status', 'integer')
    .addColumn('latency_ms', 'integer', notNull)
    .addColumn('error', 'text')
    .addColumn('called_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('external_serve_log_iface_idx').ifNotExists().on('external_serve_log').columns(['interface_id', 'id']).execute();
  await db.schema.createIndex('external_serve_log_called_idx').ifNotExists().on('external_serve_log').column('called_at').execute();

  const have = new Set(
    (isPostgres(db)
      ? await sql<{ n: string }>`select column_name as n from information_schema.columns where table_name = 'api_client'`.execute(db)
      : await sql<{ n: string }>`select name as n from pragma_table_info('api_client')`.execute(db)
    ).rows.map((r) => r.n),
  );
  if (!have.has('scopes')) await db.schema.alterTable('api_client').addColumn('scopes', 'text').execute();
  if (!have.has('rotated_at')) await db.schema.alterTable('api_client').addColumn('rotated_at', 'text').execute();
  if (!have.has('revoked_at')) await db.schema.alterTable('api_client').addColumn('revoked_at', 'text').execute();

  await withId(db, db.schema.createTable('api_client_count').ifNotExists())
    .addColumn('api_client_id', 'integer', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('calls', 'integer', zero)
    .execute();
  await db.schema.createIndex('api_client_count_uq').ifNotExists().unique().on('api_client_count').columns(['api_client_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['api_client_count', 'external_serve_log', 'external_count', 'external_interface', 'privacy_consent', 'sso_partner', 'sso_cas_config'])
    await db.schema.dropTable(t).ifExists().execute();
}
