import { App, Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { applyRefund, cancelOrder, confirmArrival } from '../api/orders-api.ts';
import { useOrderList, useOrderMove } from '../api/use-order-queries.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { ORDER_PATHS, openPrintPage, orderDetailPath } from '../order-paths.ts';
import { mayExport, ORDER_PERM } from '../order-roles.ts';
import { canArrive, canCancel, canRefund, ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';
import { useOrderListState } from '../use-order-list-state.ts';

/** /cass/order/myOrder (我的订单): the buyer's orders (and those an assistant placed for them) by state; cancel, arrival, refund. */
export function MyOrdersPage() {
  const [params] = useSearchParams();
  const { modal, message } = App.useApp();
  const { data: info } = useUserAllInfo();
  const s = useOrderListState(ORDER_TABS);
  const [selected, setSelected] = useState<number[]>([]);
  const { data, isFetching } = useOrderList('buyer', s.query);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const cancel = useOrderMove((v: { id: number; reason?: string }) => cancelOrder(v.id, v.reason));
  const arrive = useOrderMove(confirmArrival);
  const refund = useOrderMove((v: { subOrderId: number; reason: string }) => applyRefund(v.subOrderId, v.reason));

  // messages link to an order of this list: open its detail
  const orderId = Number(params.get('orderId'));
  if (orderId > 0) return <Navigate to={orderDetailPath(orderId)} replace />;

  return (
    <OrderPageFrame
      title="我的订单"
      extra={
        <>
          <BatchPrintButton ids={selected} />
          {mayExport(info, ORDER_PERM.BUY) && <ExportButton list="buyer" filter={s.filter} />}
        </>
      }
    >
      <OrderSearchForm statusOptions={ORDER_STATUS_TEXT} onSearch={s.setSearch} />
      <Tabs activeKey={s.tabKey} onChange={s.setTab} items={ORDER_TABS.map((t) => ({ key: t.key, label: t.label }))} />
      <OrderTable
        data={data}
        loading={isFetching}
        current={s.page.current}
        size={s.page.size}
        onPage={s.setPage}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        expandAll
        actions={(o) => (
          <Space size={0} wrap>
            <Link to={orderDetailPath(o.id)}>
              <Button type="link" size="small">
                详情
              </Button>
            </Link>
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
        )}
        subActions={(sub) => (
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
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  setReason({
                    title: `申请退款 ${sub.subNo}`,
                    label: '退款原因',
                    okText: '提交申请',
                    onSubmit: async (r) => {
                      await refund.mutateAsync({ subOrderId: sub.id, reason: r });
                      message.success('已提交退款申请');
                    },
                  })
                }
              >
                申请退款
              </Button>
            )}
          </Space>
        )}
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </OrderPageFrame>
  );
}
