import { WarningOutlined } from '@ant-design/icons';
import type { OrderFilter, OrderListParams, OrderVO, SubOrderSummary } from '@kc/contracts/buying/orders';
import { orderCostsMoney } from '@kc/contracts/buying/orders-status';
import { Button, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListField, ListRequest } from '../../../components/list-page/index.ts';
import { MoneyCell } from '../../../components/money-cell.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { saveFile } from '../../../lib/file-download.ts';
import { money, shanghaiTime } from '../../../lib/format.ts';
import { goodsText } from '../../../lib/order-goods.ts';
import { orderDetailPath } from '../../../lib/order-paths.ts';
import { type ExportList, exportOrders, exportOrdersAsync } from './api/documents-api.ts';
import { OrderStatusTag } from './components/order-status-tag.tsx';
import { SubOrderTable } from './components/sub-order-table.tsx';
import { exportsInBackground } from './export-mode.ts';
import { effectiveStatuses, type StatusTab } from './order-status.ts';

/**
 * The order lists' column list, field list and request (my, all, institute, check, approve, and
 * the supplier's): ListPage does the rest.
 */

/** The search fields above every order table: 订单号 (子订单号 for suppliers), 下单日期, 状态 (several). */
export function orderFields(statusOptions?: Record<string, string>, noLabel = '订单号'): ListField[] {
  const fields: ListField[] = [
    { kind: 'text', name: 'orderNo', label: noLabel, placeholder: `请输入${noLabel}`, width: 220 },
    { kind: 'dateRange', name: 'dates', label: '下单日期', params: ['dateFrom', 'dateTo'] },
  ];
  if (statusOptions) {
    const options = Object.entries(statusOptions).map(([value, label]) => ({ value, label }));
    fields.push({ kind: 'select', name: 'status', label: '状态', multiple: true, options, placeholder: '全部状态', width: 240 });
  }
  return fields;
}

/**
 * The server's filter from a list page's: the tab's statuses narrowed by the chosen ones, and the
 * server-side tab (pending, handled, all) where the list has one.
 */
export function orderFilter(q: Record<string, string | number | undefined>, tab: StatusTab | undefined, serverTab?: OrderFilter['tab']): OrderFilter {
  const chosen = typeof q.status === 'string' ? q.status.split(',') : undefined;
  const statuses = effectiveStatuses(tab?.statuses ?? [], chosen);
  return {
    status: statuses.length ? statuses.join(',') : undefined,
    orderNo: typeof q.orderNo === 'string' ? q.orderNo : undefined,
    dateFrom: typeof q.dateFrom === 'string' ? q.dateFrom : undefined,
    dateTo: typeof q.dateTo === 'string' ? q.dateTo : undefined,
    ...(serverTab ? { tab: serverTab } : {}),
  };
}

/** One page of an order list as the server takes it. */
export const orderQuery = (q: ListRequest, tab: StatusTab | undefined, serverTab?: OrderFilter['tab']): OrderListParams => ({
  ...orderFilter(q, tab, serverTab),
  current: q.current,
  size: q.size,
});

/** Where each list's background exports are listed. */
const RECORDS_PAGE: Record<ExportList, string> = {
  buyer: '导出记录（采购管理）',
  team: '导出记录（采购管理）',
  institute: '导出记录（采购管理）',
  finance: '导出记录（采购管理）',
  admin: '导出记录（系统管理）',
  supplier: '导出记录',
};

/**
 * 导出: the list's rows with its filters. A list of more than ASYNC_EXPORT_THRESHOLD orders (or
 * `background`, the button's 后台导出) is exported in the background and downloaded from 导出记录;
 * a shorter one is saved at once as an Excel file.
 */
export async function exportOrderList(list: ExportList, filter: OrderFilter, o: { total?: number; background?: boolean } = {}) {
  if (exportsInBackground(o)) {
    await exportOrdersAsync(list, filter);
    feedback.success(`已转为后台导出，完成后请在“${RECORDS_PAGE[list]}”中下载`);
    return;
  }
  saveFile(await exportOrders(list, filter));
}

/** the columns before the amounts: number, goods, buyer and team, time, suppliers (the page total spans them) */
const LEAD_COLUMNS = 5;

