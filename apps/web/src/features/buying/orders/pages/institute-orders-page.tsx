import type { OrderVO } from '@kc/contracts/buying/orders';
import { Button, Empty } from 'antd';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { ORDER_LISTS } from '../api/orders-api.ts';
import { BatchPrintButton } from '../components/batch-print-button.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { exportOrderList, OrderDetailLink, orderColumns, orderFields, orderFilter, orderQuery, orderTable } from '../order-list.tsx';
import { ORDER_PERM, orderRoles } from '../order-roles.ts';
import { ORDER_STATUS_TEXT, ORDER_TABS } from '../order-status.ts';

const FIELDS = orderFields(ORDER_STATUS_TEXT);
const tabOf = (key: string | undefined) => ORDER_TABS.find((t) => t.key === key);

/**
 * /cass/order/institute (本所订单): every order of the institute with amounts and states. Finance
 * staff read the finance list; an institute owner without the finance role reads the institute
 * list (all tabs), which has the same scope. Each exports under its own page's flag, as the server checks.
 */
export function InstituteOrdersPage() {
  const { data: info } = useUserAllInfo();
  const roles = orderRoles(info);
  const role = roles.finance ? 'finance' : roles.instituteOwner ? 'institute' : null;
  const list = useListPage<OrderVO>({
    queryKey: orderKeys.lists(role ?? 'finance'),
    fields: FIELDS,
    tabs: ORDER_TABS,
    request: (q) => ORDER_LISTS[role ?? 'finance'](orderQuery(q, tabOf(q.tab), 'all')),
    enabled: role !== null,
    flags: usePageFlags({ permCode: role === 'finance' ? ORDER_PERM.FINANCE : ORDER_PERM.APPROVE }),
    preserveSelection: true,
  });

  if (!role) {
    return (
      <OrderPageFrame title="本所订单">
        <Empty description="您没有财务或研究所负责人角色，无法查看本所订单" />
      </OrderPageFrame>
    );
  }

  const actions = (o: OrderVO) => (
    <>
      <OrderDetailLink id={o.id} />
      <Button type="link" size="small" onClick={() => openPrintPage(ORDER_PATHS.printOrder, { orderId: o.id })}>
        打印
      </Button>
    </>
  );

  return (
    <ListPage<OrderVO>
      list={list}
      title="本所订单"
      frame={OrderPageFrame}
      toolbar={<BatchPrintButton ids={list.selection.keys.map(Number)} />}
      onExport={() => exportOrderList(role, orderFilter(list.filter, tabOf(list.tab), 'all'), { total: list.total })}
      onExportBackground={() => exportOrderList(role, orderFilter(list.filter, tabOf(list.tab), 'all'), { background: true })}
      exportTestId="export-orders"
      searchTestId="order-search"
      selectable
      columns={orderColumns({ amounts: true, actions })}
      table={orderTable({ records: list.records, amounts: true, selectable: true, actions: true })}
    />
  );
}
