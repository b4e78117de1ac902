import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../components/money-cell.tsx';
import { shanghaiTime } from '../../../lib/format.ts';
import type { ClaimVO } from './api/claims-api.ts';
import { CLAIM_STATUS_TAGS } from './claim-status.ts';

/** The columns every claim list shares (报销单号, 关联订单, 金额（元）, 申请时间, 状态); `open` shows the detail. */
export function claimColumns(open: (id: number) => void, o: { buyer?: boolean; institute?: boolean } = {}): TableColumnsType<ClaimVO> {
  return [
    {
      title: '报销单号',
      key: 'no',
      width: 190,
      render: (_, c) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(c.id)} data-testid="claim-no">
          {c.claimNo}
        </Button>
      ),
    },
    ...(o.institute ? [{ title: '研究所', dataIndex: 'instituteName', width: 180, ellipsis: true } as const] : []),
    ...(o.buyer
      ? [{ title: '报销人', dataIndex: 'buyerName', width: 100 } as const, { title: '课题组', dataIndex: 'teamName', width: 160, ellipsis: true } as const]
      : []),
    {
      title: '关联订单',
      key: 'orders',
      width: 200,
      render: (_, c) => (
        <Flex vertical>
          {c.orderNos.map((n) => (
            <span key={n}>{n}</span>
          ))}
          {c.subCount > c.orderNos.length && <Typography.Text type="secondary">共 {c.subCount} 个子订单</Typography.Text>}
        </Flex>
      ),
    },
    { title: '金额（元）', key: 'amount', width: 120, align: 'right', render: (_, c) => <MoneyCell fen={c.amount} /> },
    { title: '申请时间', key: 'at', width: 160, render: (_, c) => shanghaiTime(c.submittedAt ?? c.createdAt) },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, c) => (
        <Flex vertical gap={2}>
          <Tag color={CLAIM_STATUS_TAGS[c.status]?.color} data-testid="claim-status">
            {c.statusText}
          </Tag>
          {c.status === 'draft' && c.lastReason && <Typography.Text type="danger">{c.lastReason}</Typography.Text>}
        </Flex>
      ),
    },
  ];
}
