import type { Page } from '@kc/contracts/platform/common';
import type { ExternalCountVO, ExternalInterfaceBody, ExternalInterfaceVO, ExternalServeLogVO, ServeCountAllVO } from '@kc/contracts/supply/external';
import { api } from '../../../../lib/api-client.ts';

export type { ExternalCountVO, ExternalInterfaceBody, ExternalInterfaceVO, ExternalServeLogVO, ServeCountAllVO };

/** 外部接口列表 GET /interface/v1/externalInterface/query */
export const getExternalInterfaces = (q: { current: number; size: number; name?: string; kind?: string }) =>
  api.get<Page<ExternalInterfaceVO>>('/interface/v1/externalInterface/query', { ...q });
/** 新增 POST /interface/v1/externalInterface/create */
export const createExternalInterface = (b: ExternalInterfaceBody) => api.post<{ id: number }>('/interface/v1/externalInterface/create', b);
/** 修改 POST /interface/v1/externalInterface/modify */
export const modifyExternalInterface = (b: ExternalInterfaceBody & { id: number }) => api.post<null>('/interface/v1/externalInterface/modify', b);
/** 删除 DELETE /interface/v1/externalInterface/delete/{id} */
export const deleteExternalInterface = (id: number) => api.delete<null>(`/interface/v1/externalInterface/delete/${id}`);
/** 调用总数 GET /interface/v1/externalCount/getServeCountALl */
export const getServeCountAll = () => api.get<ServeCountAllVO[]>('/interface/v1/externalCount/getServeCountALl');
/** 按日统计 GET /interface/v1/externalCount/query */
export const getExternalCounts = (q: { current: number; size: number; interfaceId?: number }) =>
  api.get<Page<ExternalCountVO>>('/interface/v1/externalCount/query', { ...q });
/** 调用日志 GET /interface/v1/externalServeLog/query */
export const getExternalLog = (q: { current: number; size: number; interfaceId?: number; outcome?: string }) =>
  api.get<Page<ExternalServeLogVO>>('/interface/v1/externalServeLog/query', { ...q });
