import { Button, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { useOrderList } from '../api/use-order-queries.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ORDER_PATHS, openPrintPage, orderDetailPath } from '../order-paths.ts';
import { mayExport, ORDER_PERM, orderRoles } from '../order-roles.ts';
import { ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';
import { useOrderListState } from '../use-order-list-state.ts';

/**
 * /cass/order/institute (本所订单): every order of the institute with amounts and states. Finance
 * staff read the finance list; an institute owner without the finance role reads the institute
 * list (all tabs), which has the same scope.
 */
export function InstituteOrdersPage() {
  const { data: info } = useUserAllInfo();
  const roles = orderRoles(info);
  const role = roles.finance ? 'finance' : roles.instituteOwner ? 'institute' : null;
  const s = useOrderListState(ORDER_TABS);
  const [selected, setSelected] = useState<number[]>([]);
  const { data, isFetching } = useOrderList(role ?? 'finance', { ...s.query, tab: 'all' }, role !== null);

  if (!role) {
    return (
      <OrderPageFrame title="本所订单">
        <Empty description="您没有财务或研究所负责人角色，无法查看本所订单" />
      </OrderPageFrame>
    );
  }
  const canExport = role === 'finance' ? mayExport(info, ORDER_PERM.FINANCE) : mayExport(info, ORDER_PERM.APPROVE);

  return (
    <OrderPageFrame
      title="本所订单"
      extra={
        <>
          <BatchPrintButton ids={selected} />
          {canExport && <ExportButton list={role} filter={{ ...s.filter, tab: 'all' }} />}
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
          <>
            <Link to={orderDetailPath(o.id)}>
              <Button type="link" size="small">
                详情
              </Button>
            </Link>
            <Button type="link" size="small" onClick={() => openPrintPage(ORDER_PATHS.printOrder, { orderId: o.id })}>
              打印
            </Button>
          </>
        )}
      />
    </OrderPageFrame>
  );
}
