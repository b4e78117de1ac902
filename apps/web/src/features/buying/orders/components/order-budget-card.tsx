import type { OrderBudgetVO } from '@kc/contracts/ledgers/budget';
import { Alert, Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { money } from '../../../../lib/format.ts';

/**
 * 经费卡 on the order (what an approver decides with, shopware#12144): the card, 本单占用 (frozen at
 * the final approval, or what that approval will freeze) and 可用余额; a short card says by how much
 * and, for the institute on a 超支禁止 card, offers 超支审批 with a reason. A card with budget lines
 * shows the same figures for each line the order charges (a line short on a 超支禁止 card refuses too).
 */
export function OrderBudgetCard({ budget: b, onOverride }: { budget: OrderBudgetVO; onOverride?: () => void }) {
  const shortLines = b.lines.filter((l) => l.shortfall > 0);
  const short = budgetShort(b);
  return (
    <Card title="经费卡" data-testid="order-budget">
      <Descriptions
        column={3}
        size="small"
        items={[
          { key: 'no', label: '经费卡号', children: b.cardNo },
          { key: 'title', label: '课题名称', span: 2, children: b.title },
          {
            key: 'order',
            label: '本单占用',
            children: (
              <span data-testid="budget-order-amount" data-fen={b.orderAmount}>
                {money(b.orderAmount)} {b.frozen ? <Tag color="blue">已冻结</Tag> : <Tag>终审时冻结</Tag>}
              </span>
            ),
          },
          {
            key: 'available',
            label: '可用余额',
            children: (
              <Typography.Text strong type={b.shortfall > 0 ? 'danger' : undefined} data-testid="budget-available" data-fen={b.available}>
                {money(b.available)}
              </Typography.Text>
            ),
          },
          { key: 'policy', label: '超支控制', children: b.policy === 'stop' ? '超支禁止' : '超支提醒' },
        ]}
      />
      {b.lines.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="lineId"
          pagination={false}
          data-testid="order-budget-lines"
          dataSource={b.lines}
          columns={[
            { title: '预算科目', dataIndex: 'name' },
            { title: '本单占用', dataIndex: 'orderAmount', align: 'right', render: (fen: number) => money(fen) },
            {
              title: '可用余额',
              dataIndex: 'available',
              align: 'right',
              render: (fen: number, l) => (
                <Typography.Text type={l.shortfall > 0 ? 'danger' : undefined} data-testid="budget-line-available" data-fen={fen}>
                  {money(fen)}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
      {short && (
        <Alert
          style={{ marginTop: 12 }}
          type={b.policy === 'stop' ? 'error' : 'warning'}
          showIcon
          data-testid="budget-shortfall"
          title={[
            ...(b.shortfall > 0 ? [`经费卡 ${b.cardNo} 可用余额不足，差 ${money(b.shortfall)}`] : []),
            ...shortLines.map((l) => `预算科目「${l.name}」可用余额不足，差 ${money(l.shortfall)}`),
          ].join('；')}
          description={b.policy === 'stop' ? '终审通过将被拒绝；研究所负责人或财务可填写原因超支审批。' : '该卡为超支提醒：可以通过，超支记入经费卡台账。'}
          action={
            onOverride ? (
              <Button danger size="small" onClick={onOverride} data-testid="budget-override">
                超支审批
              </Button>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}

/** The card, or one of the budget lines the order charges, lacks money for the order. */
export const budgetShort = (b: OrderBudgetVO) => b.shortfall > 0 || b.lines.some((l) => l.shortfall > 0);
