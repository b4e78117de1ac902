import {
  CheckRuleBody,
  CheckRuleQuery,
  CheckRuleVO,
  CorrectLineBody,
  DisputeBody,
  DoneOrderPage,
  DoneOrderQuery,
  GenerateBody,
  OwedQuery,
  OwedVO,
  PaymentBody,
  RemoveLineBody,
  SettleBillBatchBody,
  SettleBillResult,
  SettledDataPage,
  SettledPage,
  SettledQuery,
  StatementDetailVO,
  StatementIdBody,
  StatementLinesQuery,
  StatementPage,
  StatementQuery,
} from '@kc/contracts/finance/settlement';
import type { ApiClientScope } from '@kc/contracts/identity/api-clients';
import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Who, who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import type { CheckRulesService } from './check-rules.service.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SettleBillsService } from './settle-bills.service.ts';
import { statementExcel, statementPdf } from './statement-documents.ts';
import type { StatementsService } from './statements.service.ts';

export interface SettlementServices {
  statements: StatementsService;
  payments: PaymentsService;
  rules: CheckRulesService;
  bills: SettleBillsService;
}

const Moved = envelope(z.object({ id: z.number().int(), status: z.string(), statusText: z.string() }));

/**
 * 对账结算 calls:
 * - /mall/v1/check/*: the admin's (and institute finance's) settlement calls named by SPEC §7;
 * - /mall/v1/statement/*: finance's statements (generate, list, detail, moves, PDF, Excel);
 * - /supplier/v1/statement/*: the supplier's statements (list, detail, confirm, dispute, PDF, Excel);
 * - /mall/v1/checkRule/*: the institute's settlement rule;
 * - /mall/v1/api-order/zkpd/settleBillBatch: batches from an institute's finance system (API client).
 * Statements and payments are scoped by reachOf (institute finance: its institute; the platform
 * admin: all; a supplier: its own), so a foreign id answers not found.
 */
