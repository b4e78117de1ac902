import type { AgentBuyerVO, ConfirmVO, CreatedOrderVO, CreateOrderInput, ServerTime, SupplyAreaCheck } from '@kc/contracts/buying/mall';
import type { CardLookupVO, UsableCardVO } from '@kc/contracts/ledgers/budget';
import { api } from '../../../../lib/api-client.ts';

export type { CardLookupVO, CreatedOrderVO, UsableCardVO };
export type ConfirmGroup = ConfirmVO['groups'][number];
export type ConfirmLine = ConfirmGroup['lines'][number];
/** A buyer of the caller's team an assistant may order for (代下单). */
export type AgentBuyer = AgentBuyerVO;

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
export function getCurrentTime(): Promise<ServerTime> {
  return api.get<ServerTime>('/mall/v1/order/getCurrentTime');
}

/** 下单可用的经费卡（含默认卡） GET /mall/v1/grantCard/usable */
export function getUsableCards(): Promise<UsableCardVO[]> {
  return api.get('/mall/v1/grantCard/usable');
}

/** 他人代付：按卡号查找本所可用的经费卡 GET /mall/v1/grantCard/lookup */
export function lookupCard(cardNo: string): Promise<CardLookupVO> {
  return api.get('/mall/v1/grantCard/lookup', { cardNo });
}

/** 设为默认经费卡 POST /mall/v1/grantCard/default */
export function setDefaultCard(cardId: number): Promise<null> {
  return api.post('/mall/v1/grantCard/default', { cardId });
}
