import type { ApiClientScope } from '@kc/contracts/identity/api-clients';
import {
  CardLookupQuery,
  CardLookupVO,
  CardPersonVO,
  CarryForwardBody,
  CarryForwardVO,
  DefaultCardBody,
  GrantCardBody,
  GrantCardDetail,
  GrantCardPage,
  GrantCardQuery,
  GrantCardUpdateBody,
  LedgerPage,
  LedgerQuery,
  UsableCardQuery,
  UsableCardVO,
  ZkpdItemInfoBody,
  ZkpdItemInfoVO,
} from '@kc/contracts/ledgers/budget';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import type { GrantCardFeed } from './grant-card-feed.ts';
import type { GrantCardsService } from './grant-cards.service.ts';

/**
 * /mall/v1/grantCard: the 经费卡 page (PI and institute finance), the buyer's usable cards and
 * default at checkout; /mall/v1/api-order/zkpd/getItemInfoByPI: the institute finance system's sync.
 */
export function registerGrantCardRoutes(root: FastifyInstance, cards: GrantCardsService, feed: GrantCardFeed) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['经费卡'];
  const view = { perm: Perm.GRANT_CARD };

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
  app.get(
    '/mall/v1/grantCard/ledger',
    {
      schema: { tags, summary: '经费卡台账（冻结、释放、支出……，最新在前）', querystring: LedgerQuery, response: { 200: envelope(LedgerPage) } },
      config: { access: view },
    },
    async (req) => ok(await cards.ledger(req.caller!, req.query.cardId, req.query.current, req.query.size)),
  );
  app.get(
    '/mall/v1/grantCard/ledger/export',
    {
      schema: {
        tags,
        summary: '导出经费卡台账（Excel，需页面导出权限）',
        querystring: z.object({ cardId: IdParams.shape.id, t: z.string().optional() }).strict(),
      },
      config: { access: { perm: Perm.GRANT_CARD, flag: 'export' } },
    },
    async (req, reply) => {
      const f = await cards.exportLedger(req.caller!, req.query.cardId);
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.body);
    },
  );
  app.get(
    '/mall/v1/grantCard/usable',
    {
      schema: {
        tags,
        summary: '下单可用的经费卡（本人为负责人或成员、有效且在有效期内；含默认卡）',
        querystring: UsableCardQuery,
        response: { 200: envelope(z.array(UsableCardVO)) },
      },
      config: { access: { perm: Perm.ORDER_BUY } },
    },
    async (req) => ok(await cards.usable(req.caller!)),
  );
  app.post(
    '/mall/v1/grantCard/default',
    { schema: { tags, summary: '设为默认经费卡', body: DefaultCardBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => ok(await cards.setDefault(who(req), req.body.cardId).then(() => null), '已设为默认经费卡'),
  );
  app.post(
    '/mall/v1/api-order/zkpd/getItemInfoByPI',
    {
      schema: {
        tags,
        summary: '财务系统同步课题负责人的经费卡（须使用绑定研究所的 API 客户端凭证；不带 cards 时只查询）',
        body: ZkpdItemInfoBody,
        response: { 200: envelope(ZkpdItemInfoVO) },
      },
      config: { access: 'public', clientScope: 'zkpd.grantCard' satisfies ApiClientScope },
    },
    async (req) => ok(await feed.itemInfoByPI(req.apiClientId, req.ip, req.body)),
  );
}
