import type { Generated } from 'kysely';

/**
 * Table shapes for Kysely. Portable types only: integers (booleans as 0/1), text, and
 * timestamps as ISO-8601 UTC text, so the same SQL runs on SQLite and PostgreSQL.
 */
export interface InstituteTable {
  id: Generated<number>;
  name: string;
  code: string;
  status: number;
  created_at: string;
}

export interface DeptTable {
  id: Generated<number>;
  institute_id: number | null;
  parent_id: number | null;
  name: string;
  /** path of ancestor ids like '/3/5/' so "department and below" is a prefix match */
  path: string;
  sort: number;
  status: number;
  created_at: string;
}

export interface TeamTable {
  id: Generated<number>;
  institute_id: number;
  dept_id: number;
  name: string;
  leader_user_id: number | null;
  created_at: string;
}

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
  /** company name without province and company-form words, for the duplicate check (SPEC.md §5) */
  company_key: string | null;
  refuse_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  email: string | null;
}

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  real_name: string | null;
  nick: string | null;
  phone_num: string | null;
  email: string | null;
  /** 0 platform admin, 1 buyer, 2 supplier */
  account_type: number;
  /** 1 active, 0 disabled, 2 frozen (too many wrong passwords) */
  status: number;
  verification: number;
  whether_force_modify_password: number;
  institute_id: number | null;
  supplier_id: number | null;
  /** main account of a supplier child account */
  parent_user_id: number | null;
  default_dept_id: number | null;
  current_dept_id: number | null;
  deleted: number;
  created_at: string;
  updated_at: string;
}

export interface UserDeptTable {
  user_id: number;
  dept_id: number;
  team_id: number | null;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  code: string;
  /** 'all' | 'institute' | 'dept' | 'team' | 'self' */
  data_scope: string;
  /** 1 platform side (types 0/1), 2 supplier side */
  side: number;
  /** null: a platform-wide role; set: owned by that institute */
  institute_id: number | null;
  /** null unless owned by one supplier */
  supplier_id: number | null;
  built_in: number;
  remark: string | null;
  created_at: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface ResourceTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** 'menu' | 'button' (platform side); 'module' | 'function' (supplier side) */
  type: string;
  side: number;
  path: string | null;
  route_name: string | null;
  component: string | null;
  icon: string | null;
  /** named permission a route checks, e.g. 'uac:role:manage' */
  perm_code: string | null;
  sort: number;
  created_at: string;
}

/** An authority: a role's grant of a resource with its per-page flags (SPEC.md §3). */
export interface AuthorityTable {
  id: Generated<number>;
  role_id: number;
  resource_id: number;
  add_flag: number;
  modify_flag: number;
  delete_flag: number;
  export_flag: number;
  limit_tab: string;
}

export interface LimitTable {
  id: Generated<number>;
  /** 'deptCount' | 'instituteUserCount' | 'childAccount' */
  name: string;
  institute_id: number | null;
  value: number;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface ApiClientTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  sign_key: string;
  name: string;
  status: number;
  created_at: string;
  /** the institute this client (an institute's finance system) speaks for (migration 025); null: none */
  institute_id: number | null;
  /** JSON array of scope names the admin granted (migration 036); null: none recorded */
  scopes: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
}

