import type { BatchResult, OrderVO } from '@kc/contracts/buying/orders';
import { App, Button, Empty, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { allowedTabs } from '../../../../components/page-flags-rule.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { cardPass, cardRefuse, institutePass, instituteRefuse, ORDER_LISTS, teamPass, teamRefuse } from '../api/orders-api.ts';
import { useOrderMove } from '../api/use-order-queries.ts';
import { showBatchResults } from '../components/batch-results.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { exportOrderList, OrderDetailLink, orderColumns, orderFields, orderFilter, orderQuery, orderTable } from '../order-list.tsx';
import { ORDER_PERM, orderRoles } from '../order-roles.ts';
import { ORDER_STATUS_TEXT } from '../order-status.ts';

/** The state choice is offered on the handled tab only: what waits for me is all in one state. */
const PENDING_FIELDS = orderFields();
const HANDLED_FIELDS = orderFields(ORDER_STATUS_TEXT);

type Step = 'card' | 'team' | 'institute';

interface ApproveTab {
  key: string;
  label: string;
  role: Step;
  tab: 'pending' | 'handled';
}

const DECIDE: Record<Step, { pass: (ids: number[]) => Promise<BatchResult[]>; refuse: (ids: number[], reason: string) => Promise<BatchResult[]> }> = {
  card: { pass: cardPass, refuse: cardRefuse },
  team: { pass: teamPass, refuse: teamRefuse },
  institute: { pass: institutePass, refuse: instituteRefuse },
};

/**
 * /cass/order/approve (订单审批): the orders awaiting my approval as a grant card's PI (他人代付),
 * as team leader and as institute, and those I handled. Tabs follow the user's roles; pass or refuse (with a reason) one at a time
 * or in batch, each order's result shown.
 */
export function ApproveOrdersPage() {
  const { modal } = App.useApp();
  const { data: info } = useUserAllInfo();
  const roles = orderRoles(info);
  const tabs = useMemo<ApproveTab[]>(() => {
    const t: ApproveTab[] = [];
    if (roles.teamLeader) t.push({ key: 'team', label: '课题组长待审批', role: 'team', tab: 'pending' });
    if (roles.instituteOwner) t.push({ key: 'institute', label: '研究所待审批', role: 'institute', tab: 'pending' });
    // a PI's consent to 他人代付 is rarer than their daily approvals: after them (the dashboard tile links here)
    if (roles.cardHolder) t.push({ key: 'card', label: '他人代付待同意', role: 'card', tab: 'pending' });
    // orders I decided are all in my institute: the institute list covers the team leader's too
    if (t.length) t.push({ key: 'handled', label: '已处理', role: roles.instituteOwner ? 'institute' : 'team', tab: 'handled' });
    return t;
  }, [roles.cardHolder, roles.teamLeader, roles.instituteOwner]);

  const flags = usePageFlags({ permCode: ORDER_PERM.APPROVE });
  // the tab shown decides the fields: the one the address bar names if the user may see it, else the first
  const visible = allowedTabs(tabs, flags);
  const wanted = useSearchParams()[0].get('tab');
  const handled = (visible.find((t) => t.key === wanted) ?? visible[0])?.tab === 'handled';
  const tabOf = (key: string | undefined) => tabs.find((t) => t.key === key) ?? tabs[0];
  const list = useListPage<OrderVO>({
    queryKey: orderKeys.lists('approve'),
    fields: handled ? HANDLED_FIELDS : PENDING_FIELDS,
    tabs,
    request: (q) => {
      const t = tabOf(q.tab);
      return ORDER_LISTS[t?.role ?? 'team'](orderQuery(q, undefined, t?.tab ?? 'pending'));
    },
    enabled: tabs.length > 0,
    flags,
  });
  const current = tabOf(list.tab);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const pass = useOrderMove((v: { step: Step; ids: number[] }) => DECIDE[v.step].pass(v.ids));
  const refuse = useOrderMove((v: { step: Step; ids: number[]; reason: string }) => DECIDE[v.step].refuse(v.ids, v.reason));

  if (!current) {
    return (
      <OrderPageFrame title="订单审批">
        <Empty description="您没有课题组长或研究所审批角色，暂无需要审批的订单" />
      </OrderPageFrame>
    );
  }

  const pending = current.tab === 'pending';
  const exportable = current.role === 'card' ? null : current.role;
  const noOf = (id: number) => list.records.find((o) => o.id === id)?.orderNo ?? String(id);
  const afterBatch = (action: string, results: BatchResult[]) => {
    list.selection.clear();
    showBatchResults(action, results, noOf);
  };

  const askPass = (orders: OrderVO[]) =>
    modal.confirm({
      title: orders.length > 1 ? `批量通过 ${orders.length} 个订单` : '审批通过',
      content:
        orders.length > 1
          ? `确定通过所选的 ${orders.length} 个订单吗？`
          : `确定通过订单 ${orders[0].orderNo}（${orders[0].subOrders.map((x) => x.supplierName).join('、')}）吗？`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          afterBatch('审批通过', await pass.mutateAsync({ step: current.role, ids: orders.map((o) => o.id) }));
        } catch {
          list.selection.clear();
        }
      },
    });
  const askRefuse = (orders: OrderVO[]) =>
    setReason({
      title: orders.length > 1 ? `批量驳回 ${orders.length} 个订单` : `驳回订单 ${orders[0].orderNo}`,
      label: '驳回原因',
      okText: '驳回',
      onSubmit: async (r) => {
        try {
          afterBatch('审批驳回', await refuse.mutateAsync({ step: current.role, ids: orders.map((o) => o.id), reason: r }));
        } catch (e) {
          list.selection.clear();
          throw e;
        }
      },
    });
  const chosen = list.selection.rows;
  const actions = (o: OrderVO) => (
    <Space size={0} wrap>
      <OrderDetailLink id={o.id} />
      {pending && o.status === `pending_${current.role}` && (
        <>
          <Button type="link" size="small" onClick={() => askPass([o])}>
            通过
          </Button>
          <Button type="link" size="small" danger onClick={() => askRefuse([o])}>
            驳回
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <ListPage<OrderVO>
      list={list}
      title="订单审批"
      frame={OrderPageFrame}
      // the 他人代付 tab is a handful of orders on the PI's own cards: no export of its own
      onExport={exportable ? () => exportOrderList(exportable, orderFilter(list.filter, undefined, current.tab), { total: list.total }) : undefined}
      onExportBackground={exportable ? () => exportOrderList(exportable, orderFilter(list.filter, undefined, current.tab), { background: true }) : undefined}
      exportTestId="export-orders"
      searchTestId="order-search"
      selectable={pending}
      batchBar={
        pending && (
          <Space>
            <Button type="primary" disabled={!chosen.length} onClick={() => askPass(chosen)} data-testid="batch-pass">
              批量通过
            </Button>
            <Button danger disabled={!chosen.length} onClick={() => askRefuse(chosen)} data-testid="batch-refuse">
              批量驳回
            </Button>
            <span style={{ color: '#888' }}>{chosen.length ? `已选 ${chosen.length} 个订单` : '勾选订单后可批量处理'}</span>
          </Space>
        )
      }
      columns={orderColumns({ actions, budget: true })}
      table={orderTable({ records: list.records })}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </ListPage>
  );
}
