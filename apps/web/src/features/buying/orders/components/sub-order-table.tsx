import type { SubOrderSummary } from '@kc/contracts/buying/orders';
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { money } from '../../../../lib/format.ts';
import { SUB_STATUS_TAGS } from '../order-status.ts';

/** The sub-orders of an order (one per supplier), with the actions a role may take on each. */
export function SubOrderTable({ subOrders, actions }: { subOrders: SubOrderSummary[]; actions?: (s: SubOrderSummary) => ReactNode }) {
  const columns: TableColumnsType<SubOrderSummary> = [
    { title: '子订单号', dataIndex: 'subNo', width: 220, render: (no: string) => <span data-testid="sub-no">{no}</span> },
    { title: '供应商', dataIndex: 'supplierName' },
    { title: '金额', dataIndex: 'totalAmount', width: 140, align: 'right', render: (fen: number) => money(fen) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 140,
      render: (s: string, r) => <StatusTag value={s} table={SUB_STATUS_TAGS} text={r.statusText} testId="sub-status" />,
    },
  ];
  if (actions) columns.push({ title: '操作', key: 'actions', width: 220, render: (_, s) => actions(s) });
  return (
    <Table<SubOrderSummary>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={subOrders}
      columns={columns}
      onRow={(s) => ({ 'data-testid': 'sub-order-row', 'data-sub-no': s.subNo }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
