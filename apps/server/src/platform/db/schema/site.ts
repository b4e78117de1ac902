import type { Generated } from 'kysely';

/**
 * The site context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into SiteTables.
 *
 * NoticeTable is declared twice (a later migration adds columns): TypeScript
 * merges interface declarations only within one file, so a table's declarations stay together here.
 */

// site/content

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** 1 public, 2 buyers, 3 suppliers */
  type: number;
  /** 0 draft, 1 published, 2 withdrawn */
  status: number;
  top: number;
  published_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PageConfigTable {
  id: Generated<number>;
  kind: string;
  title: string;
  image_file_id: number | null;
  /** the built-in picture (a site path, modules/pictures) shown until an image is uploaded */
  image_path: string | null;
  link_url: string | null;
  content: string | null;
  sort: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface HelpItemTable {
  id: Generated<number>;
  parent_id: number | null;
  title: string;
  content: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** Notice scope and publish window (migration 039), merged into NoticeTable. */
export interface NoticeTable {
  /** null: a platform notice; set: one institute's, seen only by its users */
  institute_id: number | null;
  /** ISO; a published notice is visible from then (null: from publication) */
  publish_at: string | null;
  /** ISO; and until then (null: without end) */
  withdraw_at: string | null;
}

/** The roles a notice is addressed to; none: everyone of its type (migration 039). */
export interface NoticeRoleTable {
  notice_id: number;
  role_id: number;
}

/** A notice's attachments (files of purpose 'notice'). */
export interface NoticeFileTable {
  notice_id: number;
  file_id: number;
  sort: number;
}

/** A read receipt: the first time a user opened a notice. */
export interface NoticeReadTable {
  notice_id: number;
  user_id: number;
  read_at: string;
}

/** An operation manual (操作手册) for some roles; users see its published version (migration 039). */
export interface OperationManualTable {
  id: Generated<number>;
  title: string;
  description: string;
  latest_version: number;
  /** null: not published (or taken offline) */
  published_version: number | null;
  published_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface OperationManualVersionTable {
  id: Generated<number>;
  manual_id: number;
  version: number;
  file_id: number;
  note: string;
  created_by: number;
  created_at: string;
}

export interface OperationManualRoleTable {
  manual_id: number;
  role_id: number;
}

// ── dictionaries, change requests, app config (migration 035) ──────────────
export interface AppConfigTable {
  id: Generated<number>;
  /** 0: the platform default; else an institute id */
  institute_key: number;
  /** 'page' | 'version:android' | 'version:ios' */
  kind: string;
  title: string;
  payload: string;
  status: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}

export interface SiteTables {
  notice: NoticeTable;
  page_config: PageConfigTable;
  help_item: HelpItemTable;
  notice_role: NoticeRoleTable;
  notice_file: NoticeFileTable;
  notice_read: NoticeReadTable;
  operation_manual: OperationManualTable;
  operation_manual_version: OperationManualVersionTable;
  operation_manual_role: OperationManualRoleTable;
  app_config: AppConfigTable;
}
