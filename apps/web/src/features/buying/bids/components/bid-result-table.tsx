import { Table, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { BidResultVO } from '../api/bids-api.ts';

/** The opening result: every bid of the round, the valid ones ranked (ties to the earliest), the invalid ones with their reason. */
export function BidResultTable({ result, winnerBidId }: { result: BidResultVO[]; winnerBidId: number | null }) {
  return (
    <Table<BidResultVO>
      rowKey="bidId"
      size="small"
      pagination={false}
      dataSource={result}
      data-testid="bid-result"
      locale={{ emptyText: '本轮没有供应商投标' }}
      columns={[
        { title: '排名', key: 'rank', width: 60, render: (_, r) => r.rank ?? '—' },
        { title: '投标人', dataIndex: 'supplierName' },
        { title: '投标总价', key: 'total', width: 130, align: 'right', render: (_, r) => <MoneyCell fen={r.totalAmount} strong={r.rank === 1} /> },
        { title: '供货期', key: 'days', width: 80, render: (_, r) => `${r.deliveryDays} 天` },
        { title: '投标时间', key: 'at', width: 170, render: (_, r) => shanghaiTime(r.submittedAt, true) },
        {
          title: '结果',
          key: 'verdict',
          width: 200,
          render: (_, r) =>
            r.bidId === winnerBidId ? (
              <Tag color="success">中标</Tag>
            ) : r.valid ? (
              <Tag color={r.rank === 1 ? 'gold' : 'default'}>{r.rank === 1 ? '最低有效报价' : '有效'}</Tag>
            ) : (
              <Typography.Text type="danger">无效：{r.invalidReason}</Typography.Text>
            ),
        },
      ]}
    />
  );
}
