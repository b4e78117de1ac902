import type { DeptOption } from '@kc/contracts/uac';
import { api } from '../../../lib/api-client.ts';

/** 获取当前用户可选单位 GET /uac/v1/dept/getLoginUserOptionalDept */
export function getLoginUserOptionalDept(): Promise<DeptOption[]> {
  return api.get<DeptOption[]>('/uac/v1/dept/getLoginUserOptionalDept');
}

/** 设置当前单位 POST /uac/v1/dept/setCurrentDept */
export function setCurrentDept(deptId: number): Promise<unknown> {
  return api.post<unknown>('/uac/v1/dept/setCurrentDept', { deptId });
}

/** 设置常用（默认）单位 POST /uac/v1/caas-user/setDefaultDept */
export function setDefaultDept(deptId: number): Promise<unknown> {
  return api.post<unknown>('/uac/v1/caas-user/setDefaultDept', { deptId });
}
