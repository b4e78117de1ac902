import { App, Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { ForbiddenPage } from '../../exception/pages/forbidden-page.tsx';
import { stopOrder } from '../api/orders-api.ts';
import { useOrderList, useOrderMove } from '../api/use-order-queries.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { ORDER_PATHS, openPrintPage, orderDetailPath } from '../order-paths.ts';
import { orderRoles } from '../order-roles.ts';
import { canStop, ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';
import { useOrderListState } from '../use-order-list-state.ts';

/** /cass/system/orders (全部订单): every order on the platform; the platform admin stops an order with a reason. */
export function AllOrdersPage() {
  const { message } = App.useApp();
  const { data: info } = useUserAllInfo();
  const { admin } = orderRoles(info);
  const s = useOrderListState(ORDER_TABS);
  const [selected, setSelected] = useState<number[]>([]);
  const { data, isFetching } = useOrderList('admin', s.query, admin);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const stop = useOrderMove((v: { id: number; reason: string }) => stopOrder(v.id, v.reason));

  if (!admin) return <ForbiddenPage />;

  return (
    <OrderPageFrame
      title="全部订单"
      extra={
        <>
          <BatchPrintButton ids={selected} />
          <ExportButton list="admin" filter={s.filter} />
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
        amounts
        actions={(o) => (
          <Space size={0} wrap>
            <Link to={orderDetailPath(o.id)}>
              <Button type="link" size="small">
                详情
              </Button>
            </Link>
            <Button type="link" size="small" onClick={() => openPrintPage(ORDER_PATHS.printOrder, { orderId: o.id })}>
              打印
            </Button>
            {canStop(o.status) && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  setReason({
                    title: `终止订单 ${o.orderNo}`,
                    label: '终止原因（将通知采购人）',
                    okText: '终止',
                    onSubmit: async (r) => {
                      await stop.mutateAsync({ id: o.id, reason: r });
                      message.success('订单已终止');
                    },
                  })
                }
              >
                终止
              </Button>
            )}
          </Space>
        )}
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </OrderPageFrame>
  );
}
