import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_TRANSITIONS } from '../src/modules/buying/after-sales/after-sale-states.ts';
import { BID_TRANSITIONS } from '../src/modules/buying/bids/bid-states.ts';
import { COMPLAINT_TRANSITIONS } from '../src/modules/buying/complaints/complaint-states.ts';
import { ORDER_TRANSITIONS, SUB_TRANSITIONS } from '../src/modules/buying/orders/order-states.ts';
import { TECH_TRANSITIONS } from '../src/modules/buying/tech-services/tech-request-states.ts';
import { CLAIM_TRANSITIONS } from '../src/modules/finance/claims/claim-states.ts';
import { INVOICE_TRANSITIONS } from '../src/modules/finance/invoices/invoice-states.ts';
import { STATEMENT_TRANSITIONS } from '../src/modules/finance/settlement/statement-states.ts';
import { CHANGE_TRANSITIONS } from '../src/modules/identity/account-centre/review-states.ts';
import { STOCKTAKE_TRANSITIONS } from '../src/modules/ledgers/inventory/stocktake-states.ts';
import { EXPORT_TRANSITIONS } from '../src/modules/oversight/exports/export-states.ts';
import { ORDER_IMPORT_TRANSITIONS } from '../src/modules/oversight/exports/order-import-states.ts';
import { WARNING_TRANSITIONS } from '../src/modules/oversight/warnings/warning-states.ts';
import { NOTICE_STATE_CODE, NOTICE_TRANSITIONS, PAGE_CONFIG_TRANSITIONS } from '../src/modules/site/content/content-states.ts';
import { CONTRACT_STATE_CODE, CONTRACT_TRANSITIONS } from '../src/modules/supply/agreements/contract-states.ts';
import { PRICE_IMPORT_TRANSITIONS, ROLLBACK_RECORD } from '../src/modules/supply/catalog/price-import-states.ts';
import { INTERFACE_IMPORT_INVALID, INTERFACE_IMPORT_TRANSITIONS } from '../src/modules/supply/interface-excel/interface-imports.repository.ts';
import { QUALIFICATION_STATE_CODE, QUALIFICATION_TRANSITIONS } from '../src/modules/supply/qualifications/qualification-states.ts';
import { SHOP_REVIEW_CODE, SHOP_REVIEW_TRANSITIONS } from '../src/modules/supply/shop/shop-states.ts';
import { SUPPLIER_REVIEW_TRANSITIONS, SUPPLIER_STATE_CODE } from '../src/modules/supply/supplier/review-states.ts';
import { statesOf, type TransitionTable } from '../src/platform/transitions.ts';
import { createTestApp, type TestApp } from './support/harness.ts';

/**
 * Every status column has a state table (docs/ARCHITECTURE.md, "状态迁移与审批"): each column named
 * `status` / `state` (or `*_status` / `*_state`) in the schema is either moved only through a
 * transition table — and every value the database holds is a state of that table — or listed
 * below as no workflow, with the reason. A new status column fails here until it is one or the other.
 */

type AnyTable = TransitionTable<any, any, any, any>;
/**
 * A column moved through a table; `codes` when the column stores numbers for the table's states;
 * `born` for states a row is created in and never leaves nor enters by a move (a record of a rollback,
 * an interface import with a bad row).
 */
type Covered = { table: AnyTable; codes?: Record<string, number>; born?: string[] };

const COVERED: Record<string, Covered> = {
  'after_sale.status': { table: AFTER_SALE_TRANSITIONS },
  'app_config.status': { table: PAGE_CONFIG_TRANSITIONS, codes: { stopped: 0, active: 1 } },
  'bid_project.state': { table: BID_TRANSITIONS },
  'change_request.status': { table: CHANGE_TRANSITIONS },
  'claim.status': { table: CLAIM_TRANSITIONS },
  'complaint.status': { table: COMPLAINT_TRANSITIONS },
  'export_record.status': { table: EXPORT_TRANSITIONS },
  'interface_import.status': { table: INTERFACE_IMPORT_TRANSITIONS, born: [INTERFACE_IMPORT_INVALID] },
  'inventory_stocktake.status': { table: STOCKTAKE_TRANSITIONS },
  'invoice.status': { table: INVOICE_TRANSITIONS },
  'notice.status': { table: NOTICE_TRANSITIONS, codes: NOTICE_STATE_CODE },
  'order_import.status': { table: ORDER_IMPORT_TRANSITIONS },
  'page_config.status': { table: PAGE_CONFIG_TRANSITIONS, codes: { stopped: 0, active: 1 } },
  'price_import.status': { table: PRICE_IMPORT_TRANSITIONS, born: [ROLLBACK_RECORD] },
  'purchase_order.status': { table: ORDER_TRANSITIONS },
  'qualification.status': { table: QUALIFICATION_TRANSITIONS, codes: QUALIFICATION_STATE_CODE },
  'shop.review_status': { table: SHOP_REVIEW_TRANSITIONS, codes: SHOP_REVIEW_CODE },
  'shop_banner.review_status': { table: SHOP_REVIEW_TRANSITIONS, codes: SHOP_REVIEW_CODE },
  'shop_notice.review_status': { table: SHOP_REVIEW_TRANSITIONS, codes: SHOP_REVIEW_CODE },
  'shop_section.review_status': { table: SHOP_REVIEW_TRANSITIONS, codes: SHOP_REVIEW_CODE },
  'statement.status': { table: STATEMENT_TRANSITIONS },
  'sub_order.status': { table: SUB_TRANSITIONS },
  'supplier.status': { table: SUPPLIER_REVIEW_TRANSITIONS, codes: SUPPLIER_STATE_CODE },
  'supplier_contract.status': { table: CONTRACT_TRANSITIONS, codes: CONTRACT_STATE_CODE },
  'tech_request.status': { table: TECH_TRANSITIONS },
  'warning.state': { table: WARNING_TRANSITIONS },
};

