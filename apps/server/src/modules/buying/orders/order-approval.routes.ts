import { BatchRefuseBody, BatchResults } from '@kc/contracts/buying/orders';
import { PassWithBudgetBody } from '@kc/contracts/ledgers/budget';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import { ORDER_TAGS as tags } from './order-route-helpers.ts';

/** /mall/v1/order-caas/{card,team,institute}/{pass,refuse}: the approval steps' decisions. */
export function registerOrderApprovalRoutes(root: FastifyInstance, moves: OrderMovesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // the card step (他人代付) is decided by the card's PI, who holds the 经费卡 permission; the others by approvers
  for (const step of ['card', 'team', 'institute'] as const) {
    app.post(
      `/mall/v1/order-caas/${step}/pass`,
      {
        schema: {
          tags,
          summary: '审批通过（可批量；终审冻结经费卡，超支禁止的卡余额不足时拒绝，研究所负责人或财务可填写超支原因通过）',
          body: PassWithBudgetBody,
          response: { 200: envelope(BatchResults) },
        },
        config: { access: { perm: step === 'card' ? Perm.GRANT_CARD : Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'pass', null, req.body.overrideReason ?? null), '审批完成'),
    );
    app.post(
      `/mall/v1/order-caas/${step}/refuse`,
      {
        schema: { tags, summary: '审批驳回（可批量，须填原因）', body: BatchRefuseBody, response: { 200: envelope(BatchResults) } },
        config: { access: { perm: step === 'card' ? Perm.GRANT_CARD : Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'refuse', req.body.reason), '已驳回'),
    );
  }
}
