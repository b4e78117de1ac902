import { DisputeBody, StatementDetailVO, StatementIdBody, StatementLinesQuery, StatementPage, StatementQuery } from '@kc/contracts/finance/settlement';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { Moved, registerStatementFiles, SUPPLIER_STATEMENT_TAGS as stags, SUPPLIER_STATEMENT as supplier } from './settlement-route-helpers.ts';
import type { StatementsService } from './statements.service.ts';

/** /supplier/v1/statement: the supplier's statements (list, detail, confirm, dispute, PDF, Excel). */
export function registerSupplierStatementRoutes(root: FastifyInstance, statements: StatementsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/supplier/v1/statement/page',
    {
      schema: { tags: stags, summary: '本公司的对账单', querystring: StatementQuery, response: { 200: envelope(StatementPage) } },
      config: { access: supplier },
    },
    async (req) => ok(await statements.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/statement/detail/:id',
    {
      schema: {
        tags: stags,
        summary: '本公司一张对账单的明细',
        params: IdParams,
        querystring: StatementLinesQuery,
        response: { 200: envelope(StatementDetailVO) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await statements.detail(req.caller!, req.params.id, req.query)),
  );
  app.post(
    '/supplier/v1/statement/confirm',
    { schema: { tags: stags, summary: '确认对账单无误', body: StatementIdBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await statements.confirm(who(req), req.body.id), '已确认'),
  );
  app.post(
    '/supplier/v1/statement/dispute',
    {
      schema: { tags: stags, summary: '对若干行提出异议（每行须说明原因），对账单退回财务，只有这些行可被更正', body: DisputeBody, response: { 200: Moved } },
      config: { access: supplier },
    },
    async (req) => ok(await statements.dispute(who(req), req.body), '异议已提交'),
  );
  registerStatementFiles(root, statements, '/supplier/v1/statement', supplier, stags);
}
