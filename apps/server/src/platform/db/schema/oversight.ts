import type { Generated } from 'kysely';

/**
 * The oversight context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into OversightTables.
 */

// oversight/exports

/** One asynchronous export (migration 026): produced by the job `exports.run`, kept 7 days. */
export interface ExportRecordTable {
  id: Generated<number>;
  /** what is exported: 'orders' */
  kind: string;
  /** the list page whose scope and filter it takes: buyer, team, institute, finance, admin, supplier */
  page: string;
  user_id: number;
  /** the exporter's institute (buyer side) at the time of the request, for the institute's page of records */
  institute_id: number | null;
  supplier_id: number | null;
  /** the list's query (JSON), as the synchronous export takes it */
  filter: string;
  /** queued, running, done, failed */
  status: string;
  progress: number;
  row_count: number;
  file_id: number | null;
  file_name: string;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string;
}

/** One upload of historical orders by the platform admin (migration 026): preview until confirmed. */
export interface OrderImportTable {
  id: Generated<number>;
  admin_id: number;
  file_name: string;
  /** ready (no bad row, may be confirmed), invalid, applied, expired */
  status: string;
  total_rows: number;
  error_rows: number;
  order_count: number;
  /** the checked rows (JSON), applied on confirmation */
  rows: string;
  /** every bad row (JSON: row, column, message) */
  errors: string;
  created_at: string;
  applied_at: string | null;
  expires_at: string;
}

// oversight/warnings

// ── 030 warnings (预警) ──
export interface WarningRuleTable {
  institute_id: number;
  /** a key of RULE_TYPE_TEXT in @kc/contracts/warnings */
  rule_type: string;
  enabled: number;
  /** days, a quantity or a percentage, as the rule type says */
  threshold: number;
  updated_by: number | null;
  updated_at: string;
}

export interface WarningTable {
  id: Generated<number>;
  institute_id: number;
  rule_type: string;
  /** what the warning is about, e.g. 'sub_order:12' (unique per institute and rule type) */
  subject_key: string;
  team_id: number | null;
  /** whose it is (the buyer, the card's PI); null = the institute's (its owners see it) */
  user_id: number | null;
  title: string;
  detail: string;
  /** web path to the subject */
  link: string | null;
  /** YYYY-MM-DD the warning is about (expiry day, deadline), Shanghai */
  due_on: string | null;
  /** new / acknowledged / snoozed / resolved */
  state: string;
  /** YYYY-MM-DD, while snoozed */
  snoozed_until: string | null;
  /** who last acted (null = the system) */
  acted_by: number | null;
  acted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WarningDigestTable {
  user_id: number;
  /** YYYY-MM-DD, Shanghai */
  day: string;
  warnings: number;
  created_at: string;
}

export interface OversightTables {
  export_record: ExportRecordTable;
  order_import: OrderImportTable;
  warning_rule: WarningRuleTable;
  warning: WarningTable;
  warning_digest: WarningDigestTable;
}
