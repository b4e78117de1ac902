import type { ConfirmVO } from '@kc/contracts/buying/mall';
import { Card, Steps, Typography } from 'antd';

/** Who will approve the order and why, before submission (the server's plan; placement follows the same rules). */
export function ApprovalPreview({ approval }: { approval: ConfirmVO['approval'] }) {
  return (
    <Card size="small" title="审批流程" data-testid="approval-preview">
      {approval.length === 0 ? (
        <Typography.Text type="secondary">本单无需审批，提交后直接发给供应商确认。</Typography.Text>
      ) : (
        <Steps
          size="small"
          current={-1}
          items={[
            { title: '提交订单' },
            ...approval.map((a) => ({ title: a.name, description: <span data-testid="approval-why">{a.why}</span> })),
            { title: '供应商确认' },
          ]}
        />
      )}
    </Card>
  );
}
