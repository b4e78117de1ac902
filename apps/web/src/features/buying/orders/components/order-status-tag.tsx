import { orderDisplayStatus } from '@kc/contracts/buying/orders-status';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { DISPLAY_STATUS_TAGS } from '../order-status.ts';

/** An order's one status (order and sub-orders together), as lists and the detail's header show it. */
export function OrderStatusTag({ order }: { order: { status: string; subOrders: readonly { status: string }[] } }) {
  const s = orderDisplayStatus(order);
  return <StatusTag value={s.key} table={DISPLAY_STATUS_TAGS} text={s.text} testId="order-status" />;
}
