import { randomBytes } from 'node:crypto';
import type { ApiSession } from './api-session.ts';

/** Demo suppliers and their main accounts (password Demo@2026). */
export const SUPPLIER_USERS: Record<string, string> = {
  国药集团化学试剂有限公司: 'supplier1',
  上海阿拉丁生化科技股份有限公司: 'supplier2',
  上海麦克林生化科技股份有限公司: 'supplier3',
};

export interface OrderableItem {
  id: number;
  name: string;
  price: number;
  stock: number;
  supplierName: string;
  supplierUser: string;
}

interface SearchItem {
  id: number;
  name: string;
  price: number;
  stock: number;
  supplierName: string;
  hazards: string[];
}

/**
 * An item the buyer can order `minFen` worth of from one demo supplier: in stock for the quantity,
 * delivered to `province`, without hazard marks (so no compliance notice), from a supplier with a login
 * (only `only`'s items when given).
 */
export async function findOrderableItem(
  buyer: ApiSession,
  minFen: number,
  province: string,
  only?: string,
): Promise<{ item: OrderableItem; quantity: number }> {
  // one supplier's items may lie beyond the first page of the whole catalog
  for (let current = 1; current <= (only ? 5 : 1); current++) {
    const page = await buyer.get<{ records: SearchItem[] }>(`/mall/v1/item/search?inStock=true&sort=price_desc&size=100&current=${current}`);
    const found = await firstOrderable(buyer, page.records, minFen, province, only);
    if (found) return found;
  }
  throw new Error(`no orderable item worth ${minFen} fen${only ? ` of ${only}` : ''}`);
}

async function firstOrderable(buyer: ApiSession, records: SearchItem[], minFen: number, province: string, only: string | undefined) {
  for (const it of records) {
    const supplierUser = SUPPLIER_USERS[it.supplierName];
    if (!supplierUser || it.hazards.length || it.price <= 0) continue;
    if (only && supplierUser !== only) continue;
    const quantity = Math.ceil(minFen / it.price);
    if (quantity > it.stock || quantity > 999) continue;
    const detail = await buyer.get<{ supplyAreas: string[] }>(`/mall/v1/item/detail/${it.id}`);
    if (detail.supplyAreas.length && !detail.supplyAreas.some((a) => province.startsWith(a))) continue;
    return { item: { ...it, supplierUser }, quantity };
  }
  return null;
}

/** A Beijing address of the buyer; answers its id. */
export function addAddress(buyer: ApiSession): Promise<{ id: number }> {
  return buyer.post<{ id: number }>('/mall/v1/recvAddress/add', {
    province: '北京市',
    city: '北京市',
    district: '海淀区',
    detail: '中关村北一街 2 号 化学楼 201 室',
    contact: '王晓明',
    phone: '13810230001',
    isDefault: true,
  });
}

/** Places an order through the API ("buy now" of one item). */
export function placeOrder(buyer: ApiSession, itemId: number, quantity: number, addressId: number) {
  return buyer.post<{ orderId: number; orderNo: string }>('/mall/v1/order/create', {
    direct: { itemId, quantity },
    addressId,
    idempotencyKey: randomBytes(8).toString('hex'),
  });
}
