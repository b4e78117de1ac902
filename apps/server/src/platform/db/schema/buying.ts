import type { Generated } from 'kysely';

/**
 * The buying context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into BuyingTables.
 *
 * PurchaseOrderTable and SubOrderTable are declared twice (a later migration adds columns): TypeScript
 * merges interface declarations only within one file, so a table's declarations stay together here.
 */

// buying/after-sales

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

// buying/bids

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

// buying/comments

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

// buying/complaints

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

// buying/mall

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

export interface BuyTipTable {
  id: Generated<number>;
  title: string;
  content: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

// buying/orders

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

// ── grant cards (课题经费卡) and the budget ledger (migration 024) ───────────────
/** The grant card an order charges (null: an order placed without a card). */
export interface PurchaseOrderTable {
  grant_card_id: Generated<number | null>;
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

// ── spending per budget line (migration 041) ─────────────────────────────────
/** The budget line of its order's card a sub-order charges (null: the card has no lines). */
export interface SubOrderTable {
  budget_line_id: Generated<number | null>;
}

// buying/tech-services

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

export interface BuyingTables {
  after_sale: AfterSaleTable;
  after_sale_line: AfterSaleLineTable;
  after_sale_picture: AfterSalePictureTable;
  after_sale_log: AfterSaleLogTable;
  bid_project: BidProjectTable;
  bid_project_line: BidProjectLineTable;
  bid_project_supplier: BidProjectSupplierTable;
  bid_offer: BidOfferTable;
  bid_offer_line: BidOfferLineTable;
  bid_log: BidLogTable;
  item_comment: ItemCommentTable;
  complaint: ComplaintTable;
  complaint_file: ComplaintFileTable;
  cart_item: CartItemTable;
  favorite: FavoriteTable;
  recv_address: RecvAddressTable;
  buy_tip: BuyTipTable;
  purchase_order: PurchaseOrderTable;
  sub_order: SubOrderTable;
  order_line: OrderLineTable;
  order_log: OrderLogTable;
  express_channel: ExpressChannelTable;
  delivery: DeliveryTable;
  delivery_line: DeliveryLineTable;
  sub_order_refund: SubOrderRefundTable;
  tech_service: TechServiceTable;
  tech_request: TechRequestTable;
  tech_request_report: TechRequestReportTable;
  tech_request_log: TechRequestLogTable;
}
