import { Tag } from 'antd';
import { orderStatusColor, orderStatusText, subStatusColor, subStatusText } from '../order-status.ts';

export function OrderStatusTag({ status, text }: { status: string; text?: string }) {
  return (
    <Tag color={orderStatusColor(status)} data-testid="order-status" data-status={status}>
      {text ?? orderStatusText(status)}
    </Tag>
  );
}

export function SubStatusTag({ status, text }: { status: string; text?: string }) {
  return (
    <Tag color={subStatusColor(status)} data-testid="sub-status" data-status={status}>
      {text ?? subStatusText(status)}
    </Tag>
  );
}
