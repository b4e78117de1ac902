import type { Generated } from 'kysely';

/**
 * The supply context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into SupplyTables.
 */

// supply/agreements

/** Supply contracts supplier × institute (migration 015; status 1 = active, docs/domains/supply.md#contract-gate). */
export interface SupplierContractTable {
  id: Generated<number>;
  supplier_id: number;
  institute_id: number;
  contract_no: string;
  title: string;
  /** YYYY-MM-DD, Asia/Shanghai calendar days, both inclusive */
  start_date: string;
  end_date: string;
  file_id: number | null;
  /** 0 draft, 1 active, 2 pending signature, 3 renewed, 4 expired, 5 terminated */
  status: number;
  /** a renewal: the contract it continues */
  original_id: number | null;
  version: Generated<number>;
  /** 0 none, 1 due, 2 renewal pending, 3 renewed, 4 not renewing */
  renew_status: Generated<number>;
  refuse_reason: string | null;
  terminate_reason: string | null;
  terminated_at: string | null;
  signed_by: number | null;
  signed_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface ContractReminderTable {
  id: Generated<number>;
  contract_id: number;
  remind_date: string;
  created_at: string;
}

// supply/catalog (and brand and category, which only the seed writes)

export interface BrandTable {
  id: Generated<number>;
  name: string;
  name_en: string | null;
  country: string | null;
  logo_file_id: number | null;
  intro: string | null;
  sort: number;
  recommended: number;
  created_at: string;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  path: string;
  level: number;
  sort: number;
  created_at: string;
}

export interface ItemTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  name_en: string | null;
  cas: string | null;
  brand_id: number | null;
  catalog_no: string | null;
  spec: string;
  pack_amount: number | null;
  pack_unit: string | null;
  grade: string | null;
  unit: string;
  /** fen */
  price: number;
  stock: number;
  category_id: number | null;
  section_id: number | null;
  /** JSON array of file ids or image urls */
  images: string;
  hazard_dangerous: number;
  hazard_precursor: number;
  hazard_explosive: number;
  hazard_toxic: number;
  supply_areas: string;
  on_shelf: number;
  deleted: number;
  /** when the supplier deleted it (restorable for 30 days); null when live or deleted before this was kept */
  deleted_at: string | null;
  /** 货期 in days (0 = 现货); null when not given */
  lead_days: number | null;
  sales: number;
  product_key: string;
  tokens: string;
  version: number;
  created_at: string;
  updated_at: string;
  /** VAT rate code (migration 020; '13', '9', … '免税') */
  tax_rate: Generated<string>;
}

/** A new item a supplier proposes; made into an item when the platform approves it. */
export interface ItemPreTable {
  id: Generated<number>;
  supplier_id: number;
  /** ItemProposalBody as JSON */
  payload: string;
  /** 0 pending, 1 approved, 2 refused */
  status: number;
  refuse_reason: string | null;
  item_id: number | null;
  submitted_by: number;
  submitted_at: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}

/** An uploaded price sheet, from validation to applied, expired, cancelled or rolled back (migration 014). */
export interface PriceImportTable {
  id: Generated<number>;
  supplier_id: number;
  /** the supplier's id while validating or awaiting confirmation (unique: one at a time), else null */
  active_supplier: number | null;
  /** PriceImportStatus */
  status: string;
  file_name: string;
  total_rows: Generated<number>;
  error_rows: Generated<number>;
  up_rows: Generated<number>;
  down_rows: Generated<number>;
  same_rows: Generated<number>;
  flagged_rows: Generated<number>;
  /** rows proposing a new item (item_pre on confirmation) */
  new_rows: Generated<number>;
  /** for a rollback record: the import it undid */
  rollback_of: number | null;
  created_by: number;
  created_at: string;
  /** confirmation must come before this (created + 1 hour) */
  expires_at: string;
  applied_by: number | null;
  applied_at: string | null;
  rolled_back_at: string | null;
}

/** One data row of a price sheet as read, matched and compared. */
export interface PriceImportRowTable {
  id: Generated<number>;
  import_id: number;
  row_no: number;
  item_id: number | null;
  catalog_no: string;
  brand: string;
  spec: string;
  item_name: string | null;
  price_text: string;
  stock_text: string;
  lead_text: string;
  old_price: number | null;
  new_price: number | null;
  old_stock: number | null;
  new_stock: number | null;
  old_lead: number | null;
  new_lead: number | null;
  /** 'new' | 'up' | 'down' | 'same' | 'error' */
  change: string;
  /** the price moves more than ±30%: held for platform review */
  flagged: Generated<number>;
  error: string | null;
  /** the new-item cells as typed (null on rows read before 022 and on rollback records) */
  name_text: string | null;
  cas_text: string | null;
  unit_text: string | null;
  category_text: string | null;
  /** a 'new' row: the checked ItemProposalBody (JSON) sent to review on confirmation */
  proposal: string | null;
  /** a 'new' row once confirmed: the item_pre it made */
  item_pre_id: number | null;
}

