import {
  DuplicateHintVO,
  DuplicateQuery,
  WarningActBody,
  WarningPage,
  WarningQuery,
  WarningRuleBody,
  WarningRuleList,
  WarningRuleQuery,
  WarningScanBody,
  WarningScanVO,
  WarningSnoozeBody,
} from '@kc/contracts/oversight/warnings';
import { envelope, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { WarningsService } from './warnings.service.ts';

/**
 * /mall/v1/warning: 预警管理 (the warnings in the caller's scope and their moves; the checkout's
 * duplicate-purchase hint); /mall/v1/warning-rule: 预警规则 (the institute's thresholds).
 */
export function registerWarningRoutes(root: FastifyInstance, warnings: WarningsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const tags = ['预警'];
  const view = { perm: Perm.WARNING_VIEW };
  const rules = { perm: Perm.WARNING_RULE };

  app.get(
    '/mall/v1/warning/page',
    {
      schema: {
        tags,
        summary: '预警列表（本人、课题组或本所，按数据范围；state=open 为待处理与已确认）',
        querystring: WarningQuery,
        response: { 200: envelope(WarningPage) },
      },
      config: { access: view },
    },
    async (req) => ok(await warnings.page(req.caller!, req.query)),
  );
  app.post(
    '/mall/v1/warning/acknowledge',
    { schema: { tags, summary: '确认预警', body: WarningActBody, response: { 200: Ok } }, config: { access: view } },
    async (req) => ok(await warnings.act(who(req), req.body.id, 'acknowledge').then(() => null), '已确认'),
  );
  app.post(
    '/mall/v1/warning/resolve',
    { schema: { tags, summary: '解决预警', body: WarningActBody, response: { 200: Ok } }, config: { access: view } },
    async (req) => ok(await warnings.act(who(req), req.body.id, 'resolve').then(() => null), '已解决'),
  );
  app.post(
    '/mall/v1/warning/snooze',
    { schema: { tags, summary: '暂缓预警到某日（到期由每日检查恢复为待处理）', body: WarningSnoozeBody, response: { 200: Ok } }, config: { access: view } },
    async (req) => ok(await warnings.act(who(req), req.body.id, 'snooze', req.body.until).then(() => null), '已暂缓'),
  );
  app.get(
    '/mall/v1/warning/duplicates',
    {
      schema: {
        tags,
        summary: '重复采购提示（结算页：课题组近期已买过的商品）',
        querystring: DuplicateQuery,
        response: { 200: envelope(z.array(DuplicateHintVO)) },
      },
      config: { access: view },
    },
    async (req) => ok(await warnings.duplicates(req.caller!, req.query.itemIds)),
  );
  app.post(
    '/mall/v1/warning/scan',
    { schema: { tags, summary: '立即检查本所的预警规则', body: WarningScanBody, response: { 200: envelope(WarningScanVO) } }, config: { access: rules } },
    async (req) => ok(await warnings.scanNow(who(req), req.body.instituteId), '检查完成'),
  );
  app.get(
    '/mall/v1/warning-rule/list',
    {
      schema: { tags, summary: '预警规则（本所；平台管理员可选研究所）', querystring: WarningRuleQuery, response: { 200: envelope(WarningRuleList) } },
      config: { access: rules },
    },
    async (req) => ok(await warnings.rules(req.caller!, req.query.instituteId)),
  );
  app.post(
    '/mall/v1/warning-rule/update',
    {
      schema: { tags, summary: '修改预警规则（启用、阈值）', body: WarningRuleBody, response: { 200: Ok } },
      config: { access: { ...rules, flag: 'modify' as const } },
    },
    async (req) => ok(await warnings.saveRule(who(req), req.body).then(() => null), '预警规则已保存'),
  );
}
