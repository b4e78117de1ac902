import {
  ApprovalFlow,
  ApprovalFlowPageQuery,
  ApprovalFlowQuery,
  CanActVO,
  FlowActorList,
  FlowBody,
  FlowRoleQuery,
  InstituteFlowVO,
} from '@kc/contracts/buying/orders';
import { envelope, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ApprovalsService } from './approvals.service.ts';

/** /mall/v1/approval/flow (each institute's flow) and the /uac/v1/caas-user lookups of who acts at a step. */
export function registerApprovalRoutes(root: FastifyInstance, svc: ApprovalsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['审批流程'];
  app.get(
    '/mall/v1/approval/flow',
    {
      schema: {
        tags,
        summary: '研究所审批流程（平台管理员可查任一研究所，其他仅本所）',
        querystring: ApprovalFlowQuery,
        response: { 200: envelope(ApprovalFlow) },
      },
      config: { access: { perm: Perm.APPROVAL_MANAGE } },
    },
    async (req) => ok(await svc.flowFor(req.caller!, req.query.instituteId)),
  );
  app.get(
    '/mall/v1/approval/flow/page',
    {
      schema: {
        tags,
        summary: '各研究所的审批流程（平台管理员为全部研究所，其他仅本所）',
        querystring: ApprovalFlowPageQuery,
        response: { 200: envelope(pageOf(InstituteFlowVO)) },
      },
      config: { access: { perm: Perm.APPROVAL_MANAGE } },
    },
    async (req) => ok(await svc.flowPage(req.caller!, { name: req.query.name }, req.query.current, req.query.size)),
  );
  app.put(
    '/mall/v1/approval/flow',
    {
      schema: { tags, summary: '保存研究所审批流程', body: FlowBody, response: { 200: Ok } },
      config: { access: { perm: Perm.APPROVAL_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      const { instituteId, ...flow } = req.body;
      await svc.saveFlow(who(req), instituteId, flow);
      return ok(null, '已保存');
    },
  );
  app.get(
    '/uac/v1/caas-user/queryUserByRoleAndDept',
    { schema: { tags, summary: '可处理某环节的人员', querystring: FlowRoleQuery, response: { 200: envelope(FlowActorList) } }, config: { access: 'login' } },
    async (req) => ok(await svc.actors(req.query.role, svc.lookupScope(req.caller!, req.query))),
  );
  for (const path of ['/uac/v1/caas-user/canUserInFlowByRoleAndDept', '/uac/v1/caas-user/canUserInFlowByRoleAndInstitute']) {
    app.get(
      path,
      { schema: { tags, summary: '某人能否处理某环节', querystring: FlowRoleQuery, response: { 200: envelope(CanActVO) } }, config: { access: 'login' } },
      async (req) => ok({ can: await svc.canAct(req.query.userId ?? req.caller!.userId, req.query.role, svc.lookupScope(req.caller!, req.query)) }),
    );
  }
}
