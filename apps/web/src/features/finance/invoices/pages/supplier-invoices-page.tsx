import { PAY_STATUS_TEXT } from '@kc/contracts/finance/settlement';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';

import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { invoiceKeys } from '../api/invoice-query-keys.ts';
import { type BillableVO, deleteInvoice, getBillable, getUploaded, type InvoiceDetailVO } from '../api/invoices-api.ts';
import { InvoiceUploadModal } from '../components/invoice-upload-modal.tsx';
import { MatchBadge } from '../components/match-badge.tsx';
import { InvoiceStatusTag, SubOrderInvoicesDrawer } from '../components/sub-order-invoices-drawer.tsx';

type Row = BillableVO | InvoiceDetailVO;
const isSub = (r: Row): r is BillableVO => 'subOrderId' in r;

// 待开票 tabs filter the accepted sub-orders by their match; 已上传发票 lists the invoices themselves
const TABS = [
  { key: 'none', label: '未开票' },
  { key: 'partial', label: '部分开票' },
  { key: 'exception', label: '异常' },
  { key: 'billable', label: '全部已验收' },
  { key: 'uploaded', label: '已上传发票' },
] as const;
const FIELDS: ListField[] = [
  { kind: 'text', name: 'subNo', label: '子订单号', placeholder: '子订单号', width: 200 },
  { kind: 'text', name: 'number', label: '发票号码', placeholder: '已上传发票：号码', width: 200 },
];

/**
 * 发票管理 of a supplier: accepted sub-orders waiting for invoices (match badge, deadline and days
 * left), the upload dialog (file read into the form → confirm → billed to the chosen sub-orders),
 * the invoices uploaded with their status, deletion of a wrong one and the red invoice reversing
 * one already claimed.
 */
