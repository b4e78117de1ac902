import type { AdminUserDetail, AdminUserVO } from '@kc/contracts/identity/org';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

/** 用户管理: the platform's and institutes' user accounts. */
export type { AdminUserDetail, AdminUserVO };

/** 用户分页 GET /uac/v1/caas-user/page */
export function getUserPage(query: {
  current: number;
  size: number;
  userName?: string;
  realName?: string;
  phoneNum?: string;
  deptId?: number;
}): Promise<Page<AdminUserVO>> {
  return api.get<Page<AdminUserVO>>('/uac/v1/caas-user/page', { ...query });
}

/** 用户详情 GET /uac/v1/caas-user/getUserDetail/{id} */
export function getUserDetail(id: number): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/uac/v1/caas-user/getUserDetail/${id}`);
}

/** 新增用户 POST /uac/v1/caas-user/add */
export function addUser(body: {
  userName: string;
  realName: string;
  phoneNum: string;
  email?: string;
  deptIds: number[];
  roleIds: number[];
  password: string;
}): Promise<unknown> {
  return api.post('/uac/v1/caas-user/add', body);
}

/** 删除用户 DELETE /uac/v1/caas-user/delete/{id} */
export function deleteUser(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/caas-user/delete/${id}`);
}