/** Every price change of an item: manual edit, price import or its rollback. */
export interface ItemPriceHistoryTable {
  id: Generated<number>;
  item_id: number;
  /** fen */
  old_price: number;
  /** fen */
  new_price: number;
  /** 'manual' | 'import' | 'rollback' */
  source: string;
  changed_by: number;
  created_at: string;
}

/** An approved sale campaign of one item (migration 019). */
export interface ItemSaleTable {
  id: Generated<number>;
  supplier_id: number;
  item_id: number;
  /** the item_pre request it was approved from */
  pre_id: number;
  title: string;
  /** fen */
  sale_price: number;
  starts_at: string;
  ends_at: string;
  /** when the supplier ended it early */
  ended_at: string | null;
  created_at: string;
}

// supply/delivery-fees

/** 运费模板 row: province '' is the default for every other region, city '' the whole province. Money in fen. */
export interface DeliveryFeeRuleTable {
  id: Generated<number>;
  supplier_id: number;
  province: string;
  city: string;
  first_fee: number;
  /** sub-orders whose goods reach it ship free; null = never */
  free_above: number | null;
  /** added when the sub-order holds hazardous items */
  hazard_fee: number;
  updated_at: string;
}

// supply/discounts

/** A supplier's 协议价 rule for an institute or department (migration 018). */
export interface DeptDiscountTable {
  id: Generated<number>;
  supplier_id: number;
  institute_id: number;
  dept_id: number | null;
  item_id: number | null;
  /** per-mille of the list price */
  rate: number | null;
  /** fen */
  price: number | null;
  valid_from: string;
  valid_to: string;
  status: Generated<number>;
  note: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

// supply/external

/** Outbound lookups (migration 036). */
export interface ExternalInterfaceTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 'item' | 'dilution' | 'snippet' | 'picture' */
  kind: string;
  /** with {id} where the looked-up id goes */
  url: string;
  method: string;
  timeout_ms: number;
  enabled: number;
  deleted: number;
  remark: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExternalCountTable {
  id: Generated<number>;
  interface_id: number;
  /** YYYY-MM-DD, Shanghai */
  day: string;
  calls: number;
  failures: number;
  latency_total_ms: number | bigint;
}

export interface ExternalServeLogTable {
  id: Generated<number>;
  interface_id: number;
  target: string;
  /** 'ok' | 'error' | 'timeout' | 'open' (the breaker refused without calling) */
  outcome: string;
  http_status: number | null;
  latency_ms: number;
  error: string | null;
  called_at: string;
}

// supply/interface-excel

/** 供应商联系人 (migration 040). */
export interface SupplierContactTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  phone: string;
  email: string | null;
  position: string | null;
  region: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** 联系人与研究所/部门的对应 (migration 040); dept_id 0: the whole institute. */
export interface ContactRelationTable {
  id: Generated<number>;
  institute_id: number;
  dept_id: Generated<number>;
  contact_id: number;
  supplier_id: number;
  note: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** 销售活动 (migration 040). */
export interface SalesActivityTable {
  id: Generated<number>;
  supplier_id: number;
  title: string;
  kind: string;
  institute_id: number | null;
  start_date: string;
  end_date: string;
  content: string | null;
  created_at: string;
  updated_at: string;
}

/** One /interface/v1 Excel import waiting for confirmation (migration 040). */
export interface InterfaceImportTable {
  id: Generated<number>;
  family: string;
  user_id: number;
  supplier_id: number | null;
  institute_id: number | null;
  file_name: string;
  status: string;
  total_rows: Generated<number>;
  error_rows: Generated<number>;
  rows: string;
  errors: string;
  created_at: string;
  expires_at: string;
  applied_at: string | null;
}

// supply/pictures

/** A drawing the product makes itself (a chemical's structure, a category's drawing, a banner), served as SVG. */
export interface SitePictureTable {
  /** file name in the picture's address, e.g. `cas-64-17-5.svg`, `cat-centrifuge-tube.svg`, `ban-guoyao.svg` */
  name: string;
  svg: string;
  created_at: string;
}

// supply/qualifications

/** A supplier's licence or certificate (资质); types in @kc/contracts/qualifications. */
export interface QualificationTable {
  id: Generated<number>;
  supplier_id: number;
  type_code: string;
  number: string;
  authority: string;
  /** YYYY-MM-DD, Asia/Shanghai */
  valid_from: string;
  /** YYYY-MM-DD, valid through that day; null = long-term */
  valid_to: string | null;
  file_id: number;
  scope: string;
  /** 0 pending, 1 approved, 2 refused, 3 withdrawn */
  status: number;
  refuse_reason: string | null;
  submitted_by: number;
  submitted_at: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}

/** An expiry reminder sent: once per qualification, threshold and end date. */
export interface QualificationReminderTable {
  qualification_id: number;
  days: number;
  valid_to: string;
  sent_at: string;
}

// supply/shop

export interface ShopTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  intro: string | null;
  logo_file_id: number | null;
  status: number;
  created_at: string;
  /** 店铺管理 review (migration 017): 1 pending, 2 approved, 3 refused, 4 withdrawn */
  review_status: Generated<number>;
  /** JSON of the submitted version waiting for review; the columns above are what buyers see */
  pending: string | null;
  refuse_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  pending_logo_file_id: number | null;
}

export interface ShopSectionTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  sort: number;
  /** 店铺管理 review (migration 017): 1 pending, 2 approved, 3 refused, 4 withdrawn */
  review_status: Generated<number>;
  /** JSON of the submitted version waiting for review; the columns above are what buyers see */
  pending: string | null;
  refuse_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** 1 once a version was approved (buyers may see it) */
  live: Generated<number>;
  deleted: Generated<number>;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  start_at: string | null;
  end_at: string | null;
}

