import { App, Button, Dropdown, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SubOrderInvoicesSlot } from '../../../../components/feature-slots.tsx';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { printDeliverOrderPdf } from '../api/documents-api.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { confirmRefund, confirmSubOrder, getSupplierOrders, refuseSubOrder, type SupplierSubOrder } from '../api/supplier-orders-api.ts';
import { useSupplierMove } from '../api/use-supplier-order-queries.ts';
import { DeliverModal } from '../components/deliver-modal.tsx';
import { FlagsModal } from '../components/flags-modal.tsx';
import { OrderLinesTable } from '../components/order-lines-table.tsx';
import { OrderLogDrawer } from '../components/order-log-drawer.tsx';
import { OrderPageFrame } from '../components/order-page-frame.tsx';
import { ReasonButton, ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { exportOrderList, orderFields, orderFilter, orderQuery } from '../order-list.tsx';
import { ORDER_PERM } from '../order-roles.ts';
import { canDeliver, canRefundConfirm, canSupplierConfirm, SUB_STATUS_TAGS, SUB_STATUS_TEXT, SUPPLIER_TABS } from '../order-status.ts';

const { waiting: _waiting, ...SUPPLIER_STATUS } = SUB_STATUS_TEXT;
const FIELDS = orderFields(SUPPLIER_STATUS, '子订单号');
const tabOf = (key: string | undefined) => SUPPLIER_TABS.find((t) => t.key === key);

/**
 * /cassSupplier/order (订单管理): the supplier's sub-orders by state. Confirm or refuse (with a
 * reason), deliver (express channel, tracking number, partial deliveries), agree to refunds, order
 * marks, the order log, and the delivery note (print page or PDF).
 */
export function SupplierOrdersPage() {
  const [params, setParams] = useSearchParams();
  const { modal, message } = App.useApp();
  // the delivery function grants shipping and the export (the supplier's named permission)
  const flags = usePageFlags({ permCode: ORDER_PERM.SUPPLIER_DELIVER });
  const list = useListPage<SupplierSubOrder>({
    queryKey: orderKeys.supplierLists,
    fields: FIELDS,
    tabs: SUPPLIER_TABS,
    request: (q) => getSupplierOrders(orderQuery(q, tabOf(q.tab))),
    flags,
  });
  // messages link here with ?subNo=: the 全部 tab searching for it
  const linked = params.get('subNo');
  useEffect(() => {
    if (linked) setParams({ tab: 'all', orderNo: linked }, { replace: true });
  }, [linked, setParams]);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [delivering, setDelivering] = useState<SupplierSubOrder | null>(null);
  const [flagging, setFlagging] = useState<SupplierSubOrder | null>(null);
  const [logOf, setLogOf] = useState<SupplierSubOrder | null>(null);
  const confirm = useSupplierMove(confirmSubOrder);
  const refuse = useSupplierMove((v: { id: number; reason: string }) => refuseSubOrder(v.id, v.reason));
  const refund = useSupplierMove(confirmRefund);

  const ask = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: '取消',
      onOk: async () => {
        try {
          await run();
          message.success(done);
        } catch {
          // shown by the error catalogue; the list is refreshed
        }
      },
    });

  const printParams = (r: SupplierSubOrder) => ({ subOrderId: r.id, subNo: r.subNo, ...(r.orderId ? { orderId: r.orderId } : {}) });

  const columns: TableColumnsType<SupplierSubOrder> = [
    {
      title: '子订单号',
      dataIndex: 'subNo',
      width: 210,
      render: (no: string, r) => (
        <div>
          <span data-testid="sub-no">{no}</span>
          <div style={{ fontSize: 12, color: '#888' }}>{shanghaiTime(r.createdAt)}</div>
          {r.flags.length > 0 && (
            <div>
              {r.flags.map((f) => (
                <Tag key={f} color="purple" style={{ marginTop: 4 }}>
                  {f}
                </Tag>
              ))}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '收货信息',
      key: 'receiver',
      render: (_, r) => (
        <div>
          {r.receiver.contact} {r.receiver.phone}
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: r.receiver.address }} style={{ margin: 0, fontSize: 12 }}>
            {r.receiver.address}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      title: '商品',
      key: 'lines',
      ellipsis: true,
      render: (_, r) => `${r.lines[0]?.name ?? ''}${r.lines.length > 1 ? ` 等 ${r.lines.length} 种` : ''}`,
    },
    { title: '金额', dataIndex: 'totalAmount', width: 120, align: 'right', render: (fen: number) => money(fen) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      render: (st: string, r) => (
        <Space direction="vertical" size={2}>
          <StatusTag value={st} table={SUB_STATUS_TAGS} text={r.statusText} testId="sub-status" />
          {/* accepted sub-orders: the invoice match (未开票 … 已匹配) and the invoices uploaded for it */}
          {r.status === 'completed' && <SubOrderInvoicesSlot subOrderId={r.id} />}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {canSupplierConfirm(r.status) && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  ask('确认接单', `确认接单 ${r.subNo}（${money(r.totalAmount)}）并安排发货？`, '确认接单', () => confirm.mutateAsync(r.id), '已确认接单')
                }
              >
                确认接单
              </Button>
              <ReasonButton
                ask={setReason}
                request={{ title: `拒绝接单 ${r.subNo}`, label: '拒单原因（将通知采购人）', okText: '拒单' }}
                run={(text) => refuse.mutateAsync({ id: r.id, reason: text })}
                done="已拒单"
              >
                拒单
              </ReasonButton>
            </>
          )}
          {canDeliver(r.status) && (
            <Can flag="modify">
              <Button type="link" size="small" onClick={() => setDelivering(r)}>
                发货
              </Button>
            </Can>
          )}
          {canRefundConfirm(r.status) && (
            <Button
              type="link"
              size="small"
              onClick={() => ask('同意退款', `同意子订单 ${r.subNo} 的退款申请？`, '同意退款', () => refund.mutateAsync(r.id), '已退款')}
            >
              同意退款
            </Button>
          )}
          <Dropdown
            menu={{
              items: [
                { key: 'flags', label: '订单标记' },
                { key: 'log', label: '订单日志', disabled: !r.orderId },
                { key: 'print', label: '打印订单' },
                { key: 'purchase', label: '打印采购订单' },
                { key: 'note', label: '送货单 PDF' },
              ],
              onClick: ({ key }) => {
                if (key === 'flags') setFlagging(r);
                if (key === 'log') setLogOf(r);
                if (key === 'print') openPrintPage(ORDER_PATHS.supplierPrintOrder, printParams(r));
                if (key === 'purchase') openPrintPage(ORDER_PATHS.supplierPrintPurchaseOrder, printParams(r));
                if (key === 'note') void openPdfInNewTab(() => printDeliverOrderPdf(r.id)).catch(() => undefined);
              },
            }}
          >
            <Button type="link" size="small">
              更多
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<SupplierSubOrder>
      list={list}
      title="订单管理"
      frame={OrderPageFrame}
      onExport={() => exportOrderList('supplier', orderFilter(list.filter, tabOf(list.tab)), { total: list.total })}
      onExportBackground={() => exportOrderList('supplier', orderFilter(list.filter, tabOf(list.tab)), { background: true })}
      exportTestId="export-orders"
      searchTestId="order-search"
      columns={columns}
      table={{
        scroll: { x: 1000 },
        onRow: (r) => ({ 'data-testid': 'supplier-order-row', 'data-sub-no': r.subNo, 'data-order-no': r.orderNo }) as React.HTMLAttributes<HTMLElement>,
        expandable: {
          expandedRowRender: (r) => (
            <div>
              <div style={{ marginBottom: 8 }}>
                所属订单：{r.orderNo}　商品 {money(r.goodsAmount)} + 运费 {money(r.deliveryFee)}
                {r.remark ? `　备注：${r.remark}` : ''}
              </div>
              <OrderLinesTable lines={r.lines} />
            </div>
          ),
        },
      }}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <DeliverModal sub={delivering} onClose={() => setDelivering(null)} />
      <FlagsModal sub={flagging} onClose={() => setFlagging(null)} />
      <OrderLogDrawer sub={logOf} onClose={() => setLogOf(null)} />
    </ListPage>
  );
}
