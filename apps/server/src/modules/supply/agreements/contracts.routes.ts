import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import { ContractAddBody, ContractPublicVO, ContractQuery, ContractStatusBody, ContractVO, InstituteOption, QrQuery } from '@kc/contracts/supply/agreements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContractsService } from './agreements.service.ts';
import { BOTH_SIDES as both, CONTRACT_TAGS as tags } from './contract-route-groups.ts';

const pageOfContracts = z.object({ records: z.array(ContractVO), total: z.number().int(), current: z.number().int(), size: z.number().int() });

/**
 * /supplier/v1/contract: the contracts themselves (list, detail, the institutes to sign with, add,
 * status changes) and the public check of a contract by the QR code printed on it.
 */
export function registerContractRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplier/v1/contract/plist',
    {
      schema: {
        tags,
        summary: '合同列表（供应商只见本公司的；平台见全部），按研究所、状态、编号或名称查询',
        querystring: ContractQuery,
        response: { 200: envelope(pageOfContracts) },
      },
      config: { access: both },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/contract/detail/:id',
    { schema: { tags, summary: '合同详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(ContractVO) } }, config: { access: both } },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/supplier/v1/contract/institutes',
    { schema: { tags, summary: '可签合同的研究所', querystring: NoQuery, response: { 200: envelope(z.array(InstituteOption)) } }, config: { access: both } },
    async () => ok(await svc.institutes()),
  );
  app.post(
    '/supplier/v1/contract/add',
    {
      schema: {
        tags,
        summary: '新增合同（可同时提交签署）；带 originalId 即为续签，生成原合同的新版本',
        body: ContractAddBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: { perm: Perm.SUPPLIER_CONTRACT, flag: 'add' } },
    },
    async (req) => ok(await svc.add(who(req), req.body), req.body.submit ? '合同已提交，等待平台签署' : '合同已保存为草稿'),
  );
  app.post(
    '/supplier/v1/contract/updateStatus',
    {
      schema: {
        tags,
        summary: '合同状态变更：供应商提交签署、撤回；平台签署生效、退回（须填原因）、终止（须填原因，生成退出表）',
        body: ContractStatusBody,
        response: { 200: envelope(z.object({ status: z.number().int() })) },
      },
      config: { access: both },
    },
    async (req) => ok(await svc.updateStatus(who(req), req.body), '合同状态已更新'),
  );
  app.get(
    '/supplier/v1/contract/queryByqrcode',
    {
      schema: {
        tags,
        summary: '扫描合同二维码核验（公开，免签名）：令牌有效时答合同的双方、编号、有效期与状态',
        querystring: QrQuery,
        response: { 200: envelope(ContractPublicVO) },
      },
    },
    async (req) => ok(await svc.byQrCode(req.query.token)),
  );
}
