import type { Page } from '@kc/contracts/platform/common';
import type { DeliveryFeeRuleInput, DeliveryFeeRuleVO } from '@kc/contracts/supply/delivery-fees';
import { api } from '../../../../lib/api-client.ts';

export type { DeliveryFeeRuleVO } from '@kc/contracts/supply/delivery-fees';

/** 运费设置 GET /supplier/v1/deliveryFee/list（全部行，作为一页给列表页） */
export async function getDeliveryFees(): Promise<Page<DeliveryFeeRuleVO>> {
  const rows = await api.get<DeliveryFeeRuleVO[]>('/supplier/v1/deliveryFee/list');
  return { records: rows, total: rows.length, current: 1, size: Math.max(rows.length, 1) };
}

/** 新增或修改一行 POST /supplier/v1/deliveryFee/save */
export function saveDeliveryFee(body: DeliveryFeeRuleInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/deliveryFee/save', body);
}

/** 删除一行 POST /supplier/v1/deliveryFee/delete */
export function deleteDeliveryFee(id: number): Promise<null> {
  return api.post<null>('/supplier/v1/deliveryFee/delete', { id });
}
