import type { OrderVO } from '@kc/contracts/buying/orders';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ORDER_PATHS, openPrintPage, orderDetailPath } from '../../../../lib/order-paths.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { applyRefund, cancelOrder, confirmArrival, getBuyerOrders } from '../api/orders-api.ts';
import { useOrderMove } from '../api/use-order-queries.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { ReasonButton, ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { exportOrderList, OrderDetailLink, orderColumns, orderFields, orderFilter, orderQuery, orderTable } from '../order-list.tsx';
import { ORDER_PERM } from '../order-roles.ts';
import { canArrive, canCancel, canRefund, ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';

const FIELDS = orderFields(ORDER_STATUS_TEXT);
const tabOf = (key: string | undefined) => ORDER_TABS.find((t) => t.key === key);

/** /cass/order/myOrder (我的订单): the buyer's orders (and those an assistant placed for them) by state; cancel, arrival, refund. */
export function MyOrdersPage() {
  const [params] = useSearchParams();
  const { modal, message } = App.useApp();
  const list = useListPage<OrderVO>({
    queryKey: orderKeys.lists('buyer'),
    fields: FIELDS,
    tabs: ORDER_TABS,
    request: (q) => getBuyerOrders(orderQuery(q, tabOf(q.tab))),
    flags: usePageFlags({ permCode: ORDER_PERM.BUY }),
    preserveSelection: true,
  });
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const cancel = useOrderMove((v: { id: number; reason?: string }) => cancelOrder(v.id, v.reason));
  const arrive = useOrderMove(confirmArrival);
  const refund = useOrderMove((v: { subOrderId: number; reason: string }) => applyRefund(v.subOrderId, v.reason));

  // messages link to an order of this list: open its detail
  const orderId = Number(params.get('orderId'));
  if (orderId > 0) return <Navigate to={orderDetailPath(orderId)} replace />;

  const actions = (o: OrderVO) => (
    <Space size={0} wrap>
      <OrderDetailLink id={o.id} />
      {canCancel(o.status) && (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            setReason({
              title: `取消订单 ${o.orderNo}`,
              label: '取消原因（选填）',
              okText: '取消订单',
              optional: true,
              onSubmit: async (r) => {
                await cancel.mutateAsync({ id: o.id, reason: r || undefined });
                message.success('订单已取消');
              },
            })
          }
        >
          取消
        </Button>
      )}
      <Button type="link" size="small" onClick={() => openPrintPage(ORDER_PATHS.printBuyOrder, { orderId: o.id })}>
        打印
      </Button>
    </Space>
  );

  return (
    <ListPage<OrderVO>
      list={list}
      title="我的订单"
      frame={OrderPageFrame}
      toolbar={<BatchPrintButton ids={list.selection.keys.map(Number)} />}
      onExport={() => exportOrderList('buyer', orderFilter(list.filter, tabOf(list.tab)), { total: list.total })}
      onExportBackground={() => exportOrderList('buyer', orderFilter(list.filter, tabOf(list.tab)), { background: true })}
      exportTestId="export-orders"
      searchTestId="order-search"
      selectable
      columns={orderColumns({ actions })}
      table={orderTable({
        records: list.records,
        expandAll: true,
        subActions: (sub) => (
          <Space size={0}>
            {canArrive(sub.status) && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: '确认到货',
                    content: `确认子订单 ${sub.subNo}（${sub.supplierName}）的货物已全部送达？`,
                    okText: '确认到货',
                    cancelText: '取消',
                    onOk: async () => {
                      try {
                        await arrive.mutateAsync(sub.id);
                        message.success('已确认到货');
                      } catch {
                        // shown by the error catalogue; the list is refreshed
                      }
                    },
                  })
                }
              >
                确认到货
              </Button>
            )}
            {canRefund(sub.status) && (
              <ReasonButton
                ask={setReason}
                request={{ title: `申请退款 ${sub.subNo}`, label: '退款原因', okText: '提交申请' }}
                run={(r) => refund.mutateAsync({ subOrderId: sub.id, reason: r })}
                done="已提交退款申请"
              >
                申请退款
              </ReasonButton>
            )}
          </Space>
        ),
      })}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
