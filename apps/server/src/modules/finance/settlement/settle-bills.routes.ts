import { SettleBillBatchBody, SettleBillResult } from '@kc/contracts/finance/settlement';
import type { ApiClientScope } from '@kc/contracts/identity/api-clients';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SettleBillsService } from './settle-bills.service.ts';

/** /mall/v1/api-order/zkpd/settleBillBatch: settlement batches from an institute's finance system (API client). */
export function registerSettleBillRoutes(root: FastifyInstance, bills: SettleBillsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
      const r = await bills.settle(req.headers.authorization, req.ip, req.body);
      return ok(r.result, r.message);
    },
  );
}
