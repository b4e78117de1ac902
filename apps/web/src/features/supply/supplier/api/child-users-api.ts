import type { ChildUserAddBody, ChildUserPage, ChildUserUpdateBody, SupplierRoleVO } from '@kc/contracts/supply/supplier-accounts';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { ChildUserVO, SupplierRoleVO } from '@kc/contracts/supply/supplier-accounts';

/** 子账号列表 GET /supplier/v1/childUser/page（含已用名额与上限） */
export function getChildUserPage(query: ListRequest): Promise<ChildUserPage> {
  return api.get<ChildUserPage>('/supplier/v1/childUser/page', { ...query });
}

/** 可分配的供应商角色 GET /supplier/v1/childUser/roles */
export function getChildUserRoles(): Promise<SupplierRoleVO[]> {
  return api.get<SupplierRoleVO[]>('/supplier/v1/childUser/roles');
}

/** 新增子账号 POST /supplier/v1/childUser/add */
export function addChildUser(body: ChildUserAddBody): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/childUser/add', body);
}

/** 修改子账号 PUT /supplier/v1/childUser/update */
export function updateChildUser(body: ChildUserUpdateBody): Promise<null> {
  return api.put<null>('/supplier/v1/childUser/update', body);
}

/** 停用 / 启用子账号 POST /supplier/v1/childUser/{disable|enable} */
export function setChildUserEnabled(id: number, enabled: boolean): Promise<null> {
  return api.post<null>(`/supplier/v1/childUser/${enabled ? 'enable' : 'disable'}`, { id });
}

/** 重置子账号密码 POST /supplier/v1/childUser/resetPassword */
export function resetChildUserPassword(id: number, password: string): Promise<null> {
  return api.post<null>('/supplier/v1/childUser/resetPassword', { id, password });
}
