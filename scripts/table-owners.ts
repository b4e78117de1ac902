/**
 * One writer per table (docs/ARCHITECTURE.md, "数据归属"): each table the server modules write has
 * one owning module (`<context>/<module>`), and only that module inserts, updates or deletes its
 * rows; any other module calls the owner's service (bound to its transaction with `within(trx)`).
 * `platform` means only platform/ writes it (modules go through platform/db/settings.ts).
 * `npm run lint` (check-boundaries.ts) scans every non-test file under apps/server/src/modules for
 * Kysely writes (`insertInto` / `updateTable` / `deleteFrom`) and fails on a write by anyone else,
 * or on a table missing here. Pure: the scanner and the check are unit-tested.
 */

export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // platform
  setting: 'platform',
  // shared/approvals
  approval_flow: 'shared/approvals',
  // shared/dicts
  dict_item: 'shared/dicts',
  dict_log: 'shared/dicts',
  dict_override: 'shared/dicts',
  dict_type: 'shared/dicts',
  dict_version: 'shared/dicts',
  // shared/files
  file_object: 'shared/files',
  // shared/messages
  user_message: 'shared/messages',
  // site/content
  app_config: 'site/content',
  help_item: 'site/content',
  notice: 'site/content',
  notice_file: 'site/content',
  notice_read: 'site/content',
  notice_role: 'site/content',
  operation_manual: 'site/content',
  operation_manual_role: 'site/content',
  operation_manual_version: 'site/content',
  page_config: 'site/content',
  // ledgers/budget
  budget_entry: 'ledgers/budget',
  grant_card: 'ledgers/budget',
  grant_card_default: 'ledgers/budget',
  grant_card_line: 'ledgers/budget',
  grant_card_member: 'ledgers/budget',
  // ledgers/inventory
  inventory_container: 'ledgers/inventory',
  inventory_ledger: 'ledgers/inventory',
  inventory_location: 'ledgers/inventory',
  inventory_slip: 'ledgers/inventory',
  inventory_stocktake: 'ledgers/inventory',
  inventory_stocktake_line: 'ledgers/inventory',
  // ledgers/statistics
  spend_daily: 'ledgers/statistics',
  spend_fact: 'ledgers/statistics',
  spend_monthly: 'ledgers/statistics',
  // identity/account-centre
  change_request: 'identity/account-centre',
  // identity/api-clients
  api_client: 'identity/api-clients',
  // identity/org
  dept: 'identity/org',
  institute: 'identity/org',
  limit_setting: 'identity/org',
  // identity/rbac
  authority: 'identity/rbac',
  resource: 'identity/rbac',
  role: 'identity/rbac',
  user_role: 'identity/rbac',
  // identity/sso
  privacy_consent: 'identity/sso',
  sso_cas_config: 'identity/sso',
  sso_partner: 'identity/sso',
  // identity/uac
  app_user: 'identity/uac',
  user_dept: 'identity/uac',
  // supply/agreements
  contract_reminder: 'supply/agreements',
  supplier_contract: 'supply/agreements',
  // supply/catalog
  item: 'supply/catalog',
  item_pre: 'supply/catalog',
  item_price_history: 'supply/catalog',
  item_sale: 'supply/catalog',
  price_import: 'supply/catalog',
  price_import_row: 'supply/catalog',
  // supply/delivery-fees
  delivery_fee_rule: 'supply/delivery-fees',
  // supply/discounts
  dept_discount: 'supply/discounts',
  // supply/external
  external_count: 'supply/external',
  external_interface: 'supply/external',
  external_serve_log: 'supply/external',
  // supply/interface-excel
  contact_relation: 'supply/interface-excel',
  interface_import: 'supply/interface-excel',
  sales_activity: 'supply/interface-excel',
  supplier_contact: 'supply/interface-excel',
  // supply/pictures
  site_picture: 'supply/pictures',
  // supply/qualifications
  qualification: 'supply/qualifications',
  qualification_reminder: 'supply/qualifications',
  // supply/shop
  shop: 'supply/shop',
  shop_banner: 'supply/shop',
  shop_content_review: 'supply/shop',
  shop_notice: 'supply/shop',
  shop_section: 'supply/shop',
  // supply/supplier
  supplier: 'supply/supplier',
  supplier_qualification: 'supply/supplier',
  // buying/after-sales
  after_sale: 'buying/after-sales',
  after_sale_line: 'buying/after-sales',
  after_sale_log: 'buying/after-sales',
  after_sale_picture: 'buying/after-sales',
  // buying/bids
  bid_log: 'buying/bids',
  bid_offer: 'buying/bids',
  bid_offer_line: 'buying/bids',
  bid_project: 'buying/bids',
  bid_project_line: 'buying/bids',
  bid_project_supplier: 'buying/bids',
  // buying/comments
  item_comment: 'buying/comments',
  // buying/complaints
  complaint: 'buying/complaints',
  complaint_file: 'buying/complaints',
  // buying/mall
  buy_tip: 'buying/mall',
  cart_item: 'buying/mall',
  favorite: 'buying/mall',
  recv_address: 'buying/mall',
  // buying/orders
  delivery: 'buying/orders',
  delivery_line: 'buying/orders',
  express_channel: 'buying/orders',
  order_line: 'buying/orders',
  order_log: 'buying/orders',
  purchase_order: 'buying/orders',
  sub_order: 'buying/orders',
  sub_order_refund: 'buying/orders',
  // buying/tech-services
  tech_request: 'buying/tech-services',
  tech_request_log: 'buying/tech-services',
  tech_request_report: 'buying/tech-services',
  tech_service: 'buying/tech-services',
  // finance/claims
  claim: 'finance/claims',
  claim_file: 'finance/claims',
  claim_log: 'finance/claims',
  claim_setting: 'finance/claims',
  claim_sub_order: 'finance/claims',
  merge_claim: 'finance/claims',
  // finance/invoices
  invoice: 'finance/invoices',
  invoice_allocation: 'finance/invoices',
  invoice_line: 'finance/invoices',
  invoice_reminder: 'finance/invoices',
  invoice_setting: 'finance/invoices',
  // finance/settlement
  check_rule: 'finance/settlement',
  settle_batch: 'finance/settlement',
  settle_payment: 'finance/settlement',
  settle_payment_allocation: 'finance/settlement',
  statement: 'finance/settlement',
  statement_deduction: 'finance/settlement',
  statement_line: 'finance/settlement',
  statement_log: 'finance/settlement',
  // oversight/exports
  export_record: 'oversight/exports',
  order_import: 'oversight/exports',
  // oversight/warnings
  warning: 'oversight/warnings',
  warning_digest: 'oversight/warnings',
  warning_rule: 'oversight/warnings',
};

