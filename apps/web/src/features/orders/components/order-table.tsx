import { WarningOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderVO, Page, SubOrderSummary } from '../api/order-types.ts';
import { money, shanghaiTime } from '../order-format.ts';
import { orderDetailPath } from '../order-paths.ts';
import { OrderStatusTag } from './status-tag.tsx';
import { SubOrderTable } from './sub-order-table.tsx';

interface Props {
  data: Page<OrderVO> | undefined;
  loading: boolean;
  current: number;
  size: number;
  onPage: (current: number, size: number) => void;
  /** the order's actions column */
  actions?: (o: OrderVO) => ReactNode;
  /** actions on each sub-order (arrival, acceptance) in the expanded rows */
  subActions?: (s: SubOrderSummary, o: OrderVO) => ReactNode;
  /** rows expanded from the start (pages whose actions sit on the sub-orders) */
  expandAll?: boolean;
  rowSelection?: TableProps<OrderVO>['rowSelection'];
  /** goods amount and delivery fee columns, and a page total (finance) */
  amounts?: boolean;
}

/** An order list: number (to the detail), time, suppliers, amount, state, reason; sub-orders in the expanded row. */
export function OrderTable({ data, loading, current, size, onPage, actions, subActions, expandAll, rowSelection, amounts }: Props) {
  const columns: TableColumnsType<OrderVO> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 185,
      render: (no: string, o) => (
        <span>
          <Link to={orderDetailPath(o.id)} data-testid="order-no">
            {no}
          </Link>
          {o.hasHazard && (
            <Tooltip title="含危险化学品">
              <WarningOutlined style={{ color: '#fa541c', marginLeft: 6 }} />
            </Tooltip>
          )}
        </span>
      ),
    },
    { title: '下单时间', dataIndex: 'createdAt', width: 130, render: (t: string) => shanghaiTime(t) },
    {
      title: '供应商',
      key: 'suppliers',
      width: amounts ? 130 : undefined,
      ellipsis: { showTitle: true },
      render: (_, o) => [...new Set(o.subOrders.map((s) => s.supplierName))].join('、'),
    },
  ];
  if (amounts) {
    columns.push(
      { title: '商品金额', dataIndex: 'goodsAmount', width: 100, align: 'right', render: (fen: number) => money(fen) },
      { title: '运费', dataIndex: 'deliveryFee', width: 70, align: 'right', render: (fen: number) => money(fen) },
    );
  }
  columns.push(
    {
      title: '订单金额',
      dataIndex: 'totalAmount',
      width: 110,
      align: 'right',
      render: (fen: number) => (
        <Typography.Text strong data-testid="order-amount" data-fen={fen}>
          {money(fen)}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      render: (s: string, o) => (
        <span>
          <OrderStatusTag status={s} text={o.statusText} />
          {o.closeReason && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, tooltip: o.closeReason }}
              style={{ margin: '4px 0 0', fontSize: 12 }}
              data-testid="close-reason"
            >
              原因：{o.closeReason}
            </Typography.Paragraph>
          )}
        </span>
      ),
    },
  );
  if (actions) columns.push({ title: '操作', key: 'actions', width: 150, fixed: 'right', render: (_, o) => actions(o) });

  const records = data?.records ?? [];
  return (
    <Table<OrderVO>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={records}
      columns={columns}
      rowSelection={rowSelection}
      scroll={{ x: amounts ? 1060 : 940 }}
      onRow={(o) => ({ 'data-testid': 'order-row', 'data-order-no': o.orderNo }) as React.HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowRender: (o) => <SubOrderTable subOrders={o.subOrders} actions={subActions ? (s) => subActions(s, o) : undefined} />,
        rowExpandable: (o) => o.subOrders.length > 0,
        ...(expandAll ? { expandedRowKeys: records.map((o) => o.id), showExpandColumn: false } : {}),
      }}
      pagination={{
        current,
        pageSize: size,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: onPage,
      }}
      summary={
        amounts && records.length
          ? () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3 + (rowSelection ? 1 : 0) + (expandAll ? 0 : 1)}>
                  本页合计（{records.length} 单）
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(records.reduce((s, o) => s + o.goodsAmount, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(records.reduce((s, o) => s + o.deliveryFee, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{money(records.reduce((s, o) => s + o.totalAmount, 0))}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} colSpan={actions ? 2 : 1} />
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  );
}
