import {
  CardLookupQuery,
  CardLookupVO,
  CardPersonVO,
  CarryForwardBody,
  CarryForwardVO,
  GrantCardBody,
  GrantCardDetail,
  GrantCardPage,
  GrantCardQuery,
  GrantCardUpdateBody,
} from '@kc/contracts/ledgers/budget';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { GRANT_CARD_TAGS as tags, GRANT_CARD_VIEW as view } from './grant-card-route-helpers.ts';
import type { GrantCardsService } from './grant-cards.service.ts';

/** /mall/v1/grantCard: the 经费卡 page (PI and institute finance) — list, detail, lookup for others, people, add, update, carry forward. */
export function registerGrantCardRoutes(root: FastifyInstance, cards: GrantCardsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/grantCard/page',
    {
      schema: { tags, summary: '经费卡列表（财务：本所全部；课题负责人：本人的）', querystring: GrantCardQuery, response: { 200: envelope(GrantCardPage) } },
      config: { access: view },
    },
    async (req) => ok(await cards.page(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/grantCard/detail/:id',
    { schema: { tags, summary: '经费卡详情（预算科目、成员）', params: IdParams, response: { 200: envelope(GrantCardDetail) } }, config: { access: view } },
    async (req) => ok(await cards.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/grantCard/lookup',
    {
      schema: {
        tags,
        summary: '他人代付：按卡号查找本所可用的经费卡（只回卡名与负责人，不回余额；用他人的卡下单须负责人审批）',
        querystring: CardLookupQuery,
        response: { 200: envelope(CardLookupVO) },
      },
      config: { access: { perm: Perm.ORDER_BUY } },
    },
    async (req) => ok(await cards.lookupForOthers(req.caller!, req.query.cardNo)),
  );
  app.get(
    '/mall/v1/grantCard/people',
    {
      schema: {
        tags,
        summary: '本所人员（选择课题负责人与成员，按姓名或登录名，至多 30 人）',
        querystring: z.object({ keyword: z.string().trim().max(30).optional(), t: z.string().optional() }).strict(),
        response: { 200: envelope(z.array(CardPersonVO)) },
      },
      config: { access: view },
    },
    async (req) => ok(await cards.people(req.caller!, req.query.keyword)),
  );
  app.post(
    '/mall/v1/grantCard/add',
    {
      schema: { tags, summary: '新增经费卡', body: GrantCardBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { perm: Perm.GRANT_CARD, flag: 'add' } },
    },
    async (req) => ok(await cards.create(who(req), req.body), '经费卡已新增'),
  );
  app.post(
    '/mall/v1/grantCard/update',
    {
      schema: { tags, summary: '修改经费卡', body: GrantCardUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.GRANT_CARD, flag: 'modify' } },
    },
    async (req) => ok(await cards.update(who(req), req.body.id, req.body.card).then(() => null), '经费卡已保存'),
  );
  app.post(
    '/mall/v1/grantCard/carryForward',
    {
      schema: {
        tags,
        summary: '年末结转：把一张卡未结的冻结转到本所另一张卡（成对记账，未完成的订单改挂新卡；仅本所财务）',
        body: CarryForwardBody,
        response: { 200: envelope(CarryForwardVO) },
      },
      config: { access: { perm: Perm.GRANT_CARD, flag: 'modify' } },
    },
    async (req) => ok(await cards.carry(who(req), req.body.fromId, req.body.toId), '已结转'),
  );
}
