import { envelope, IdParams, IdQuery, NoQuery } from '@kc/contracts/platform/common';
import {
  ContractAddBody,
  ContractPublicVO,
  ContractQuery,
  ContractStatusBody,
  ContractVO,
  InstituteOption,
  QrQuery,
  RemindBody,
  RemindVO,
  RenewStatusBody,
  SupplierBaseQuery,
  SupplierBaseVO,
  ValidateInstituteQuery,
  ValidateInstituteVO,
} from '@kc/contracts/supply/agreements';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContractsService } from './agreements.service.ts';

const pageOfContracts = z.object({ records: z.array(ContractVO), total: z.number().int(), current: z.number().int(), size: z.number().int() });

function sendPdf(reply: FastifyReply, f: { pdf: Buffer; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.filename)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.pdf);
}

/**
 * /supplier/v1/contract, supplierBase and warehouse/validateInstitute. Calls both sides use take
 * `accountTypes: [0, 2]`; the service then asks for 合同管理 (suppliers, their own contracts only)
 * or 合同审核 (the platform).
 */
export function registerContractRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商合同'];
  const both = { accountTypes: [0, 2] };
  const who = (req: FastifyRequest) => ({ caller: req.caller!, ip: req.ip });

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
  app.get(
    '/supplier/v1/contract/renewContractRemind',
    {
      schema: { tags, summary: '30 天内到期的生效合同及已发送的续签提醒', querystring: NoQuery, response: { 200: envelope(z.array(RemindVO)) } },
      config: { access: both },
    },
    async (req) => ok(await svc.remindList(req.caller!)),
  );
  app.post(
    '/supplier/v1/contract/renewContractRemind',
    {
      schema: {
        tags,
        summary: '立即向供应商和研究所发送续签提醒（每份合同每天至多一次）',
        body: RemindBody,
        response: { 200: envelope(z.object({ sent: z.boolean(), message: z.string() })) },
      },
      config: { access: both },
    },
    async (req) => {
      const r = await svc.remindNow(who(req), req.body.id);
      return ok(r, r.message);
    },
  );
  app.get(
    '/supplier/v1/contract/selectOriginalContract',
    {
      schema: {
        tags,
        summary: '可续签的原合同（本公司生效中或已到期、尚未续签且无续签在办）',
        querystring: z.object({ instituteId: z.coerce.number().int().positive().optional(), t: z.string().optional() }).strict(),
        response: { 200: envelope(z.array(ContractVO)) },
      },
      config: { access: { perm: Perm.SUPPLIER_CONTRACT, accountTypes: [2] } },
    },
    async (req) => ok(await svc.originals(req.caller!, req.query.instituteId)),
  );
  app.get(
    '/supplier/v1/contract/downloadRenewContract',
    { schema: { tags, summary: '下载合同文本 PDF（续签合同印为续签版），带核验二维码；?id=合同', querystring: IdQuery }, config: { access: both } },
    async (req, reply) => sendPdf(reply, await svc.pdf(req.caller!, req.query.id)),
  );
  app.get(
    '/supplier/v1/contract/getExitForm/:id',
    {
      schema: { tags, summary: '已终止合同的退出表 PDF：双方、日期、未完结订单数与未结算金额、终止原因', params: IdParams, querystring: NoQuery },
      config: { access: both },
    },
    async (req, reply) => sendPdf(reply, await svc.exitForm(req.caller!, req.params.id)),
  );

  app.get(
    '/supplier/v1/supplierBase/plist',
    {
      schema: {
        tags,
        summary: '供应商合同台账（平台）：每个供应商 × 研究所一行，当前合同、是否生效、续签状态、待签署数',
        querystring: SupplierBaseQuery,
        response: { 200: envelope(z.object({ records: z.array(SupplierBaseVO), total: z.number().int(), current: z.number().int(), size: z.number().int() })) },
      },
      config: { access: { perm: Perm.CONTRACT_REVIEW } },
    },
    async (req) => ok(await svc.supplierBase(req.query)),
  );
  app.post(
    '/supplier/v1/supplierBase/modifyRenewContractStatus',
    {
      schema: {
        tags,
        summary: '修改供应商与研究所的续签状态（0 无需续签、1 待续签、2 续签中、3 已续签、4 不再续签）',
        body: RenewStatusBody,
        response: { 200: envelope(z.object({ renewStatus: z.number().int(), renewStatusName: z.string() })) },
      },
      config: { access: { perm: Perm.CONTRACT_REVIEW } },
    },
    async (req) => ok(await svc.modifyRenewStatus(who(req), req.body.contractId, req.body.renewStatus), '续签状态已修改'),
  );
  app.get(
    '/supplier/v1/warehouse/validateInstitute',
    {
      schema: {
        tags,
        summary: '本供应商能否向某研究所供货：合同生效且供货区域覆盖该所（默认按该所最常用的收货省份），给出原因',
        querystring: ValidateInstituteQuery,
        response: { 200: envelope(ValidateInstituteVO) },
      },
      config: { access: { accountTypes: [2] } },
    },
    async (req) => ok(await svc.validateInstitute(req.caller!, req.query.instituteId, req.query.province || undefined)),
  );
}
