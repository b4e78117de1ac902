import {
  CorrectLineBody,
  GenerateBody,
  RemoveLineBody,
  StatementDetailVO,
  StatementIdBody,
  StatementLinesQuery,
  StatementPage,
  StatementQuery,
} from '@kc/contracts/finance/settlement';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Who, who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { SETTLE_FINANCE as finance, Moved, registerStatementFiles, SETTLEMENT_TAGS as tags } from './settlement-route-helpers.ts';
import type { StatementsService } from './statements.service.ts';

/** /mall/v1/statement: finance's statements (generate, list, detail, moves, line corrections, PDF, Excel). */
export function registerFinanceStatementRoutes(root: FastifyInstance, statements: StatementsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mall/v1/statement/generate',
    {
      schema: {
        tags,
        summary: '生成对账单：该供应商在本单位截至对账周期末、尚未对账的已验收子订单与退货（平台管理员须指定单位）',
        body: GenerateBody,
        response: { 200: envelope(z.object({ id: z.number().int(), statementNo: z.string(), lineCount: z.number().int(), grossAmount: z.number().int() })) },
      },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'add' as const } },
    },
    async (req) => ok(await statements.generate(who(req), req.body), '对账单已生成'),
  );
  app.get(
    '/mall/v1/statement/page',
    {
      schema: { tags, summary: '对账单列表（本单位；平台管理员为全部）', querystring: StatementQuery, response: { 200: envelope(StatementPage) } },
      config: { access: finance },
    },
    async (req) => ok(await statements.page(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/statement/detail/:id',
    {
      schema: {
        tags,
        summary: '对账单详情：分页的明细行（订单、验收、开票、报销、付款金额）、扣款、付款与操作记录',
        params: IdParams,
        querystring: StatementLinesQuery,
        response: { 200: envelope(StatementDetailVO) },
      },
      config: { access: finance },
    },
    async (req) => ok(await statements.detail(req.caller!, req.params.id, req.query)),
  );
  const move = (path: string, summary: string, message: string, fn: (w: Who, id: number) => Promise<unknown>) =>
    app.post(
      `/mall/v1/statement/${path}`,
      {
        schema: { tags, summary, body: StatementIdBody, response: { 200: Moved } },
        config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
      },
      async (req) => ok((await fn(who(req), req.body.id)) as z.infer<typeof Moved>['data'], message),
    );
  move('send', '发送对账单给供应商确认', '已发送供应商', (w, id) => statements.send(w, id));
  move('resend', '处理完异议行后重新发送', '已重新发送', (w, id) => statements.resend(w, id));
  move('approve', '财务审核通过（供应商已确认）', '已审核', (w, id) => statements.approve(w, id));
  move('close', '关闭已付清的对账单', '已关闭', (w, id) => statements.close(w, id));
  move('cancel', '作废草稿对账单，其中订单可重新对账', '已作废', (w, id) => statements.cancel(w, id));
  const Totals = envelope(z.object({ lineCount: z.number().int(), grossAmount: z.number().int() }));
  app.post(
    '/mall/v1/statement/correctLine',
    {
      schema: { tags, summary: '更正一行有异议的金额（须说明）', body: CorrectLineBody, response: { 200: Totals } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await statements.resolveLine(who(req), req.body), '已更正'),
  );
  app.post(
    '/mall/v1/statement/removeLine',
    {
      schema: { tags, summary: '移除一行有异议的明细（其订单可进入以后的对账单）', body: RemoveLineBody, response: { 200: Totals } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await statements.resolveLine(who(req), { id: req.body.id, lineId: req.body.lineId, note: req.body.note }), '已移除'),
  );
  registerStatementFiles(root, statements, '/mall/v1/statement', finance, tags);
}
