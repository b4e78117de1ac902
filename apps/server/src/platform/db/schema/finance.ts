import type { Generated } from 'kysely';

/**
 * The finance context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into FinanceTables.
 */

// finance/claims

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

// finance/invoices

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
export interface InvoiceReminderTable {
  sub_order_id: number;
  kind: string;
  created_at: string;
}

// finance/settlement

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

export interface FinanceTables {
  claim: ClaimTable;
  claim_sub_order: ClaimSubOrderTable;
  claim_log: ClaimLogTable;
  claim_file: ClaimFileTable;
  merge_claim: MergeClaimTable;
  claim_setting: ClaimSettingTable;
  invoice_setting: InvoiceSettingTable;
  invoice: InvoiceTable;
  invoice_line: InvoiceLineTable;
  invoice_allocation: InvoiceAllocationTable;
  invoice_reminder: InvoiceReminderTable;
  statement: StatementTable;
  statement_line: StatementLineTable;
  statement_deduction: StatementDeductionTable;
  statement_log: StatementLogTable;
  settle_payment: SettlePaymentTable;
  settle_payment_allocation: SettlePaymentAllocationTable;
  check_rule: CheckRuleTable;
  settle_batch: SettleBatchTable;
}
