import type { DeptOption, UserAllInfo } from '@kc/contracts/identity/uac';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { isLoggedIn } from './session.ts';

// The session's server state: the logged-in user (menus, modules, permissions) and the units they
// may work in. The navigation guard, the layouts and any feature read it from here.

export const userAllInfoKey = ['uac', 'userAllInfo'] as const;
export const optionalDeptKey = ['uac', 'optionalDept'] as const;

/** 获取当前用户全部信息 GET /uac/v1/caas-user/getUserAllInfo */
export function getUserAllInfo(): Promise<UserAllInfo> {
  return api.get<UserAllInfo>('/uac/v1/caas-user/getUserAllInfo');
}

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

/** The logged-in user with menus, modules and permissions. */
export function useUserAllInfo() {
  return useQuery({ queryKey: userAllInfoKey, queryFn: getUserAllInfo, enabled: isLoggedIn(), staleTime: 5 * 60_000 });
}

/** The units the logged-in user may work in. */
export function useOptionalDepts(enabled = true) {
  return useQuery({ queryKey: optionalDeptKey, queryFn: getLoginUserOptionalDept, enabled: enabled && isLoggedIn() });
}