/** The columns of an order list: number (to the detail), goods, buyer and team, time, suppliers, amount, state with the close reason; goods and fee with `amounts`. */
export function orderColumns({
  amounts,
  actions,
  budget,
}: {
  amounts?: boolean;
  actions?: (o: OrderVO) => ReactNode;
  /** the 经费卡 column for approvers: 本单占用 / 可用余额, the shortfall in red */
  budget?: boolean;
}): TableColumnsType<OrderVO> {
  const columns: TableColumnsType<OrderVO> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 190,
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
    {
      title: '商品',
      key: 'goods',
      width: 140,
      ellipsis: { showTitle: true },
      render: (_, o) => <span data-testid="order-goods">{goodsText(o)}</span>,
    },
    {
      title: '下单人 / 课题组',
      key: 'buyer',
      width: 110,
      render: (_, o) => (
        <span data-testid="order-buyer">
          {o.buyerName ?? '—'}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {o.teamName ?? '未分课题组'}
          </Typography.Text>
        </span>
      ),
    },
    { title: '下单时间', dataIndex: 'createdAt', width: 135, render: (t: string) => shanghaiTime(t) },
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
  columns.push({
    title: '订单金额',
    dataIndex: 'totalAmount',
    width: 100,
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} strong testId="order-amount" />,
  });
  if (budget) {
    columns.push({
      title: '经费卡 / 可用余额',
      key: 'budget',
      width: 150,
      render: (_, o) =>
        o.budget ? (
          <span data-testid="order-budget-cell">
            {o.budget.cardNo}
            <Typography.Text type={o.budget.shortfall > 0 ? 'danger' : 'secondary'} style={{ display: 'block', fontSize: 12 }}>
              {o.budget.shortfall > 0 ? `余额不足，差 ${money(o.budget.shortfall)}` : `可用 ${money(o.budget.available)}`}
            </Typography.Text>
            {o.budget.lines.map((l) => (
              <Typography.Text
                key={l.lineId}
                type={l.shortfall > 0 ? 'danger' : 'secondary'}
                style={{ display: 'block', fontSize: 12 }}
                data-testid="order-budget-line"
              >
                {l.name}：{l.shortfall > 0 ? `差 ${money(l.shortfall)}` : `可用 ${money(l.available)}`}
              </Typography.Text>
            ))}
          </span>
        ) : (
          '—'
        ),
    });
  }
  columns.push({
    title: '状态',
    dataIndex: 'status',
    width: 120,
    render: (_: string, o) => (
      <span>
        <OrderStatusTag order={o} />
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
  });
  if (actions) columns.push({ title: '操作', key: 'actions', width: 160, fixed: 'right', render: (_, o) => actions(o) });
  return columns;
}

interface TableOptions {
  records: OrderVO[];
  /** actions on each sub-order (arrival, acceptance) in the expanded rows */
  subActions?: (s: SubOrderSummary, o: OrderVO) => ReactNode;
  /** rows expanded from the start (pages whose actions sit on the sub-orders) */
  expandAll?: boolean;
  /** goods, fee and order amounts summed for the page (finance) */
  amounts?: boolean;
  selectable?: boolean;
  actions?: boolean;
}

/** The rest of an order table: sub-orders in the expanded rows, row test ids, and the page total with `amounts`. */
export function orderTable({ records, subActions, expandAll, amounts, selectable, actions }: TableOptions): ListTableProps {
  return {
    size: 'middle',
    // fits the 1200 px page without scrolling (the supplier column takes what is left); with the
    // amount breakdown it scrolls, the actions staying at the right
    scroll: { x: amounts ? 1300 : 1120 },
    onRow: (o) => ({ 'data-testid': 'order-row', 'data-order-no': o.orderNo }) as React.HTMLAttributes<HTMLElement>,
    expandable: {
      expandedRowRender: (o) => <SubOrderTable subOrders={o.subOrders} actions={subActions ? (s) => subActions(s, o) : undefined} />,
      rowExpandable: (o) => o.subOrders.length > 0,
      ...(expandAll ? { expandedRowKeys: records.map((o) => o.id), showExpandColumn: false } : {}),
    },
    summary:
      amounts && records.length
        ? () => {
            const costing = records.filter(orderCostsMoney);
            const sum = (pick: (o: OrderVO) => number) => costing.reduce((s, o) => s + pick(o), 0);
            return (
              <Table.Summary.Row data-testid="page-total">
                <Table.Summary.Cell index={0} colSpan={LEAD_COLUMNS + (selectable ? 1 : 0) + (expandAll ? 0 : 1)}>
                  本页合计（{costing.length} 单
                  {costing.length < records.length ? `，不含已驳回、已取消、已终止或已退款的 ${records.length - costing.length} 单` : ''}）
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(sum((o) => o.goodsAmount))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(sum((o) => o.deliveryFee))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong data-testid="page-total-amount" data-fen={sum((o) => o.totalAmount)}>
                    {money(sum((o) => o.totalAmount))}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} colSpan={actions ? 2 : 1} />
              </Table.Summary.Row>
            );
          }
        : undefined,
  };
}
type ListTableProps = Omit<TableProps<OrderVO>, 'columns' | 'dataSource' | 'pagination' | 'rowSelection' | 'loading' | 'rowKey'>;

/** The 详情 action of every order list's row. */
export function OrderDetailLink({ id }: { id: number }) {
  return (
    <Link to={orderDetailPath(id)}>
      <Button type="link" size="small">
        详情
      </Button>
    </Link>
  );
}
