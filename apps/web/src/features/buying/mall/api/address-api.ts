import type { AddressBody, AddressVO as AddressSchema } from '@kc/contracts/buying/mall';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type AddressVO = z.infer<typeof AddressSchema>;
export type AddressInput = z.input<typeof AddressBody>;

/** 我的收货地址（分页） GET /mall/v1/recvAddress/getPageUserRecAddress */
export function getPageUserRecAddress(current: number, size: number): Promise<Page<AddressVO>> {
  return api.get<Page<AddressVO>>('/mall/v1/recvAddress/getPageUserRecAddress', { current, size });
}

/** 新增收货地址 POST /mall/v1/recvAddress/add */
export function addRecvAddress(body: AddressInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/mall/v1/recvAddress/add', body);
}

/** 修改收货地址 PUT /mall/v1/recvAddress/modify */
export function modifyRecvAddress(body: AddressInput & { id: number }): Promise<null> {
  return api.put<null>('/mall/v1/recvAddress/modify', body);
}

/** 删除收货地址 DELETE /mall/v1/recvAddress/del/{id} */
export function deleteRecvAddress(id: number): Promise<null> {
  return api.delete<null>(`/mall/v1/recvAddress/del/${id}`);
}
