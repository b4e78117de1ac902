import type { AgentBuyerVO as AgentBuyerSchema, ConfirmVO as ConfirmSchema, CreatedOrderVO as CreatedSchema } from '@kc/contracts/mall';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type ConfirmVO = z.infer<typeof ConfirmSchema>;
export type ConfirmGroup = ConfirmVO['groups'][number];
export type ConfirmLine = ConfirmGroup['lines'][number];
export type CreatedOrderVO = z.infer<typeof CreatedSchema>;
/** A buyer of the caller's team an assistant may order for (代下单). */
export type AgentBuyer = z.infer<typeof AgentBuyerSchema>;

export interface SupplyAreaCheck {
  ok: boolean;
  violations: { itemId: number; name: string; supplierName: string }[];
}

export interface CreateOrderInput {
  cartIds?: number[];
  direct?: { itemId: number; quantity: number };
  addressId: number;
  remarks: Record<string, string>;
  hazardConfirmed: boolean;
  idempotencyKey: string;
  /** 代下单: the buyer of the assistant's team the order is for; absent: the caller's own order */
  buyerId?: number;
}

/** 购物车结算确认 POST /mall/v1/order/cartConfirm */
export function cartConfirm(body: { cartIds: number[]; addressId?: number }): Promise<ConfirmVO> {
  return api.post<ConfirmVO>('/mall/v1/order/cartConfirm', body);
}

/** 立即购买确认 POST /mall/v1/order/detailConfirm */
export function detailConfirm(body: { itemId: number; quantity: number; addressId?: number }): Promise<ConfirmVO> {
  return api.post<ConfirmVO>('/mall/v1/order/detailConfirm', body);
}

/** 校验供货区域 POST /mall/v1/order/validateSupplyArea */
export function validateSupplyArea(body: { addressId: number; cartIds?: number[]; items?: { itemId: number; quantity: number }[] }): Promise<SupplyAreaCheck> {
  return api.post<SupplyAreaCheck>('/mall/v1/order/validateSupplyArea', body);
}

/** 提交订单 POST /mall/v1/order/create */
export function createOrder(body: CreateOrderInput): Promise<CreatedOrderVO> {
  return api.post<CreatedOrderVO>('/mall/v1/order/create', body);
}

/** 可代下单的采购人 GET /mall/v1/order/agentBuyers (empty unless the caller is an assistant) */
export function getAgentBuyers(): Promise<AgentBuyer[]> {
  return api.get<AgentBuyer[]>('/mall/v1/order/agentBuyers');
}

/** 服务器时间 GET /mall/v1/order/getCurrentTime */
export function getCurrentTime(): Promise<{ now: string; timestamp: number }> {
  return api.get<{ now: string; timestamp: number }>('/mall/v1/order/getCurrentTime');
}
