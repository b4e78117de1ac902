import type { Generated } from 'kysely';

/**
 * The ledgers context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into LedgersTables.
 *
 * GrantCardLineTable and BudgetEntryTable are declared twice (a later migration adds columns): TypeScript
 * merges interface declarations only within one file, so a table's declarations stay together here.
 */

// ledgers/budget

// ── grant cards (课题经费卡) and the budget ledger (migration 024) ───────────────
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

// ── spending per budget line (migration 041) ─────────────────────────────────
/** Each budget line's balance row, moved with the card's: available = amount − frozen − drawn. */
export interface GrantCardLineTable {
  frozen: Generated<number>;
  drawn: Generated<number>;
}

/** The budget line a ledger entry moves (null: none). */
export interface BudgetEntryTable {
  line_id: Generated<number | null>;
}

// ledgers/inventory

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

// ledgers/statistics

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

export interface LedgersTables {
  grant_card: GrantCardTable;
  grant_card_line: GrantCardLineTable;
  grant_card_member: GrantCardMemberTable;
  grant_card_default: GrantCardDefaultTable;
  budget_entry: BudgetEntryTable;
  inventory_location: InventoryLocationTable;
  inventory_container: InventoryContainerTable;
  inventory_slip: InventorySlipTable;
  inventory_ledger: InventoryLedgerTable;
  inventory_stocktake: InventoryStocktakeTable;
  inventory_stocktake_line: InventoryStocktakeLineTable;
  spend_fact: SpendFactTable;
  spend_daily: SpendDailyTable;
  spend_monthly: SpendMonthlyTable;
}