export interface ShopBannerTable {
  id: Generated<number>;
  shop_id: number;
  title: string;
  image_file_id: number | null;
  link_url: string | null;
  sort: number;
  /** 店铺管理 review (migration 017): 1 pending, 2 approved, 3 refused, 4 withdrawn */
  review_status: Generated<number>;
  /** JSON of the submitted version waiting for review; the columns above are what buyers see */
  pending: string | null;
  refuse_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** 1 once a version was approved (buyers may see it) */
  live: Generated<number>;
  deleted: Generated<number>;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  start_at: string | null;
  end_at: string | null;
  pending_image_file_id: number | null;
}

export interface ShopNoticeTable {
  id: Generated<number>;
  shop_id: number;
  title: string;
  /** sanitised HTML */
  content: string;
  created_at: string;
  /** 店铺管理 review (migration 017): 1 pending, 2 approved, 3 refused, 4 withdrawn */
  review_status: Generated<number>;
  /** JSON of the submitted version waiting for review; the columns above are what buyers see */
  pending: string | null;
  refuse_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** 1 once a version was approved (buyers may see it) */
  live: Generated<number>;
  deleted: Generated<number>;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  start_at: string | null;
  end_at: string | null;
}

export interface ShopContentReviewTable {
  id: Generated<number>;
  shop_id: number;
  kind: string;
  target_id: number;
  action: string;
  to_status: number;
  reason: string | null;
  actor_id: number;
  created_at: string;
}

// supply/supplier

export interface SupplierTable {
  id: Generated<number>;
  company_name: string;
  credit_code: string;
  contact_name: string;
  contact_phone: string;
  /** 0 waiting for review, 1 active, 2 refused, 3 disabled */
  status: number;
  child_account_limit: number;
  created_at: string;
  /** company name without province and company-form words, for the duplicate check (docs/domains/supply.md#company-name-key) */
  company_key: string | null;
  refuse_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  email: string | null;
}

export interface SupplierQualificationTable {
  supplier_id: number;
  file_id: number;
  kind: string;
}

export interface SupplyTables {
  supplier_contract: SupplierContractTable;
  contract_reminder: ContractReminderTable;
  brand: BrandTable;
  category: CategoryTable;
  item: ItemTable;
  item_pre: ItemPreTable;
  price_import: PriceImportTable;
  price_import_row: PriceImportRowTable;
  item_price_history: ItemPriceHistoryTable;
  item_sale: ItemSaleTable;
  delivery_fee_rule: DeliveryFeeRuleTable;
  dept_discount: DeptDiscountTable;
  external_interface: ExternalInterfaceTable;
  external_count: ExternalCountTable;
  external_serve_log: ExternalServeLogTable;
  supplier_contact: SupplierContactTable;
  contact_relation: ContactRelationTable;
  sales_activity: SalesActivityTable;
  interface_import: InterfaceImportTable;
  site_picture: SitePictureTable;
  qualification: QualificationTable;
  qualification_reminder: QualificationReminderTable;
  shop: ShopTable;
  shop_section: ShopSectionTable;
  shop_banner: ShopBannerTable;
  shop_notice: ShopNoticeTable;
  shop_content_review: ShopContentReviewTable;
  supplier: SupplierTable;
  supplier_qualification: SupplierQualificationTable;
}