/** Columns that are no workflow, each with why. */
const NO_WORKFLOW: Record<string, string> = {
  // transition logs record moves the tables above made
  'after_sale_log.from_status': 'log of after_sale moves',
  'after_sale_log.to_status': 'log of after_sale moves',
  'bid_log.from_state': 'log of bid_project moves',
  'bid_log.to_state': 'log of bid_project moves',
  'claim_log.from_status': 'log of claim moves',
  'claim_log.to_status': 'log of claim moves',
  'order_log.from_status': 'log of order and sub-order moves',
  'order_log.to_status': 'log of order and sub-order moves',
  'shop_content_review.to_status': 'log of shop review moves',
  'statement_log.from_status': 'log of statement moves',
  'statement_log.to_status': 'log of statement moves',
  'tech_request_log.from_status': 'log of tech_request moves',
  'tech_request_log.to_status': 'log of tech_request moves',
  // on/off switches an administrator sets in a form (any value to any value, no actor rules)
  'api_client.status': 'enabled / disabled switch of an API client',
  'app_user.status': 'enabled / frozen switch of an account (login rules read it)',
  'buy_tip.status': 'shown / hidden switch of a buy tip',
  'dept.status': 'enabled / disabled switch of a department',
  'dept_discount.status': 'enabled / disabled switch of a 协议价 rule',
  'dict_item.status': 'enabled / disabled switch of a dictionary entry',
  'express_channel.status': 'enabled / disabled switch of an express channel',
  'institute.status': 'enabled / disabled switch of an institute',
  'shop.status': 'open / closed switch of a shop (its content goes through review_status)',
  'grant_card.status': 'the card form’s 正常 / 停用 / 结题 value, set by finance in the card form with its reason logged in budget_entry',
  // results and measurements, not states
  'invoice.verify_status': 'the result of the tax-bureau check of an invoice, recorded as it comes',
  'external_serve_log.http_status': 'HTTP status code of an external call',
  // platform machinery below the modules
  'job_queue.status': 'platform/jobs on SQLite: queued / running / done of a background job (PostgreSQL runs graphile-worker, without this table)',
  'outbox.status': 'platform/notifier: pending / sent / failed of an outgoing message',
  // amounts that move a state: the ledger is the authority
  'inventory_container.state': 'follows the stock ledger: in_stock until its quantity reaches 0 or it is returned (stock-ledger.ts writes it with the entry)',
  'supplier_contract.renew_status': 'a reminder flag of the renewal job beside the contract’s own status',
  // reviews and staged imports with one decision
  'item_pre.status': 'a new-item proposal: pending, then approved or refused once (conditional update on pending)',
  'merge_claim.status': 'a 合并报销 batch follows its claims (finance_review → completed), read from them',
};

let t: TestApp;
let columns: string[];
beforeAll(async () => {
  t = await createTestApp();
  const tables = await t.ctx.database.db.introspection.getTables();
  columns = tables.flatMap((tb) => tb.columns.filter((c) => /(^|_)(status|state)$/.test(c.name)).map((c) => `${tb.name}.${c.name}`)).sort();
});
afterAll(() => t.close());

describe('status columns', () => {
  it('each is moved through a transition table or named as no workflow, and nothing else is listed', () => {
    const known = [...Object.keys(COVERED), ...Object.keys(NO_WORKFLOW)].sort();
    // the job table exists only where the in-process job runner keeps its queue (SQLite)
    const expected = t.ctx.database.engine === 'sqlite' ? known : known.filter((c) => c !== 'job_queue.status');
    expect(columns).toEqual(expected);
    expect(Object.keys(COVERED).filter((c) => c in NO_WORKFLOW)).toEqual([]);
  });

  it('holds only states of its table (the demo data and every start state)', async () => {
    for (const [column, { table, codes, born }] of Object.entries(COVERED)) {
      const states = new Set([...statesOf(table), ...(born ?? [])]);
      const [tb, col] = column.split('.');
      const rows = await sql<{ v: string | number }>`select distinct ${sql.ref(col)} as v from ${sql.table(tb)}`.execute(t.ctx.database.db);
      const allowed = codes
        ? new Set(
            Object.entries(codes)
              .filter(([s]) => states.has(s))
              .map(([, c]) => String(c)),
          )
        : new Set([...states].map(String));
      const stray = rows.rows.map((r) => String(r.v)).filter((v) => !allowed.has(v));
      expect({ column, stray }).toEqual({ column, stray: [] });
    }
  });
});
