import type { OrderVO } from '@kc/contracts/buying/orders';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { ForbiddenPage } from '../../../../components/forbidden-page.tsx';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { getAllOrders, stopOrder } from '../api/orders-api.ts';
import { useOrderMove } from '../api/use-order-queries.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { ReasonButton, ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { exportOrderList, OrderDetailLink, orderColumns, orderFields, orderFilter, orderQuery, orderTable } from '../order-list.tsx';
import { orderRoles } from '../order-roles.ts';
import { canStop, ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';

const FIELDS = orderFields(ORDER_STATUS_TEXT);
const tabOf = (key: string | undefined) => ORDER_TABS.find((t) => t.key === key);

/** /cass/system/orders (全部订单): every order on the platform; the platform admin stops an order with a reason. */
export function AllOrdersPage() {
  const { data: info } = useUserAllInfo();
  const { admin } = orderRoles(info);
  const list = useListPage<OrderVO>({
    queryKey: orderKeys.lists('admin'),
    fields: FIELDS,
    tabs: ORDER_TABS,
    request: (q) => getAllOrders(orderQuery(q, tabOf(q.tab))),
    enabled: admin,
    flags: usePageFlags(),
    preserveSelection: true,
  });
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const stop = useOrderMove((v: { id: number; reason: string }) => stopOrder(v.id, v.reason));

  if (!admin) return <ForbiddenPage />;

  const actions = (o: OrderVO) => (
    <Space size={0} wrap>
      <OrderDetailLink id={o.id} />
      <Button type="link" size="small" onClick={() => openPrintPage(ORDER_PATHS.printOrder, { orderId: o.id })}>
        打印
      </Button>
      {canStop(o.status) && (
        <ReasonButton
          ask={setReason}
          request={{ title: `终止订单 ${o.orderNo}`, label: '终止原因（将通知采购人）', okText: '终止' }}
          run={(r) => stop.mutateAsync({ id: o.id, reason: r })}
          done="订单已终止"
        >
          终止
        </ReasonButton>
      )}
    </Space>
  );

  return (
    <ListPage<OrderVO>
      list={list}
      title="全部订单"
      frame={OrderPageFrame}
      toolbar={<BatchPrintButton ids={list.selection.keys.map(Number)} />}
      onExport={() => exportOrderList('admin', orderFilter(list.filter, tabOf(list.tab)), { total: list.total })}
      onExportBackground={() => exportOrderList('admin', orderFilter(list.filter, tabOf(list.tab)), { background: true })}
      exportTestId="export-orders"
      searchTestId="order-search"
      selectable
      columns={orderColumns({ amounts: true, actions })}
      table={orderTable({ records: list.records, amounts: true, selectable: true, actions: true })}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
