import { ORDER_STATUS, type OrderStatus, SUB_STATUS, type SubStatus } from '../order-states.ts';

/** What a printed order shows: the order detail as LifecycleService.detail answers it, plus names. */
export interface PrintLine {
  id: number;
  name: string;
  spec: string;
  brand: string | null;
  cas: string | null;
  catalogNo: string | null;
  grade: string | null;
  unit: string;
  unitPrice: number;
  quantity: number;
  deliveredQty: number;
  amount: number;
  hazards: string[];
}

export interface PrintDelivery {
  id: number;
  channel: string;
  trackingNo: string;
  createdAt: string;
  /** what this parcel carried */
  lines: { lineId: number; quantity: number }[];
}

export interface PrintSub {
  id: number;
  subNo: string;
  supplierId: number;
  supplierName: string;
  status: string;
  statusText: string;
  goodsAmount: number;
  deliveryFee: number;
  totalAmount: number;
  remark: string | null;
  reason: string | null;
  lines: PrintLine[];
  deliveries: PrintDelivery[];
}

export interface PrintLog {
  subOrderId: number | null;
  actor: string;
  actorName: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  createdAt: string;
}

export interface PrintOrder {
  id: number;
  orderNo: string;
  status: string;
  statusText: string;
  hasHazard: boolean;
  closeReason: string | null;
  createdAt: string;
  approvalSteps: { step: string; name: string }[];
  receiver: { contact: string; phone: string; province: string; city: string; district: string; detail: string };
  subOrders: PrintSub[];
  logs: PrintLog[];
}

export interface PrintParties {
  buyer: { name: string; phone: string | null } | null;
  placedBy: { name: string; phone: string | null } | null;
  institute: string | null;
  dept: string | null;
  team: string | null;
}

/** The parties as printed, from the lifecycle's row of names and phones (OrderRepository.parties). */
export function printParties(
  p:
    | {
        buyer_name: string | null;
        buyer_user: string | null;
        buyer_phone: string | null;
        placer_name: string | null;
        placer_user: string | null;
        placer_phone: string | null;
        institute_name: string | null;
        dept_name: string | null;
        team_name: string | null;
      }
    | undefined,
): PrintParties {
  const person = (name: string | null | undefined, user: string | null | undefined, phone: string | null | undefined) =>
    user ? { name: name ?? user, phone: phone ?? null } : null;
  return {
    buyer: person(p?.buyer_name, p?.buyer_user, p?.buyer_phone),
    placedBy: person(p?.placer_name, p?.placer_user, p?.placer_phone),
    institute: p?.institute_name ?? null,
    dept: p?.dept_name ?? null,
    team: p?.team_name ?? null,
  };
}

export interface SupplierHead {
  name: string;
  contact: string;
  phone: string;
}

/** The log's labels, the same the web's order log shows. */
export { actionText, actorText } from '@kc/contracts/buying/orders-status';

/** A status key of an order-level (subOrderId null) or sub-order log row in Chinese. */
export function statusText(key: string | null, subLevel: boolean): string {
  if (key === null) return '—';
  const table: Record<string, string> = subLevel ? SUB_STATUS : ORDER_STATUS;
  return table[key as OrderStatus & SubStatus] ?? key;
}

export { receiverAddress } from '@kc/contracts/buying/orders';
