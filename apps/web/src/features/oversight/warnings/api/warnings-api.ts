import type { DuplicateHintVO, RuleType, WarningRuleList, WarningVO } from '@kc/contracts/oversight/warnings';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { DuplicateHintVO, WarningRuleList, WarningVO };

/** 预警列表 GET /mall/v1/warning/page (state=open: 待处理 and 已确认) */
export function getWarnings(q: ListRequest): Promise<Page<WarningVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get('/mall/v1/warning/page', rest);
}

/** The header badge: how many warnings wait (待处理 and 已确认), read from the list itself. */
export const openWarningCount = () =>
  api.get<Page<WarningVO>>('/mall/v1/warning/page', { state: 'open', current: 1, size: 1 }, { silent: true }).then((p) => p.total);

/** 确认 / 解决 POST /mall/v1/warning/{acknowledge,resolve} */
export const actOnWarning = (id: number, action: 'acknowledge' | 'resolve') => api.post<null>(`/mall/v1/warning/${action}`, { id });

/** 暂缓 POST /mall/v1/warning/snooze */
export const snoozeWarning = (id: number, until: string) => api.post<null>('/mall/v1/warning/snooze', { id, until });

/** 重复采购提示 GET /mall/v1/warning/duplicates */
export const getDuplicateHints = (itemIds: number[]) =>
  // a hint: if it cannot be had, checkout goes on without it
  api.get<DuplicateHintVO[]>('/mall/v1/warning/duplicates', { itemIds: itemIds.join(',') }, { silent: true });

/** 预警规则 GET /mall/v1/warning-rule/list */
export const getWarningRules = (instituteId?: number) => api.get<WarningRuleList>('/mall/v1/warning-rule/list', instituteId ? { instituteId } : {});

/** 保存规则 POST /mall/v1/warning-rule/update */
export const saveWarningRule = (rule: { instituteId?: number; type: RuleType; enabled: boolean; threshold: number }) =>
  api.post<null>('/mall/v1/warning-rule/update', rule);

/** 立即检查 POST /mall/v1/warning/scan */
export const scanWarnings = (instituteId?: number) =>
  api.post<{ created: number; resolved: number; woken: number }>('/mall/v1/warning/scan', instituteId ? { instituteId } : {});
