import { App, Button, Empty, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import type { BatchResult, OrderVO } from '../api/order-types.ts';
import { institutePass, instituteRefuse, teamPass, teamRefuse } from '../api/orders-api.ts';
import { useOrderList, useOrderMove } from '../api/use-order-queries.ts';
import { showBatchResults } from '../components/batch-results.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { orderDetailPath } from '../order-paths.ts';
import { mayExport, ORDER_PERM, orderRoles } from '../order-roles.ts';
import { ORDER_STATUS_TEXT } from '../order-status.ts';
import { useOrderListState } from '../use-order-list-state.ts';

type Step = 'team' | 'institute';

interface ApproveTab {
  key: string;
  label: string;
  role: Step;
  tab: 'pending' | 'handled';
}

const DECIDE: Record<Step, { pass: (ids: number[]) => Promise<BatchResult[]>; refuse: (ids: number[], reason: string) => Promise<BatchResult[]> }> = {
  team: { pass: teamPass, refuse: teamRefuse },
  institute: { pass: institutePass, refuse: instituteRefuse },
};

/**
 * /cass/order/approve (订单审批): the orders awaiting my approval as team leader and as institute,
 * and those I handled. Tabs follow the user's roles; pass or refuse (with a reason) one at a time
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
    // orders I decided are all in my institute: the institute list covers the team leader's too
    if (t.length) t.push({ key: 'handled', label: '已处理', role: roles.instituteOwner ? 'institute' : 'team', tab: 'handled' });
    return t;
  }, [roles.teamLeader, roles.instituteOwner]);

  const s = useOrderListState(tabs.map((t) => ({ key: t.key, label: t.label, statuses: [] })));
  const current = tabs.find((t) => t.key === s.tabKey) ?? tabs[0];
  const query = { ...s.query, tab: current?.tab ?? 'pending' };
  const { data, isFetching } = useOrderList(current?.role ?? 'team', query, !!current);
  const [selected, setSelected] = useState<number[]>([]);
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
  const noOf = (id: number) => data?.records.find((o) => o.id === id)?.orderNo ?? String(id);
  const afterBatch = (action: string, results: BatchResult[]) => {
    setSelected([]);
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
          setSelected([]);
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
          setSelected([]);
          throw e;
        }
      },
    });
  const chosen = (data?.records ?? []).filter((o) => selected.includes(o.id));

  return (
    <OrderPageFrame
      title="订单审批"
      extra={mayExport(info, ORDER_PERM.APPROVE) && <ExportButton list={current.role} filter={{ ...s.filter, tab: current.tab }} />}
    >
      <OrderSearchForm statusOptions={pending ? undefined : ORDER_STATUS_TEXT} onSearch={s.setSearch} />
      <Tabs
        activeKey={current.key}
        onChange={(k) => {
          setSelected([]);
          s.setTab(k);
        }}
        items={tabs.map((t) => ({ key: t.key, label: t.label }))}
      />
      {pending && (
        <Space>
          <Button type="primary" disabled={!chosen.length} onClick={() => askPass(chosen)} data-testid="batch-pass">
            批量通过
          </Button>
          <Button danger disabled={!chosen.length} onClick={() => askRefuse(chosen)} data-testid="batch-refuse">
            批量驳回
          </Button>
          <span style={{ color: '#888' }}>{chosen.length ? `已选 ${chosen.length} 个订单` : '勾选订单后可批量处理'}</span>
        </Space>
      )}
      <OrderTable
        data={data}
        loading={isFetching}
        current={s.page.current}
        size={s.page.size}
        onPage={s.setPage}
        rowSelection={pending ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        actions={(o) => (
          <Space size={0} wrap>
            <Link to={orderDetailPath(o.id)}>
              <Button type="link" size="small">
                详情
              </Button>
            </Link>
            {pending && o.status === (current.role === 'team' ? 'pending_team' : 'pending_institute') && (
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
        )}
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </OrderPageFrame>
  );
}