/** Single sign-on (migration 036): an institute's CAS server and how its identities map to accounts. */
export interface SsoCasConfigTable {
  id: Generated<number>;
  institute_id: number;
  code: string;
  cas_base_url: string;
  /** '2.0' (/serviceValidate) or '3.0' (/p3/serviceValidate) */
  cas_version: string;
  service_origin: string;
  /** '' = the authenticated user (<cas:user>) */
  user_attribute: string;
  /** 'user_name' | 'phone_num' | 'email' */
  match_field: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface SsoPartnerTable {
  id: Generated<number>;
  code: string;
  name: string;
  target_url: string;
  secret: string;
  institute_id: number | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface PrivacyConsentTable {
  id: Generated<number>;
  user_id: number;
  policy_version: string;
  /** 'sso' (the first single-sign-on login) */
  via: string;
  ip: string | null;
  agreed_at: string;
}

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

export interface ApiClientCountTable {
  id: Generated<number>;
  api_client_id: number;
  day: string;
  calls: number;
}

export interface SettingTable {
  name: string;
  value: string;
}

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

/** A drawing the product makes itself (a chemical's structure, a category's drawing, a banner), served as SVG. */
export interface SitePictureTable {
  /** file name in the picture's address, e.g. `cas-64-17-5.svg`, `cat-centrifuge-tube.svg`, `ban-guoyao.svg` */
  name: string;
  svg: string;
  created_at: string;
}

export interface SupplierQualificationTable {
  supplier_id: number;
  file_id: number;
  kind: string;
}

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

export interface CartItemTable {
  id: Generated<number>;
  user_id: number;
  item_id: number;
  quantity: number;
  price_at_add: number;
  created_at: string;
  updated_at: string;
}

export interface FavoriteTable {
  user_id: number;
  item_id: number;
  created_at: string;
}

export interface RecvAddressTable {
  id: Generated<number>;
  user_id: number;
  province: string;
  city: string;
  district: string;
  detail: string;
  contact: string;
  phone: string;
  is_default: number;
  deleted: number;
  created_at: string;
  updated_at: string;
}

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

export interface BuyTipTable {
  id: Generated<number>;
  title: string;
  content: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface PurchaseOrderTable {
  id: Generated<number>;
  order_no: string;
  buyer_id: number;
  placed_by_id: number;
  institute_id: number | null;
  dept_id: number | null;
  team_id: number | null;
  recv_province: string;
  recv_city: string;
  recv_district: string;
  recv_detail: string;
  recv_contact: string;
  recv_phone: string;
  goods_amount: number;
  delivery_fee: number;
  total_amount: number;
  has_hazard: number;
  status: string;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  /** the approval chain decided at creation, e.g. 'team,institute' ('' = none) */
  approval_steps: string;
  checker_required: number;
  close_reason: string | null;
}

export interface SubOrderTable {
  id: Generated<number>;
  order_id: number;
  sub_no: string;
  supplier_id: number;
  goods_amount: number;
  delivery_fee: number;
  /** the hazardous-goods surcharge inside delivery_fee */
  hazard_fee: Generated<number>;
  /** the 运费模板 row applied ('' = the supplier had none) */
  delivery_region: Generated<string>;
  total_amount: number;
  remark: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  /** supplier's own marks, comma-separated */
  flags: string;
  /** last refusal, rejection, refund or stop reason */
  reason: string | null;
  /** fen refunded of part of the sub-order after delivery (migration 037; a whole refund is status refunded) */
  refunded_amount: Generated<number>;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  sub_order_id: number;
  item_id: number;
  name: string;
  spec: string;
  brand: string | null;
  cas: string | null;
  catalog_no: string | null;
  grade: string | null;
  unit: string;
  unit_price: number;
  quantity: number;
  amount: number;
  /** comma-separated hazard labels copied from the item */
  hazard: string;
  delivered_qty: number;
  /** the item's list price when a 协议价 rule priced the line below it (migration 018), else null */
  list_price: number | null;
  /** the rule's label (9.2折 / 协议价), else null */
  price_note: string | null;
  /** VAT rate code copied from the item at placement (migration 020; '13', '9', … '免税') */
  tax_rate: Generated<string>;
  /** units and fen of the line refunded after delivery (migration 037) */
  refunded_qty: Generated<number>;
  refunded_amount: Generated<number>;
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

export interface OrderLogTable {
  id: Generated<number>;
  order_id: number;
  sub_order_id: number | null;
  actor_id: number | null;
  actor: string;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  created_at: string;
}

export interface ExpressChannelTable {
  id: Generated<number>;
  name: string;
  code: string;
  tracking_url: string | null;
  status: number;
  sort: number;
}

export interface DeliveryTable {
  id: Generated<number>;
  sub_order_id: number;
  express_channel_id: number;
  tracking_no: string;
  created_by: number;
  created_at: string;
}

export interface DeliveryLineTable {
  delivery_id: number;
  order_line_id: number;
  quantity: number;
  /** the supplier's lot (批号) and expiry (YYYY-MM-DD) for this shipment, when given (migration 029) */
  lot_no: Generated<string | null>;
  expires_on: Generated<string | null>;
}

export interface UserMessageTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  link: string | null;
  read: number;
  created_at: string;
}

export interface DB {
  approval_flow: ApprovalFlowTable;
  order_log: OrderLogTable;
  express_channel: ExpressChannelTable;
  delivery: DeliveryTable;
  delivery_line: DeliveryLineTable;
  user_message: UserMessageTable;
  brand: BrandTable;
  category: CategoryTable;
  shop: ShopTable;
  shop_section: ShopSectionTable;
  shop_banner: ShopBannerTable;
  shop_notice: ShopNoticeTable;
  shop_content_review: ShopContentReviewTable;
  item: ItemTable;
  item_price_history: ItemPriceHistoryTable;
  item_pre: ItemPreTable;
  price_import: PriceImportTable;
  dept_discount: DeptDiscountTable;
  item_sale: ItemSaleTable;
  price_import_row: PriceImportRowTable;
  site_picture: SitePictureTable;
  cart_item: CartItemTable;
  favorite: FavoriteTable;
  recv_address: RecvAddressTable;
  delivery_fee_rule: DeliveryFeeRuleTable;
  qualification: QualificationTable;
  qualification_reminder: QualificationReminderTable;
  buy_tip: BuyTipTable;
  purchase_order: PurchaseOrderTable;
  sub_order: SubOrderTable;
  order_line: OrderLineTable;
  setting: SettingTable;
  notice: NoticeTable;
  page_config: PageConfigTable;
  help_item: HelpItemTable;
  file_object: FileObjectTable;
  supplier_qualification: SupplierQualificationTable;
  institute: InstituteTable;
  dept: DeptTable;
  team: TeamTable;
  supplier: SupplierTable;
  app_user: UserTable;
  user_dept: UserDeptTable;
  role: RoleTable;
  user_role: UserRoleTable;
  resource: ResourceTable;
  authority: AuthorityTable;
  limit_setting: LimitTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  api_client: ApiClientTable;
  sso_cas_config: SsoCasConfigTable;
  sso_partner: SsoPartnerTable;
  privacy_consent: PrivacyConsentTable;
  external_interface: ExternalInterfaceTable;
  external_count: ExternalCountTable;
  external_serve_log: ExternalServeLogTable;
  api_client_count: ApiClientCountTable;
}

/** Supply contracts supplier × institute (migration 015; status 1 = active, SPEC.md §4). */
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

export interface DB {
  supplier_contract: SupplierContractTable;
  contract_reminder: ContractReminderTable;
}

/** The in-process jobs runner's queue (SQLite only; PostgreSQL uses graphile-worker's own schema). */
export interface JobQueueTable {
  id: Generated<number>;
  name: string;
  /** JSON text */
  payload: string;
  /** ISO timestamp: not before */
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  status: 'pending' | 'running' | 'done' | 'failed';
  singleton_key: string | null;
  created_at: string;
}

export interface DB {
  job_queue: JobQueueTable;
}

/** An institute's invoice rules and its buyer identity on every invoice (migration 020). */
export interface InvoiceSettingTable {
  institute_id: number;
  /** 购方名称 every invoice must carry */
  buyer_title: string;
  /** 购方统一社会信用代码 / 纳税人识别号 */
  buyer_tax_id: string;
  files_per_sub: Generated<number>;
  max_file_mb: Generated<number>;
  /** comma-separated extensions: pdf,ofd,xml,jpg,png */
  file_types: Generated<string>;
  /** upload deadline in days after acceptance */
  deadline_days: Generated<number>;
  /** fen; above it finance needs a 发票查验 proof */
  verify_threshold: Generated<number>;
  /** fen an invoice may bill beyond accepted − refunded per rate bucket */
  over_bill_allowance: Generated<number>;
  /** 1 = the institute wants paper invoices as well */
  paper_required: Generated<number>;
  invoice_type: Generated<string>;
  invoice_time: Generated<string>;
  pay_time: Generated<string>;
  updated_by: number | null;
  updated_at: string;
}

/** A supplier's invoice to an institute (migration 020); numbers and codes are text. */
export interface InvoiceTable {
  id: Generated<number>;
  supplier_id: number;
  institute_id: number;
  /** digital_special 数电专票, digital_normal 数电普票, paper_special 纸质专票, paper_normal 纸质普票, e_normal 电子普票（旧） */
  kind: string;
  /** 发票代码: null for 数电 invoices */
  code: string | null;
  number: string;
  /** YYYY-MM-DD */
  issue_date: string;
  seller_name: string;
  seller_tax_id: string;
  buyer_name: string;
  buyer_tax_id: string;
  excl_amount: number;
  tax_amount: number;
  total_amount: number;
  /** bucket = one "试剂一批" line with a list, matched per rate; lines = item lines, matched per order line */
  billing: Generated<string>;
  /** uploaded, matched, exception, claimed, red_flushed, void */
  status: string;
  /** unverified, verified, mismatch, failed */
  verify_status: Generated<string>;
  /** why the invoice does not match (Chinese), null when it does */
  exception: string | null;
  exception_accepted_by: number | null;
  exception_accepted_reason: string | null;
  exception_accepted_at: string | null;
  /** a red invoice: the blue invoice it reverses */
  blue_invoice_id: number | null;
  file_id: number | null;
  /** manual, xml, pdf: where the fields came from */
  source: Generated<string>;
  paper_confirmed: Generated<number>;
  remark: string | null;
  uploaded_by: number;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLineTable {
  id: Generated<number>;
  invoice_id: number;
  /** tax category and name as printed, e.g. *化学试剂*无水乙醇 */
  name: string;
  spec: string | null;
  unit: string | null;
  /** decimal text as printed */
  quantity: string | null;
  excl_amount: number;
  tax_rate: string;
  tax_amount: number;
  sort: Generated<number>;
}

/** What an invoice bills: a sub-order (and for line billing an order line) at one rate, in fen. */
export interface InvoiceAllocationTable {
  id: Generated<number>;
  invoice_id: number;
  sub_order_id: number;
  order_line_id: number | null;
  tax_rate: string;
  /** tax-inclusive fen; negative for a red invoice */
  amount: number;
  created_at: string;
}

/** An invoice deadline reminder sent for a sub-order (migration 023): 'soon' at N−3 days, 'due' on day N. */
export interface FileChunkTable {
  storage_key: string;
  seq: number;
  data: Buffer;
}

export interface InvoiceReminderTable {
  sub_order_id: number;
  kind: string;
  created_at: string;
}

export interface DB {
  invoice_reminder: InvoiceReminderTable;
  /** PostgreSQL only (migration 028): files kept in the database, see platform/files/pg-storage.ts */
  file_chunk: FileChunkTable;
  invoice_setting: InvoiceSettingTable;
  invoice: InvoiceTable;
  invoice_line: InvoiceLineTable;
  invoice_allocation: InvoiceAllocationTable;
}

/** A buyer's 报销单 over completed, invoiced sub-orders (migration 021). */
export interface ClaimTable {
  id: Generated<number>;
  /** BX + Shanghai date + id */
  claim_no: string;
  buyer_id: number;
  institute_id: number;
  dept_id: number | null;
  team_id: number | null;
  /** draft, submitted, team_approved, institute_approved, finance_review, completed, cancelled */
  status: string;
  amount: number;
  sub_count: number;
  /** the chain fixed at submission, e.g. 'team,institute' ('' = none) */
  approval_steps: Generated<string>;
  /** why a draft came back: 'refused' or 'supplement' (退回补充材料); null when never submitted */
  return_kind: string | null;
  last_reason: string | null;
  merge_id: number | null;
  remark: string | null;
  submitted_at: string | null;
  /** the last reminder to the current approver (notify is rate-limited on it) */
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClaimSubOrderTable {
  id: Generated<number>;
  claim_id: number;
  sub_order_id: number;
  amount: number;
  /** 1 until the claim is cancelled; unique per sub-order among live rows */
  live: Generated<number>;
}

export interface ClaimLogTable {
  id: Generated<number>;
  claim_id: number;
  actor_id: number;
  /** buyer, team, institute, finance */
  actor: string;
  action: string;
  from_status: string;
  to_status: string;
  reason: string | null;
  created_at: string;
}

export interface ClaimFileTable {
  id: Generated<number>;
  claim_id: number;
  file_id: number;
  created_at: string;
}

/** Finance's 合并报销 over claims of one institute. */
export interface MergeClaimTable {
  id: Generated<number>;
  merge_no: string;
  institute_id: number;
  /** review, completed, returned, cancelled */
  status: string;
  amount: number;
  claim_count: Generated<number>;
  created_by: number;
  completed_by: number | null;
  reason: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
}

/** An institute's year-end settlement freeze: calendar days (MM-DD, Shanghai) when no claim is submitted. */
export interface ClaimSettingTable {
  institute_id: number;
  freeze_from: string | null;
  freeze_to: string | null;
  updated_by: number | null;
  updated_at: string;
}

export interface DB {
  claim_setting: ClaimSettingTable;
  claim: ClaimTable;
  claim_sub_order: ClaimSubOrderTable;
  claim_log: ClaimLogTable;
  claim_file: ClaimFileTable;
  merge_claim: MergeClaimTable;
}

// ── 对账结算 (migration 025) ─────────────────────────────────────────────
export interface StatementTable {
  id: Generated<number>;
  statement_no: string;
  institute_id: number;
  supplier_id: number;
  /** YYYY-MM */
  month: string;
  /** ISO instants: [period_start, period_end) */
  period_start: string;
  period_end: string;
  status: string;
  /** 1 unless cancelled (one live statement per supplier, institute and month) */
  live: Generated<number>;
  line_count: Generated<number>;
  gross_amount: Generated<number>;
  deduction_amount: Generated<number>;
  net_amount: Generated<number>;
  paid_amount: Generated<number>;
  last_reason: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface StatementLineTable {
  id: Generated<number>;
  statement_id: number;
  sub_order_id: number;
  /** accepted | refund */
  kind: string;
  done_at: string;
  ordered_amount: number;
  accepted_amount: number;
  amount: number;
  original_amount: number;
  live: Generated<number>;
  /** none | disputed | corrected | removed */
  dispute: Generated<string>;
  dispute_reason: string | null;
  correction_note: string | null;
  created_at: string;
  /** the sub_order_refund a negative refund line carries (migration 037); null for the sub-order's own line */
  refund_id: Generated<number | null>;
}

export interface StatementDeductionTable {
  id: Generated<number>;
  statement_id: number;
  name: string;
  /** fixed (value in fen) | percent (value in basis points) | carry (an earlier statement's credit, value in fen) */
  kind: string;
  value: number;
  amount: Generated<number>;
  /** kind carry: the statement whose credit this is (migration 042) */
  source_statement_id: number | null;
}

export interface StatementLogTable {
  id: Generated<number>;
  statement_id: number;
  actor_id: number | null;
  actor: string;
  action: string;
  from_status: string;
  to_status: string;
  reason: string | null;
  created_at: string;
}

export interface SettlePaymentTable {
  id: Generated<number>;
  payment_no: string;
  institute_id: number;
  supplier_id: number;
  bank_ref: string;
  paid_on: string;
  amount: number;
  /** manual (recorded on the platform) | api (reported by the institute's finance system) */
  source: string;
  batch_id: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: string;
}

export interface SettlePaymentAllocationTable {
  id: Generated<number>;
  payment_id: number;
  statement_id: number;
  amount: number;
}

export interface CheckRuleTable {
  institute_id: number;
  period: string;
  cutoff_day: number;
  /** comma-separated sub-order states */
  count_states: string;
  /** JSON: [{ name, kind, value }] */
  deductions: string;
  updated_by: number | null;
  updated_at: string;
}

export interface SettleBatchTable {
  id: Generated<number>;
  batch_no: string;
  institute_id: number;
  api_client_id: number;
  bill_count: number;
  amount: number;
  /** JSON of the answer given the first time */
  result: string;
  created_at: string;
}

export interface DB {
  statement: StatementTable;
  statement_line: StatementLineTable;
  statement_deduction: StatementDeductionTable;
  statement_log: StatementLogTable;
  settle_payment: SettlePaymentTable;
  settle_payment_allocation: SettlePaymentAllocationTable;
  check_rule: CheckRuleTable;
  settle_batch: SettleBatchTable;
}

// ── grant cards (课题经费卡) and the budget ledger (migration 024) ───────────────
/** The grant card an order charges (null: an order placed without a card). */
export interface PurchaseOrderTable {
  grant_card_id: Generated<number | null>;
}

/** A grant card with its balance row: available = total − frozen − drawn, kept with every ledger entry. */
export interface GrantCardTable {
  id: Generated<number>;
  card_no: string;
  title: string;
  pi_id: number;
  institute_id: number;
  dept_id: number | null;
  /** YYYY-MM-DD, Shanghai calendar days, inclusive */
  valid_from: string;
  valid_to: string;
  /** active 有效 / invalid 无效 / frozen 冻结 */
  status: string;
  /** stop / warn */
  policy: string;
  total: number;
  frozen: Generated<number>;
  drawn: Generated<number>;
  /** manual (the PI or finance) or api (the institute's finance system) */
  source: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Budget lines of a card (材料费 …): informational, the card's balance is what is checked. */
export interface GrantCardLineTable {
  id: Generated<number>;
  card_id: number;
  name: string;
  amount: number;
}

export interface GrantCardMemberTable {
  card_id: number;
  user_id: number;
}

/** Each user's default card (preselected at checkout). */
export interface GrantCardDefaultTable {
  user_id: number;
  card_id: number;
}

/** The append-only budget ledger: one row per movement of a card's frozen or drawn figure. */
export interface BudgetEntryTable {
  id: Generated<number>;
  card_id: number;
  /** check / freeze / adjust / release / draw / reverse / carry */
  kind: string;
  /** fen, signed: freeze +, release −, adjust ±, draw + (moves frozen to drawn), reverse − (of drawn) */
  amount: number;
  order_id: number | null;
  sub_order_id: number | null;
  claim_id: number | null;
  /** another reference (a statement, a payment, a finance system's batch) */
  ref: string | null;
  actor_id: number | null;
  reason: string | null;
  created_at: string;
}

export interface DB {
  grant_card: GrantCardTable;
  grant_card_line: GrantCardLineTable;
  grant_card_member: GrantCardMemberTable;
  grant_card_default: GrantCardDefaultTable;
  budget_entry: BudgetEntryTable;
}

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

export interface DB {
  export_record: ExportRecordTable;
  order_import: OrderImportTable;
}

/** Where containers stand (migration 029): building › room › cabinet › shelf; hazard cabinets flagged. */
export interface InventoryLocationTable {
  id: Generated<number>;
  institute_id: number;
  dept_id: number | null;
  building: string;
  room: string;
  cabinet: string;
  shelf: string;
  /** 1 = 危化品柜 (locked, for hazardous and controlled reagents) */
  hazard_cabinet: Generated<number>;
  custodian: string | null;
  remark: string | null;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * One bottle / box in stock (migration 029): 4 × 500 mL is four containers. Quantities are in
 * `unit` (mL, g, 瓶 …) of `dimension` (volume / mass / count); `quantity_left` always equals the
 * last ledger row's balance.
 */
export interface InventoryContainerTable {
  id: Generated<number>;
  /** the label's QR content, unique (e.g. KC-20261126-000123) */
  code: string;
  institute_id: number;
  dept_id: number | null;
  team_id: number | null;
  /** the buyer the goods were ordered for */
  owner_id: number | null;
  item_id: number | null;
  name: string;
  cas: string | null;
  spec: string;
  brand: string | null;
  catalog_no: string | null;
  unit: string;
  /** volume / mass / count */
  dimension: string;
  quantity_total: number;
  quantity_left: number;
  lot_no: string | null;
  /** YYYY-MM-DD, null when the supplier gave none */
  expires_on: string | null;
  location_id: number | null;
  /** comma-separated hazard labels copied from the order line ('' = none) */
  hazard: Generated<string>;
  /** 1 = 易制毒 / 易制爆 / 剧毒: stock-out needs a second person */
  controlled: Generated<number>;
  order_id: number | null;
  sub_order_id: number | null;
  order_line_id: number | null;
  /** n of the line's containers (1-based) */
  seq: Generated<number>;
  /** fen per container */
  unit_price: Generated<number>;
  /** in_stock / empty / disposed */
  state: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A stock-in (per accepted sub-order) or stock-out (per 领用) slip, printed as 入库单 / 出库单. */
export interface InventorySlipTable {
  id: Generated<number>;
  slip_no: string;
  /** in / out */
  kind: string;
  institute_id: number;
  dept_id: number | null;
  team_id: number | null;
  sub_order_id: number | null;
  /** 领用人 (stock-out) or 验收人 (stock-in) */
  person_id: number | null;
  person_name: string | null;
  /** the second person for controlled reagents */
  second_person_id: number | null;
  actor_id: number | null;
  purpose: string | null;
  created_at: string;
}

/** Append-only ledger: signed delta and the container's balance after it (migration 029). */
export interface InventoryLedgerTable {
  id: Generated<number>;
  container_id: number;
  institute_id: number;
  /** stock_in / stock_out / adjust */
  kind: string;
  delta: number;
  balance: number;
  /** what the user typed (e.g. 0.05 L), before conversion to the container's unit */
  input_amount: number | null;
  input_unit: string | null;
  person_id: number | null;
  person_name: string | null;
  actor_id: number | null;
  reason: string | null;
  /** sub-order no., stocktake id … */
  ref: string | null;
  slip_id: number | null;
  created_at: string;
}

/** A stocktake (盘点) of a scope or one location; closing writes the differences as adjustments. */
export interface InventoryStocktakeTable {
  id: Generated<number>;
  institute_id: number;
  dept_id: number | null;
  team_id: number | null;
  location_id: number | null;
  title: string;
  /** open / closed */
  status: string;
  created_by: number;
  created_at: string;
  closed_by: number | null;
  closed_at: string | null;
}

export interface InventoryStocktakeLineTable {
  id: Generated<number>;
  stocktake_id: number;
  container_id: number;
  /** quantity_left when the stocktake was opened */
  expected: number;
  counted: number | null;
  reason: string | null;
  counted_by: number | null;
  counted_at: string | null;
}

export interface DB {
  inventory_location: InventoryLocationTable;
  inventory_container: InventoryContainerTable;
  inventory_slip: InventorySlipTable;
  inventory_ledger: InventoryLedgerTable;
  inventory_stocktake: InventoryStocktakeTable;
  inventory_stocktake_line: InventoryStocktakeLineTable;
}

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

export interface DB {
  warning_rule: WarningRuleTable;
  warning: WarningTable;
  warning_digest: WarningDigestTable;
}

/** A supplier's technical service item (技术服务, migration 034). */
export interface TechServiceTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  /** 测序、合成、检测…… (contracts TECH_CATEGORIES) */
  category: string;
  description: string;
  /** fen per unit, tax included; null = 询价 */
  price: number | null;
  unit: string;
  turnaround_days: number;
  /** VAT rate code ('6' by default) */
  tax_rate: string;
  /** JSON: the contracts' SampleForm */
  sample_form: string;
  active: number;
  deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A buyer's request for a technical service (migration 034; states in modules/tech-services/tech-request-states.ts). */
export interface TechRequestTable {
  id: Generated<number>;
  request_no: string;
  service_id: number;
  supplier_id: number;
  buyer_id: number;
  institute_id: number;
  dept_id: number | null;
  team_id: number | null;
  service_name: string;
  category: string;
  /** JSON: the sample form as it was when requested */
  sample_form: string;
  /** JSON: the filled sample rows */
  samples: string;
  sample_count: number;
  contact_phone: string;
  remark: string;
  status: string;
  unit_price: number | null;
  quantity: number | null;
  /** tax included, fen */
  amount: number | null;
  amount_ex_tax: number | null;
  tax_amount: number | null;
  tax_rate: string;
  quote_note: string | null;
  carrier: string | null;
  tracking_no: string | null;
  reason: string | null;
  report_note: string | null;
  accepted_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TechRequestReportTable {
  id: Generated<number>;
  request_id: number;
  file_id: number;
  created_at: string;
}

export interface TechRequestLogTable {
  id: Generated<number>;
  request_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  actor_id: number;
  note: string | null;
  created_at: string;
}

export interface DB {
  tech_service: TechServiceTable;
  tech_request: TechRequestTable;
  tech_request_report: TechRequestReportTable;
  tech_request_log: TechRequestLogTable;
}

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
export interface ChangeRequestTable {
  id: Generated<number>;
  /** 'userInfo' | 'userName' */
  kind: string;
  user_id: number;
  institute_id: number | null;
  old_value: string;
  new_value: string;
  /** the requested user name in lower case while pending review (reserved by a partial unique index) */
  name_key: string | null;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  reviewer_id: number | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}
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
export interface DB {
  dict_type: DictTypeTable;
  dict_item: DictItemTable;
  dict_override: DictOverrideTable;
  dict_log: DictLogTable;
  dict_version: DictVersionTable;
  change_request: ChangeRequestTable;
  app_config: AppConfigTable;
}

// ── statistics (migration 031) ──────────────────────────────────────────────
/** One counted thing of one source event (an accepted line or fee, or its reversal on refund); event_key is unique. */
export interface SpendFactTable {
  id: Generated<number>;
  event_key: string;
  /** accept | refund */
  kind: string;
  occurred_at: string;
  /** Asia/Shanghai YYYY-MM-DD and YYYY-MM */
  day: string;
  month: string;
  order_id: number;
  sub_order_id: number;
  /** null: the sub-order's delivery fee */
  order_line_id: number | null;
  institute_id: number | null;
  /** the top-level department of the institute above the team's (or order's) department */
  college_id: number | null;
  team_id: number | null;
  /** the buyer the order was placed for */
  user_id: number;
  supplier_id: number;
  item_id: number | null;
  brand_id: number | null;
  /** the item's (leaf) category */
  category_id: number | null;
  grant_card_id: number | null;
  amount: number;
  quantity: number;
  lines: number;
  orders: number;
}

/** Sums and counts of one day's facts per dimension, recomputed from the facts as a whole. */
export interface SpendDailyTable {
  id: Generated<number>;
  day: string;
  month: string;
  institute_id: number | null;
  college_id: number | null;
  team_id: number | null;
  user_id: number;
  supplier_id: number;
  item_id: number | null;
  brand_id: number | null;
  category_id: number | null;
  grant_card_id: number | null;
  amount: number;
  quantity: number;
  lines: number;
  orders: number;
}

export interface DB {
  spend_fact: SpendFactTable;
  spend_daily: SpendDailyTable;
}

/** A buyer's sealed bid request (migration 033, modules/bids). Nothing here changes when a bid arrives. */
export interface BidProjectTable {
  id: Generated<number>;
  project_no: string;
  title: string;
  institute_id: number;
  dept_id: number;
  team_id: number | null;
  buyer_id: number;
  /** fen (bigint: read with Number()) */
  ceiling_amount: number;
  /** ISO UTC */
  deadline: string;
  address_id: number | null;
  recv_province: string;
  recv_city: string;
  recv_district: string;
  recv_detail: string;
  recv_contact: string;
  recv_phone: string;
  /** invited | all */
  invite_mode: string;
  remark: string;
  /** bidding | opened | failed | awarded | closed (bids/bid-states.ts) */
  state: string;
  round: Generated<number>;
  opened_at: string | null;
  winner_bid_id: number | null;
  order_id: number | null;
  close_reason: string | null;
  published_at: string;
  created_at: string;
}

export interface BidProjectLineTable {
  id: Generated<number>;
  project_id: number;
  line_no: number;
  name: string;
  spec: string;
  cas: string | null;
  quantity: number;
  unit: string;
}

export interface BidProjectSupplierTable {
  project_id: number;
  supplier_id: number;
}

/** One supplier's sealed bid in one round; live while void = 0 (one live per supplier and round). */
export interface BidOfferTable {
  id: Generated<number>;
  project_id: number;
  round: number;
  supplier_id: number;
  total_amount: number;
  delivery_days: Generated<number>;
  remark: string;
  void: Generated<number>;
  /** written at opening: 1 = the winner-to-be; null for an invalid bid (or before opening) */
  rank: number | null;
  /** written at opening for an invalid bid */
  invalid_reason: string | null;
  submitted_by: number;
  /** the time of the amount in force: a revision moves it */
  submitted_at: string;
  created_at: string;
}

export interface BidOfferLineTable {
  id: Generated<number>;
  offer_id: number;
  line_id: number;
  unit_price: number;
  amount: number;
}

export interface BidLogTable {
  id: Generated<number>;
  project_id: number;
  round: number;
  actor_id: number | null;
  action: string;
  from_state: string | null;
  to_state: string;
  detail: string | null;
  created_at: string;
}

export interface DB {
  bid_project: BidProjectTable;
  bid_project_line: BidProjectLineTable;
  bid_project_supplier: BidProjectSupplierTable;
  bid_offer: BidOfferTable;
  bid_offer_line: BidOfferLineTable;
  bid_log: BidLogTable;
}

/** A buyer's after-sales request on one sub-order (migration 032); the order's scope columns are copied. */
export interface AfterSaleTable {
  id: Generated<number>;
  request_no: string;
  sub_order_id: number;
  order_id: number;
  supplier_id: number;
  buyer_id: number;
  placed_by_id: number;
  /** who filed it (the buyer or the assistant who placed the order) */
  applicant_id: number;
  institute_id: number | null;
  dept_id: number | null;
  team_id: number | null;
  /** return / exchange / reship / refund */
  type: string;
  status: string;
  reason: string;
  /** fen, computed from the order lines' prices */
  refund_amount: Generated<number>;
  refuse_reason: string | null;
  express_company: string | null;
  tracking_no: string | null;
  supplier_note: string | null;
  /** hidden from the buyer's list (quantities still count) */
  buyer_deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AfterSaleLineTable {
  id: Generated<number>;
  after_sale_id: number;
  order_line_id: number;
  quantity: number;
  unit_price: number;
  amount: number;
}

export interface AfterSalePictureTable {
  id: Generated<number>;
  after_sale_id: number;
  file_id: number;
}

export interface AfterSaleLogTable {
  id: Generated<number>;
  after_sale_id: number;
  actor_id: number | null;
  /** buyer / supplier / system */
  actor: string;
  action: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  created_at: string;
}

/** A buyer's complaint about a supplier (migration 032). */
export interface ComplaintTable {
  id: Generated<number>;
  complaint_no: string;
  buyer_id: number;
  institute_id: number | null;
  dept_id: number | null;
  team_id: number | null;
  supplier_id: number;
  sub_order_id: number | null;
  order_id: number | null;
  category: string;
  content: string;
  status: string;
  supplier_reply: string | null;
  supplier_replied_at: string | null;
  admin_reply: string | null;
  handled_by: number | null;
  handled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ComplaintFileTable {
  id: Generated<number>;
  complaint_id: number;
  file_id: number;
}

/** One comment per accepted order line (migration 032). */
export interface ItemCommentTable {
  id: Generated<number>;
  order_line_id: number;
  sub_order_id: number;
  order_id: number;
  item_id: number;
  supplier_id: number;
  /** the order's buyer; author_id is who wrote it (the buyer or the placing assistant) */
  buyer_id: number;
  author_id: number;
  institute_id: number | null;
  dept_id: number | null;
  team_id: number | null;
  quality: number;
  delivery: number;
  service: number;
  content: string;
  reply: string | null;
  replied_at: string | null;
  hidden: Generated<number>;
  hide_reason: string | null;
  hidden_by: number | null;
  created_at: string;
}

export interface DB {
  after_sale: AfterSaleTable;
  after_sale_line: AfterSaleLineTable;
  after_sale_picture: AfterSalePictureTable;
  after_sale_log: AfterSaleLogTable;
  complaint: ComplaintTable;
  complaint_file: ComplaintFileTable;
  item_comment: ItemCommentTable;
}

// ── part refunds after delivery (migration 037) ─────────────────────────────
/** One refund of part of a sub-order (an after-sales request finished with money back); unique per source. */
export interface SubOrderRefundTable {
  id: Generated<number>;
  sub_order_id: number;
  order_id: number;
  supplier_id: number;
  /** after_sale */
  source: string;
  source_id: number;
  /** the source's number shown to people (the request's SH…) */
  ref: string;
  /** fen, positive */
  amount: number;
  actor_id: number | null;
  done_at: string;
}

export interface DB {
  sub_order_refund: SubOrderRefundTable;
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

export interface DB {
  notice_role: NoticeRoleTable;
  notice_file: NoticeFileTable;
  notice_read: NoticeReadTable;
  operation_manual: OperationManualTable;
  operation_manual_version: OperationManualVersionTable;
  operation_manual_role: OperationManualRoleTable;
}

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

export interface DB {
  supplier_contact: SupplierContactTable;
  contact_relation: ContactRelationTable;
  sales_activity: SalesActivityTable;
  interface_import: InterfaceImportTable;
}

// ── spending per budget line (migration 041) ─────────────────────────────────
/** Each budget line's balance row, moved with the card's: available = amount − frozen − drawn. */
export interface GrantCardLineTable {
  frozen: Generated<number>;
  drawn: Generated<number>;
}

/** The budget line of its order's card a sub-order charges (null: the card has no lines). */
export interface SubOrderTable {
  budget_line_id: Generated<number | null>;
}

/** The budget line a ledger entry moves (null: none). */
export interface BudgetEntryTable {
  line_id: Generated<number | null>;
}

/**
 * Sums and counts of spend_daily per month × institute × college × team × supplier × brand × category
 * (migration 038): no person, no item; `goods` 1 for order lines, 0 for delivery fees. Recomputed from
 * spend_daily with the days it covers.
 */
export interface SpendMonthlyTable {
  id: Generated<number>;
  month: string;
  institute_id: number | null;
  college_id: number | null;
  team_id: number | null;
  supplier_id: number;
  brand_id: number | null;
  category_id: number | null;
  goods: number;
  amount: number;
  quantity: number;
  lines: number;
  orders: number;
}

export interface DB {
  spend_monthly: SpendMonthlyTable;
}
