import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { statementExcel, statementPdf } from './statement-documents.ts';
import type { StatementsService } from './statements.service.ts';

/**
 * What the settlement registrars share. Statements and payments are scoped by reachOf (institute
 * finance: its institute; the platform admin: all; a supplier: its own), so a foreign id answers not found.
 */
export const SETTLEMENT_TAGS = ['对账结算'];
export const SUPPLIER_STATEMENT_TAGS = ['供应商对账单'];
export const SETTLE_FINANCE = { perm: Perm.SETTLE_FINANCE, accountTypes: [0, 1] };
export const SUPPLIER_STATEMENT = { perm: Perm.SUPPLIER_STATEMENT, accountTypes: [2] };

export const Moved = envelope(z.object({ id: z.number().int(), status: z.string(), statusText: z.string() }));

/** A statement's PDF and Excel under `prefix`: finance's and the supplier's, each with its own access and tags. */
export function registerStatementFiles(
  root: FastifyInstance,
  statements: StatementsService,
  prefix: string,
  access: typeof SETTLE_FINANCE | typeof SUPPLIER_STATEMENT,
  t: string[],
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${prefix}/pdf/:id`,
    { schema: { tags: t, summary: '对账单 PDF（金额含人民币大写）', params: IdParams, querystring: NoQuery }, config: { access } },
    async (req, reply: FastifyReply) => {
      const d = await statements.document(req.caller!, (req.params as { id: number }).id);
      return sendFile(reply, 'application/pdf', 'inline', `对账单${d.statement.statementNo}.pdf`, await statementPdf(d));
    },
  );
  app.get(
    `${prefix}/excel/:id`,
    { schema: { tags: t, summary: '对账单 Excel（逐行明细与合计、人民币大写）', params: IdParams, querystring: NoQuery }, config: { access } },
    async (req, reply: FastifyReply) => {
      const d = await statements.document(req.caller!, (req.params as { id: number }).id);
      return sendFile(reply, XLSX_TYPE, 'attachment', `对账单${d.statement.statementNo}.xlsx`, await statementExcel(d));
    },
  );
}
