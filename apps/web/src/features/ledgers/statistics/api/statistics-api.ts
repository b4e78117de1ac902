import type { StatAllVO, StatLevel, StatLinePage, StatLineVO, StatMonthVO, StatRankRow, StatRankVO, StatScopesVO } from '@kc/contracts/ledgers/statistics';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { StatAllVO, StatLevel, StatLinePage, StatLineVO, StatMonthVO, StatRankRow, StatRankVO, StatScopesVO };

/** What every statistics call takes: the months and the team, college or institute chosen in the scope selector. */
export interface StatFilter {
  startMonth: string;
  endMonth: string;
  teamId?: number;
  collegeId?: number;
  instituteId?: number;
}
/** What the drill-down narrows to: one month, one supplier, item or brand. */
export interface StatDrill {
  month?: string;
  supplierId?: number;
  itemId?: number;
  brandId?: number;
}

const path = (level: StatLevel, view: string) => `/mq/v1/statistics/${level}/${view}`;

/** 可选范围 GET /mq/v1/statistics/scopes */
export const getStatScopes = () => api.get<StatScopesVO>('/mq/v1/statistics/scopes');
/** 合计与分类占比 GET /mq/v1/statistics/{level}/all */
export const getStatAll = (level: StatLevel, f: StatFilter) => api.get<StatAllVO>(path(level, 'all'), { ...f });
/** 按月 GET /mq/v1/statistics/{level}/month */
export const getStatMonths = (level: StatLevel, f: StatFilter) => api.get<StatMonthVO>(path(level, 'month'), { ...f });
/** 供应商、商品、品牌排名 GET /mq/v1/statistics/{level}/{company|item|brand} */
export const getStatRank = (level: StatLevel, view: 'company' | 'item' | 'brand', f: StatFilter, top = 10) =>
  api.get<StatRankVO>(path(level, view), { ...f, top });
/** 订单明细（下钻） GET /mq/v1/statistics/{level}/lines */
export const getStatLines = (level: StatLevel, f: StatFilter, d: StatDrill, current: number, size: number) =>
  api.get<StatLinePage>(path(level, 'lines'), { ...f, ...d, current, size });
/** 导出明细（Excel） GET /mq/v1/statistics/{level}/export */
export function exportStatLines(level: StatLevel, f: StatFilter, d: StatDrill): Promise<DownloadedFile> {
  return fetchFile(path(level, 'export'), { ...f, ...d }, '采购统计明细.xlsx');
}
