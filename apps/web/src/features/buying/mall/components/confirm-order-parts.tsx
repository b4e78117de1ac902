import type { ConfirmVO } from '@kc/contracts/buying/mall';
import { Alert, Button, Card, Collapse, Flex, Space, Typography } from 'antd';
import { formatYuan, PriceText } from './price-text.tsx';

type Violation = { itemId: number; name: string; supplierName: string };

/** The lines the suppliers do not deliver to the chosen address. */
export function SupplyAreaAlert({ violations }: { violations: Violation[] }) {
  return (
    <Alert
      type="error"
      showIcon
      title="以下商品不在供应商的供货区域内，请更换收货地址或调整所购商品"
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {violations.map((v) => (
            <li key={v.itemId}>
              {v.name}（{v.supplierName}）
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** 购买须知, the first one open. */
export function BuyTipsCard({ tips }: { tips: ConfirmVO['buyTips'] }) {
  return (
    <Card size="small" title="购买须知">
      <Collapse
        size="small"
        defaultActiveKey={tips.slice(0, 1).map((t) => String(t.id))}
        items={tips.map((t) => ({
          key: String(t.id),
          label: t.title,
          children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{t.content}</Typography.Paragraph>,
        }))}
      />
    </Card>
  );
}

/** The sticky bar: what stops the order, the totals and 提交订单. */
export function SubmitBar({
  data,
  blocker,
  canSubmit,
  pending,
  onSubmit,
}: {
  data: ConfirmVO;
  blocker: string;
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => void;
}) {
  return (
    <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text type="danger">{blocker}</Typography.Text>
        <Space size="large" wrap>
          <span>商品金额 {formatYuan(data.goodsAmount)}</span>
          <span>运费 {data.deliveryFee ? formatYuan(data.deliveryFee) : '免运费'}</span>
          <span>
            应付总额 <PriceText fen={data.totalAmount} size={22} testId="confirm-total" />
          </span>
          <Button type="primary" size="large" disabled={!canSubmit} loading={pending} onClick={onSubmit}>
            提交订单
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
