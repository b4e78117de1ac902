/** Shapes of the order lifecycle answers (apps/server/src/modules/orders/lifecycle.service.ts). Money is integer fen. */

/** A page of a list answer (`{ records, total, current, size }`). */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface SubOrderSummary {
  id: number;
  subNo: string;
  supplierId: number;
  supplierName: string;
  status: string;
  statusText: string;
  totalAmount: number;
}

export interface OrderVO {
  id: number;
  orderNo: string;
  buyerId: number;
  placedById: number;
  instituteId: number | null;
  deptId: number | null;
  teamId: number | null;
  status: string;
  statusText: string;
  goodsAmount: number;
  deliveryFee: number;
  totalAmount: number;
  hasHazard: boolean;
  closeReason: string | null;
  createdAt: string;
  subOrders: SubOrderSummary[];
}

export interface OrderLine {
  id: number;
  itemId?: number;
  name: string;
  spec: string;
  brand: string | null;
  cas: string | null;
  catalogNo: string | null;
  grade?: string | null;
  unit: string;
  unitPrice: number;
  quantity: number;
  deliveredQty: number;
  amount: number;
  hazards: string[];
}

/** What one parcel carried: an order line of the sub-order and its quantity. */
export interface DeliveryLineVO {
  lineId: number;
  quantity: number;
}

export interface DeliveryVO {
  id: number;
  channel: string;
  trackingNo: string;
  createdAt: string;
  lines: DeliveryLineVO[];
}

export interface SubOrderDetail extends SubOrderSummary {
  goodsAmount: number;
  deliveryFee: number;
  remark: string | null;
  reason: string | null;
  lines: OrderLine[];
  deliveries: DeliveryVO[];
}

export interface OrderLogVO {
  id: number;
  subOrderId: number | null;
  actor: string;
  actorName: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  createdAt: string;
}

export interface ReceiverVO {
  contact: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

export interface OrderDetail extends Omit<OrderVO, 'subOrders'> {
  buyerName: string | null;
  /** set only when an assistant placed the order for the buyer (代下单) */
  placedByName: string | null;
  instituteName: string | null;
  deptName: string | null;
  teamName: string | null;
  approvalSteps: { step: 'team' | 'institute'; name: string }[];
  receiver: ReceiverVO;
  subOrders: SubOrderDetail[];
  logs: OrderLogVO[];
}

/** The filters every order list takes (dates are Shanghai calendar days, YYYY-MM-DD). */
export interface OrderFilter {
  tab?: 'pending' | 'handled' | 'all';
  /** comma-separated status keys */
  status?: string;
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface OrderListQuery extends OrderFilter {
  current: number;
  size: number;
}

/** One order's outcome in a batch decision. */
export interface BatchResult {
  id: number;
  ok: boolean;
  message: string;
}

/** The lists of the buyer side, each bound on the server to the caller's scope. */
export type OrderListRole = 'buyer' | 'team' | 'institute' | 'checker' | 'finance' | 'admin';

export interface UserMessage {
  id: number;
  title: string;
  content: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** 采购单位: institute / department / team, the parts the order has. */
export function buyingUnit(o: Pick<OrderDetail, 'instituteName' | 'deptName' | 'teamName'>): string {
  return [o.instituteName, o.deptName, o.teamName].filter(Boolean).join(' / ');
}

/** The receiver as one line: province, city (when it differs), district and detail. */
export function receiverAddress(r: ReceiverVO): string {
  return `${r.province}${r.city === r.province ? '' : r.city}${r.district} ${r.detail}`;
}