export function SupplierInvoicesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<Row>({
    queryKey: invoiceKeys.supplier,
    fields: FIELDS,
    tabs: TABS,
    defaultTab: 'none',
    request: (q) => (q.tab === 'uploaded' ? getUploaded(q) : getBillable(q)) as Promise<{ records: Row[]; total: number; current: number; size: number }>,
    flags: usePageFlags(entry),
    rowKey: (r) => (isSub(r) ? `s${r.subOrderId}` : `i${r.id}`),
  });
  const uploaded = list.tab === 'uploaded';
  const [uploading, setUploading] = useState<BillableVO[] | null>(null);
  const [red, setRed] = useState<InvoiceDetailVO | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: invoiceKeys.all });
  const chosen = list.selection.rows.filter(isSub);

  const uploadFor = (rows: BillableVO[]) => {
    if (new Set(rows.map((r) => r.instituteId)).size > 1) {
      feedback.warning('一张发票只能开给一个研究所，请选择同一研究所的子订单');
      return;
    }
    setUploading(rows);
  };
  const remove = (inv: InvoiceDetailVO) =>
    feedback.modal().confirm({
      title: `删除发票 ${inv.number}？`,
      content: '删除后所开子订单回到未开票或部分开票，可重新上传正确的发票。已报销的发票不能删除，只能红冲。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteInvoice(inv.id);
        feedback.success('发票已删除');
        await refresh();
      },
    });

  const subColumns = [
    {
      title: '子订单号',
      key: 'subNo',
      width: 200,
      render: (_: unknown, r: Row) =>
        isSub(r) && (
          <Flex vertical>
            <Typography.Text strong>{r.subNo}</Typography.Text>
            <Typography.Text type="secondary">{r.lines.map((l) => l.name).join('、')}</Typography.Text>
          </Flex>
        ),
    },
    { title: '研究所', key: 'inst', width: 180, render: (_: unknown, r: Row) => isSub(r) && r.instituteName },
    {
      title: '发票抬头 / 税号',
      key: 'buyer',
      width: 220,
      render: (_: unknown, r: Row) =>
        isSub(r) && (
          <Flex vertical>
            <span>{r.buyerTitle ?? '（研究所未设置）'}</span>
            <Typography.Text type="secondary" copyable={r.buyerTaxId ? { text: r.buyerTaxId } : false}>
              {r.buyerTaxId ?? ''}
            </Typography.Text>
          </Flex>
        ),
    },
    { title: '金额', key: 'amount', width: 110, render: (_: unknown, r: Row) => isSub(r) && <MoneyCell fen={r.totalAmount} /> },
    {
      title: '三单匹配',
      key: 'match',
      width: 110,
      render: (_: unknown, r: Row) => isSub(r) && <MatchBadge match={r.match} onClick={() => setViewing(r.subOrderId)} />,
    },
    {
      title: '开票期限',
      key: 'deadline',
      width: 150,
      render: (_: unknown, r: Row) =>
        isSub(r) &&
        r.deadline && (
          <Flex vertical>
            <span>{r.deadline}</span>
            {r.match.state !== 'matched' && r.daysLeft !== null && (
              <Typography.Text type={r.daysLeft < 0 ? 'danger' : r.daysLeft <= 3 ? 'warning' : 'secondary'} data-testid="invoice-days-left">
                {r.daysLeft < 0 ? `已逾期 ${-r.daysLeft} 天` : `剩 ${r.daysLeft} 天`}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right' as const,
      render: (_: unknown, r: Row) =>
        isSub(r) && (
          <Flex gap={4}>
            <Can flag="add">
              {r.match.state !== 'matched' && (
                <Button type="link" size="small" onClick={() => uploadFor([r])} data-testid="invoice-upload">
                  上传发票
                </Button>
              )}
            </Can>
            <Button type="link" size="small" onClick={() => setViewing(r.subOrderId)}>
              查看发票
            </Button>
          </Flex>
        ),
    },
  ];
  const invoiceColumns = [
    {
      title: '发票',
      key: 'number',
      width: 250,
      render: (_: unknown, r: Row) =>
        !isSub(r) && (
          <Flex vertical>
            <Typography.Text strong copyable={{ text: r.number }}>
              {r.code ? `${r.code}-` : ''}
              {r.number}
            </Typography.Text>
            <Typography.Text type="secondary">
              {r.kindText} · {r.issueDate}
            </Typography.Text>
          </Flex>
        ),
    },
    { title: '购买方', key: 'buyer', width: 200, render: (_: unknown, r: Row) => !isSub(r) && r.buyerName },
    { title: '价税合计', key: 'total', width: 120, render: (_: unknown, r: Row) => !isSub(r) && <MoneyCell fen={r.totalAmount} strong /> },
    { title: '所开子订单', key: 'subs', width: 200, render: (_: unknown, r: Row) => !isSub(r) && r.subNos.join('、') },
    {
      title: '状态',
      key: 'status',
      width: 200,
      render: (_: unknown, r: Row) =>
        !isSub(r) && (
          <Flex vertical gap={2}>
            <InvoiceStatusTag inv={r} />
            {r.exception && !r.exceptionAccepted && <Typography.Text type="danger">{r.exception}</Typography.Text>}
            {r.exceptionAccepted && <Typography.Text type="secondary">财务已接受：{r.exceptionAccepted.reason}</Typography.Text>}
            {r.payStatus && <Typography.Text type="secondary">付款：{PAY_STATUS_TEXT[r.payStatus]}</Typography.Text>}
          </Flex>
        ),
    },
    { title: '上传时间', key: 'at', width: 160, render: (_: unknown, r: Row) => !isSub(r) && shanghaiTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right' as const,
      render: (_: unknown, r: Row) =>
        !isSub(r) && (
          <Flex gap={4}>
            {r.fileUrl && (
              <Button type="link" size="small" href={r.fileUrl} target="_blank" rel="noreferrer">
                文件
              </Button>
            )}
            <Can flag="add">
              {!r.blueNumber && r.status !== 'red_flushed' && r.status !== 'void' && (
                <Button type="link" size="small" onClick={() => setRed(r)} data-testid="invoice-red">
                  红冲
                </Button>
              )}
            </Can>
            <Can flag="delete">
              {(r.status === 'uploaded' || r.status === 'matched' || r.status === 'exception') && !r.blueNumber && (
                <Button type="link" size="small" danger onClick={() => remove(r)}>
                  删除
                </Button>
              )}
            </Can>
          </Flex>
        ),
    },
  ];

  return (
    <ListPage<Row>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-invoice-search"
      selectable={uploaded ? false : { getCheckboxProps: (r: Row) => ({ disabled: !isSub(r) || r.match.state === 'matched' }) }}
      batchBar={
        !uploaded && (
          <Can flag="add">
            <Button disabled={chosen.length === 0} onClick={() => uploadFor(chosen)} data-testid="invoice-upload-batch">
              {chosen.length ? `为所选 ${chosen.length} 个子订单开一张发票` : '勾选同一研究所的子订单，合开一张发票'}
            </Button>
          </Can>
        )
      }
      emptyText={uploaded ? '暂无上传的发票' : '暂无待开票的子订单'}
      table={{ scroll: { x: 1150 }, size: 'middle' }}
      columns={uploaded ? invoiceColumns : subColumns}
    >
      <InvoiceUploadModal
        open={uploading !== null || red !== null}
        subs={uploading ?? []}
        red={red}
        onClose={() => {
          setUploading(null);
          setRed(null);
        }}
        onDone={() => {
          setUploading(null);
          setRed(null);
          list.selection.clear();
          void refresh();
        }}
      />
      <SubOrderInvoicesDrawer subOrderId={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
