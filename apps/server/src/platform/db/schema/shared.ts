import type { Generated } from 'kysely';

/**
 * The shared context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into SharedTables.
 */

// shared/approvals

export interface ApprovalFlowTable {
  institute_id: number;
  team_enabled: number;
  team_threshold: number;
  institute_enabled: number;
  institute_threshold: number;
  checker_enabled: number;
  hazard_requires_institute: number;
  updated_by: number | null;
  updated_at: string;
}

// shared/dicts

// ── dictionaries, change requests, app config (migration 035) ──────────────
export interface DictTypeTable {
  id: Generated<number>;
  code: string;
  name: string;
  remark: string;
  builtin: number;
  created_at: string;
  updated_at: string;
}

export interface DictItemTable {
  id: Generated<number>;
  type_id: number;
  /** 0: global; an institute id: that institute's own item */
  owner_id: number;
  value: string;
  label: string;
  sort: number;
  /** 1 enabled, 0 disabled */
  status: number;
  created_at: string;
  updated_at: string;
}

export interface DictOverrideTable {
  id: Generated<number>;
  institute_id: number;
  item_id: number;
  hidden: number;
  label: string | null;
  sort: number | null;
  updated_by: number;
  updated_at: string;
}

export interface DictLogTable {
  id: Generated<number>;
  institute_id: number | null;
  user_id: number;
  action: string;
  type_code: string;
  item_value: string | null;
  detail: string;
  created_at: string;
}

export interface DictVersionTable {
  id: number;
  version: number;
}

// shared/files

export interface FileObjectTable {
  id: Generated<number>;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  purpose: string;
  uploaded_by: number | null;
  created_at: string;
}

// shared/messages

export interface UserMessageTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  link: string | null;
  read: number;
  created_at: string;
}

export interface SharedTables {
  approval_flow: ApprovalFlowTable;
  dict_type: DictTypeTable;
  dict_item: DictItemTable;
  dict_override: DictOverrideTable;
  dict_log: DictLogTable;
  dict_version: DictVersionTable;
  file_object: FileObjectTable;
  user_message: UserMessageTable;
}
