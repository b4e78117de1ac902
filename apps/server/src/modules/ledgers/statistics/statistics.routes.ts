import {
  STAT_LEVEL_TEXT,
  STAT_LEVELS,
  StatAllVO,
  type StatLevel,
  StatLinePage,
  StatLinesQuery,
  StatMonthVO,
  StatQuery,
  StatRankVO,
  StatScopesVO,
  type StatView,
} from '@kc/contracts/ledgers/statistics';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import type { StatisticsService } from './statistics.service.ts';

const VIEWS: Record<StatView, { summary: string; response: z.ZodTypeAny }> = {
  all: { summary: '合计（金额、子订单数、明细行数、数量、供应商数）与按一级分类的占比', response: StatAllVO },
  month: { summary: '按月的金额与笔数（区间内每个月一行，无采购的月份为 0）', response: StatMonthVO },
  company: { summary: '按供应商的金额排名', response: StatRankVO },
  item: { summary: '按商品的金额排名（不含运费）', response: StatRankVO },
  brand: { summary: '按品牌的金额排名（不含运费）', response: StatRankVO },
};

/**
 * /mq/v1/statistics/{person,team,college,institution}/{all,month,company,item,brand} (docs/domains/ledgers.md#statistics),
 * each answered for the caller's own scope of that level; plus the drill-down to order lines, its
 * Excel, and the levels the caller may open.
 */
export function registerStatisticsRoutes(root: FastifyInstance, stats: StatisticsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['统计分析'];
  const view = { perm: Perm.STATISTICS_VIEW };

  app.get(
    '/mq/v1/statistics/scopes',
    {
      schema: {
        tags,
        summary: '本人可查看的统计范围（个人、课题组、部门、研究所）及可选的课题组、部门、研究所',
        querystring: NoQuery,
        response: { 200: envelope(StatScopesVO) },
      },
      config: { access: view },
    },
    async (req) => ok(await stats.scopes(req.caller!)),
  );

  for (const level of STAT_LEVELS) {
    const who = STAT_LEVEL_TEXT[level];
    for (const [name, v] of Object.entries(VIEWS) as [StatView, (typeof VIEWS)[StatView]][]) {
      app.get(
        `/mq/v1/statistics/${level}/${name}`,
        {
          schema: { tags, summary: `${who}统计：${v.summary}`, querystring: StatQuery, response: { 200: envelope(v.response) } },
          config: { access: view },
        },
        async (req) => ok(await stats[name](req.caller!, level as StatLevel, req.query)),
      );
    }
    app.get(
      `/mq/v1/statistics/${level}/lines`,
      {
        schema: {
          tags,
          summary: `${who}统计：某月、某供应商、商品或品牌的订单明细（下钻，验收日期倒序）`,
          querystring: StatLinesQuery,
          response: { 200: envelope(StatLinePage) },
        },
        config: { access: view },
      },
      async (req) => ok(await stats.lines(req.caller!, level, req.query)),
    );
    app.get(
      `/mq/v1/statistics/${level}/export`,
      {
        schema: { tags, summary: `${who}统计：导出订单明细（Excel，需页面导出权限，至多 5 万行）`, querystring: StatLinesQuery },
        config: { access: { perm: Perm.STATISTICS_VIEW, flag: 'export' } },
      },
      async (req, reply) => {
        const f = await stats.exportLines(req.caller!, level, req.query);
        return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.body);
      },
    );
  }
}