export function registerSettlementRoutes(root: FastifyInstance, svc: SettlementServices) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const finance = { perm: Perm.SETTLE_FINANCE, accountTypes: [0, 1] };
  const supplier = { perm: Perm.SUPPLIER_STATEMENT, accountTypes: [2] };
  const tags = ['对账结算'];
  const stags = ['供应商对账单'];

  const files = (prefix: string, access: typeof finance | typeof supplier, t: string[]) => {
    app.get(
      `${prefix}/pdf/:id`,
      { schema: { tags: t, summary: '对账单 PDF（金额含人民币大写）', params: IdParams, querystring: NoQuery }, config: { access } },
      async (req, reply: FastifyReply) => {
        const d = await svc.statements.document(req.caller!, (req.params as { id: number }).id);
        return sendFile(reply, 'application/pdf', 'inline', `对账单${d.statement.statementNo}.pdf`, await statementPdf(d));
      },
    );
    app.get(
      `${prefix}/excel/:id`,
      { schema: { tags: t, summary: '对账单 Excel（逐行明细与合计、人民币大写）', params: IdParams, querystring: NoQuery }, config: { access } },
      async (req, reply: FastifyReply) => {
        const d = await svc.statements.document(req.caller!, (req.params as { id: number }).id);
        return sendFile(reply, XLSX_TYPE, 'attachment', `对账单${d.statement.statementNo}.xlsx`, await statementExcel(d));
      },
    );
  };

  // ── /mall/v1/check (SPEC §7) ──
  app.get(
    '/mall/v1/check/allHasDoneOrder',
    {
      schema: {
        tags,
        summary: '已完成（已验收，及计入对账的退货）且尚未进入对账单的子订单，可按供应商、单位、月份、子订单号筛选',
        querystring: DoneOrderQuery,
        response: { 200: envelope(DoneOrderPage) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.statements.doneOrders(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/check/adminCheckSupplierMoney',
    {
      schema: {
        tags,
        summary: '应付供应商金额：财务已审核、尚未付清的对账单，按供应商与单位汇总（含人民币大写）',
        querystring: OwedQuery,
        response: { 200: envelope(z.array(OwedVO)) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.owed(req.caller!, req.query)),
  );
  app.post(
    '/mall/v1/check/adminCheckMoney',
    {
      schema: {
        tags,
        summary: '登记结算付款：银行流水号、付款日期，分配到同一单位同一供应商的对账单（可部分付款，不超过未付金额）',
        body: PaymentBody,
        response: { 200: envelope(z.object({ id: z.number().int(), paymentNo: z.string(), amount: z.number().int(), paidSubOrders: z.number().int() })) },
      },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'add' as const } },
    },
    async (req) => ok(await svc.payments.record(who(req), req.body), '付款已登记'),
  );
  app.get(
    '/mall/v1/check/adminHasCheckMoney',
    {
      schema: {
        tags,
        summary: '已结算汇总：按供应商与单位的付款笔数、金额与最近付款日期',
        querystring: SettledQuery,
        response: { 200: envelope(SettledPage) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.settled(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/check/adminHasCheckMoneyData',
    {
      schema: { tags, summary: '已结算明细：每笔付款及其分配到的对账单', querystring: SettledQuery, response: { 200: envelope(SettledDataPage) } },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.settledData(req.caller!, req.query)),
  );

  // ── statements (finance) ──
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
    async (req) => ok(await svc.statements.generate(who(req), req.body), '对账单已生成'),
  );
  app.get(
    '/mall/v1/statement/page',
    {
      schema: { tags, summary: '对账单列表（本单位；平台管理员为全部）', querystring: StatementQuery, response: { 200: envelope(StatementPage) } },
      config: { access: finance },
    },
    async (req) => ok(await svc.statements.page(req.caller!, req.query)),
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
    async (req) => ok(await svc.statements.detail(req.caller!, req.params.id, req.query)),
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
  move('send', '发送对账单给供应商确认', '已发送供应商', (w, id) => svc.statements.send(w, id));
  move('resend', '处理完异议行后重新发送', '已重新发送', (w, id) => svc.statements.resend(w, id));
  move('approve', '财务审核通过（供应商已确认）', '已审核', (w, id) => svc.statements.approve(w, id));
  move('close', '关闭已付清的对账单', '已关闭', (w, id) => svc.statements.close(w, id));
  move('cancel', '作废草稿对账单，其中订单可重新对账', '已作废', (w, id) => svc.statements.cancel(w, id));
  const Totals = envelope(z.object({ lineCount: z.number().int(), grossAmount: z.number().int() }));
  app.post(
    '/mall/v1/statement/correctLine',
    {
      schema: { tags, summary: '更正一行有异议的金额（须说明）', body: CorrectLineBody, response: { 200: Totals } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await svc.statements.resolveLine(who(req), req.body), '已更正'),
  );
  app.post(
    '/mall/v1/statement/removeLine',
    {
      schema: { tags, summary: '移除一行有异议的明细（其订单可进入以后的对账单）', body: RemoveLineBody, response: { 200: Totals } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await svc.statements.resolveLine(who(req), { id: req.body.id, lineId: req.body.lineId, note: req.body.note }), '已移除'),
  );
  files('/mall/v1/statement', finance, tags);

  // ── statements (supplier) ──
  app.get(
    '/supplier/v1/statement/page',
    {
      schema: { tags: stags, summary: '本公司的对账单', querystring: StatementQuery, response: { 200: envelope(StatementPage) } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.statements.page(req.caller!, req.query)),
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
    async (req) => ok(await svc.statements.detail(req.caller!, req.params.id, req.query)),
  );
  app.post(
    '/supplier/v1/statement/confirm',
    { schema: { tags: stags, summary: '确认对账单无误', body: StatementIdBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await svc.statements.confirm(who(req), req.body.id), '已确认'),
  );
  app.post(
    '/supplier/v1/statement/dispute',
    {
      schema: { tags: stags, summary: '对若干行提出异议（每行须说明原因），对账单退回财务，只有这些行可被更正', body: DisputeBody, response: { 200: Moved } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.statements.dispute(who(req), req.body), '异议已提交'),
  );
  files('/supplier/v1/statement', supplier, stags);

  // ── checkRule ──
  app.get(
    '/mall/v1/checkRule/detail',
    {
      schema: {
        tags,
        summary: '单位的结算规则（周期、截止日、计入状态、扣款）；未设置时为默认值',
        querystring: CheckRuleQuery,
        response: { 200: envelope(CheckRuleVO) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.rules.get(req.caller!, req.query.instituteId)),
  );
  app.get(
    '/mall/v1/checkRule/list',
    {
      schema: { tags, summary: '各单位的结算规则（财务只见本单位）', querystring: NoQuery, response: { 200: envelope(z.array(CheckRuleVO)) } },
      config: { access: finance },
    },
    async (req) => ok(await svc.rules.list(req.caller!)),
  );
  app.post(
    '/mall/v1/checkRule/save',
    {
      schema: { tags, summary: '保存单位的结算规则（以后生成的对账单适用）', body: CheckRuleBody, response: { 200: envelope(CheckRuleVO) } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await svc.rules.save(who(req), req.body), '结算规则已保存'),
  );

  // ── zkpd (the institute's finance system) ──
  app.post(
    '/mall/v1/api-order/zkpd/settleBillBatch',
    {
      schema: {
        tags: ['财务系统接口'],
        summary: '单位财务系统提交结算批次（以平台发放、绑定单位的接口客户端凭证签名调用）；同一批次号重复提交不做任何更改并说明',
        body: SettleBillBatchBody,
        response: { 200: envelope(SettleBillResult) },
      },
      config: { access: 'public', clientScope: 'zkpd.settleBillBatch' satisfies ApiClientScope },
    },
    async (req) => {
      if (req.caller) fail('FORBIDDEN', '此接口供单位财务系统以绑定单位的接口客户端凭证调用');
      const r = await svc.bills.settle(req.headers.authorization, req.ip, req.body);
      return ok(r.result, r.message);
    },
  );
}
