import { App, Button, Empty, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { checkerAccept, checkerReject } from '../api/orders-api.ts';
import { useOrderList, useOrderMove } from '../api/use-order-queries.ts';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { orderDetailPath } from '../order-paths.ts';
import { orderRoles } from '../order-roles.ts';
import { canAccept, ORDER_STATUS_TEXT } from '../order-status.ts';
import { useOrderListState } from '../use-order-list-state.ts';

const TABS = [
  { key: 'pending', label: '待验收', statuses: [] },
  { key: 'handled', label: '已处理', statuses: [] },
  { key: 'all', label: '全部', statuses: [] },
];

/** /cass/order/check (订单验收): orders of the institute with arrived sub-orders; accept, or reject with a reason. */
export function CheckOrdersPage() {
  const { modal, message } = App.useApp();
  const { data: info } = useUserAllInfo();
  const { checker } = orderRoles(info);
  const s = useOrderListState(TABS);
  const { data, isFetching } = useOrderList('checker', { ...s.query, tab: s.tabKey as 'pending' | 'handled' | 'all' }, checker);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const accept = useOrderMove(checkerAccept);
  const reject = useOrderMove((v: { subOrderId: number; reason: string }) => checkerReject(v.subOrderId, v.reason));

  if (!checker) {
    return (
      <OrderPageFrame title="订单验收">
        <Empty description="您没有验收人角色，暂无需要验收的订单" />
      </OrderPageFrame>
    );
  }

  return (
    <OrderPageFrame title="订单验收">
      <OrderSearchForm statusOptions={ORDER_STATUS_TEXT} onSearch={s.setSearch} />
      <Tabs activeKey={s.tabKey} onChange={s.setTab} items={TABS.map((t) => ({ key: t.key, label: t.label }))} />
      <OrderTable
        data={data}
        loading={isFetching}
        current={s.page.current}
        size={s.page.size}
        onPage={s.setPage}
        expandAll
        actions={(o) => (
          <Link to={orderDetailPath(o.id)}>
            <Button type="link" size="small">
              详情
            </Button>
          </Link>
        )}
        subActions={(sub) =>
          canAccept(sub.status) && (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: '验收通过',
                    content: `确认子订单 ${sub.subNo}（${sub.supplierName}）的货物验收合格？`,
                    okText: '验收通过',
                    cancelText: '取消',
                    onOk: async () => {
                      try {
                        await accept.mutateAsync(sub.id);
                        message.success('验收通过');
                      } catch {
                        // shown by the error catalogue; the list is refreshed
                      }
                    },
                  })
                }
              >
                验收通过
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  setReason({
                    title: `验收不通过 ${sub.subNo}`,
                    label: '不通过原因',
                    okText: '提交',
                    onSubmit: async (r) => {
                      await reject.mutateAsync({ subOrderId: sub.id, reason: r });
                      message.success('已退回');
                    },
                  })
                }
              >
                验收不通过
              </Button>
            </Space>
          )
        }
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </OrderPageFrame>
  );
}
