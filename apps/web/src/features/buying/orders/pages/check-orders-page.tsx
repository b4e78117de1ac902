import type { OrderVO } from '@kc/contracts/buying/orders';
import { App, Button, Empty, Space } from 'antd';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { checkerAccept, checkerReject, getCheckerOrders } from '../api/orders-api.ts';
import { useOrderMove } from '../api/use-order-queries.ts';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { ReasonButton, ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { OrderDetailLink, orderColumns, orderFields, orderQuery, orderTable } from '../order-list.tsx';
import { ORDER_PERM, orderRoles } from '../order-roles.ts';
import { canAccept, ORDER_STATUS_TEXT } from '../order-status.ts';

const TABS = [
  { key: 'pending', label: '待验收', statuses: [] },
  { key: 'handled', label: '已处理', statuses: [] },
  { key: 'all', label: '全部', statuses: [] },
];
const FIELDS = orderFields(ORDER_STATUS_TEXT);

/** /cass/order/check (订单验收): orders of the institute with arrived sub-orders; accept, or reject with a reason. */
export function CheckOrdersPage() {
  const { modal, message } = App.useApp();
  const { data: info } = useUserAllInfo();
  const { checker } = orderRoles(info);
  const list = useListPage<OrderVO>({
    queryKey: orderKeys.lists('checker'),
    fields: FIELDS,
    tabs: TABS,
    request: (q) => getCheckerOrders(orderQuery(q, undefined, q.tab as 'pending' | 'handled' | 'all')),
    enabled: checker,
    flags: usePageFlags({ permCode: ORDER_PERM.CHECK }),
  });
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

  const actions = (o: OrderVO) => <OrderDetailLink id={o.id} />;

  return (
    <ListPage<OrderVO>
      list={list}
      title="订单验收"
      frame={OrderPageFrame}
      searchTestId="order-search"
      columns={orderColumns({ actions })}
      table={orderTable({
        records: list.records,
        expandAll: true,
        subActions: (sub) =>
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
              <ReasonButton
                ask={setReason}
                request={{ title: `验收不通过 ${sub.subNo}`, label: '不通过原因', okText: '提交' }}
                run={(r) => reject.mutateAsync({ subOrderId: sub.id, reason: r })}
                done="已退回"
              >
                验收不通过
              </ReasonButton>
            </Space>
          ),
      })}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