/**
 * The tables a second module may write, each with the reason. Keep this list short: every entry
 * is a rule with two homes.
 */
export const SECOND_WRITERS: Readonly<Record<string, { module: string; why: string }[]>> = {};

export interface TableWrite {
  table: string;
  /** 1-based line */
  line: number;
}

/** The Kysely writes in a source: `.insertInto('t')`, `.updateTable('t as x')`, `.deleteFrom('t')`. */
export function writesOf(source: string): TableWrite[] {
  const out: TableWrite[] = [];
  for (const m of source.matchAll(/\.(?:insertInto|updateTable|deleteFrom)\(\s*['"]([a-z_]+)(?:\s+as\s+\w+)?['"]/g)) {
    out.push({ table: m[1], line: source.slice(0, m.index ?? 0).split('\n').length });
  }
  return out;
}

/** Why a module may not write a table, or null when it may (`module` is `<context>/<module>`). */
export function foreignWrite(module: string, table: string): string | null {
  const owner = TABLE_OWNERS[table];
  if (owner === undefined) return `table ${table} has no owner in scripts/table-owners.ts`;
  if (owner === module) return null;
  if (SECOND_WRITERS[table]?.some((w) => w.module === module)) return null;
  return owner === 'platform'
    ? `${table} is written only by platform/ (use its helper)`
    : `${table} is owned by ${owner}: call its service instead of writing it`;
}
