import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { CheckRulesRepository } from './check-rules.repository.ts';
import { registerCheckRuleRoutes } from './check-rules.routes.ts';
import { CheckRulesService } from './check-rules.service.ts';
import { registerFinanceStatementRoutes } from './finance-statements.routes.ts';
import { PayStatusReader } from './pay-status.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { PaymentsService } from './payments.service.ts';
import { SettleBillsRepository } from './settle-bills.repository.ts';
import { registerSettleBillRoutes } from './settle-bills.routes.ts';
import { SettleBillsService } from './settle-bills.service.ts';
import { registerSettlementCheckRoutes } from './settlement-check.routes.ts';
import { StatementNotices } from './statement-notices.ts';
import { StatementsRepository } from './statements.repository.ts';
import { StatementsService } from './statements.service.ts';
import { registerSupplierStatementRoutes } from './supplier-statements.routes.ts';

export type { PaymentsService, PayStatusReader, StatementsService };

/**
 * 对账结算: monthly statements per supplier and institute (generated set-based from accepted
 * sub-orders), the supplier's confirmation or per-line disputes, finance's approval, payments with
 * a bank reference allocated to statements, the institutes' settlement rules (checkRule), and the
 * settlement batches an institute's finance system reports (zkpd settleBillBatch). Invoiced amounts
 * come from the invoices module's match; a paid sub-order draws on its grant card through
 * `grantCards.within(trx)`, in the payment's transaction; pay status (`payStatus`) is read by orders
 * and invoices through ports app.ts wires (they sit below settlement).
 */
export function createSettlementModule(
  ctx: AppContext,
  deps: { messages: MessagesService; approvals: ApprovalsService; invoices: InvoicesService; grantCards: GrantCardsService },
): Module<{ statements: StatementsService; payments: PaymentsService; payStatus: PayStatusReader }> {
  const db = ctx.database.db;
  const notices = new StatementNotices(deps.messages, deps.approvals);
  const rules = new CheckRulesService(new CheckRulesRepository(db));
  const statementsRepo = new StatementsRepository(db);
  const statements = new StatementsService(statementsRepo, rules, notices, deps.invoices);
  const paymentsRepo = new PaymentsRepository(db);
  const payments = new PaymentsService(paymentsRepo, statementsRepo, notices, deps.grantCards);
  const bills = new SettleBillsService(new SettleBillsRepository(db), statementsRepo, payments);
  return {
    services: { statements, payments, payStatus: new PayStatusReader(paymentsRepo) },
    // one registrar per resource; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerSettlementCheckRoutes(app, { statements, payments });
      registerFinanceStatementRoutes(app, statements);
      registerSupplierStatementRoutes(app, statements);
      registerCheckRuleRoutes(app, rules);
      registerSettleBillRoutes(app, bills);
    },
  };
}
