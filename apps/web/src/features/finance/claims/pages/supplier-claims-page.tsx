import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { InvoiceCard } from '../../invoices/index.ts';
import { confirmPaperInvoice, getSupplierClaim, getSupplierClaims, type SupplierClaimVO } from '../api/supplier-claims-api.ts';
import { CLAIM_STATUS_TAGS } from '../claim-status.ts';

const TABS = [
  { key: 'all', label: '全部' },
  { key: 'submitted', label: '审批中' },
  { key: 'finance_review', label: '财务审核中' },
  { key: 'completed', label: '已完成' },
  { key: 'draft', label: '已退回' },
] as const;
const FIELDS: ListField[] = [{ kind: 'text', name: 'claimNo', label: '报销单号', placeholder: '报销单号', width: 220 }];
const QUERY_KEY = ['claims', 'supplier'];

/** 纸质发票: whether the institute wants paper, and whether this supplier has promised it. */
function PaperCell({ r }: { r: SupplierClaimVO }) {
  if (r.paperConfirmed) return <Tag color="success">已确认寄送</Tag>;
  return r.paperRequired ? <Tag color="warning">需纸质发票</Tag> : <Typography.Text type="secondary">无需</Typography.Text>;
}

/**
 * 报销单 of a supplier: the institutes' claims that hold its sub-orders — only its own part (amount,
 * sub-orders, invoices) — so it can follow where its money stands, and promise paper invoices where
 * the institute's finance wants them (确认提供纸质发票, told to the claimant).
 */
export function SupplierClaimsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<SupplierClaimVO>({ queryKey: QUERY_KEY, fields: FIELDS, tabs: TABS, request: getSupplierClaims, flags: usePageFlags(entry) });
  const [viewing, setViewing] = useState<number | null>(null);
  const detail = useQuery({ queryKey: [...QUERY_KEY, 'detail', viewing], queryFn: () => getSupplierClaim(viewing as number), enabled: viewing !== null });

  const confirmPaper = (r: SupplierClaimVO) =>
    feedback.modal().confirm({
      title: `确认为报销单 ${r.claimNo} 提供纸质发票？`,
      content: '确认后，本公司在该报销单中的发票都将标记为“寄送纸质发票”，并通知报销人查收。',
      okText: '确认提供',
      cancelText: '取消',
      onOk: async () => {
        const { confirmed } = await confirmPaperInvoice(r.id);
        feedback.success(`已确认 ${confirmed} 张发票提供纸质件`);
        await client.invalidateQueries({ queryKey: QUERY_KEY });
      },
    });

  const d = detail.data;
  return (
    <ListPage<SupplierClaimVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-claim-search"
      emptyText="暂无含本公司订单的报销单"
      table={{ scroll: { x: 1300 }, size: 'middle' }}
      columns={[
        { title: '报销单号', dataIndex: 'claimNo', width: 190, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
        { title: '研究所', dataIndex: 'instituteName', width: 180 },
        { title: '报销人', dataIndex: 'buyerName', width: 100 },
        { title: '本公司金额（元）', key: 'amount', width: 130, render: (_: unknown, r) => <MoneyCell fen={r.amount} strong /> },
        { title: '子订单', dataIndex: 'subCount', width: 80 },
        { title: '状态', key: 'status', width: 140, render: (_: unknown, r) => <StatusTag value={r.status} table={CLAIM_STATUS_TAGS} text={r.statusText} /> },
        { title: '纸质发票', key: 'paper', width: 150, render: (_: unknown, r) => <PaperCell r={r} /> },
        { title: '提交时间', key: 'at', width: 160, render: (_: unknown, r) => (r.submittedAt ? shanghaiTime(r.submittedAt) : '—') },
        {
          title: '操作',
          key: 'actions',
          width: 190,
          fixed: 'right' as const,
          render: (_: unknown, r) => (
            <Flex gap={4}>
              <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                详情
              </Button>
              <Can flag="modify">
                {!r.paperConfirmed && r.status !== 'cancelled' && (
                  <Button type="link" size="small" onClick={() => confirmPaper(r)} data-testid="claim-paper-confirm">
                    确认提供纸质发票
                  </Button>
                )}
              </Can>
            </Flex>
          ),
        },
      ]}
    >
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} width={780} title={d ? `报销单 ${d.claimNo}` : '报销单'} destroyOnHidden>
        {detail.isLoading || !d ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={16}>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="研究所">{d.instituteName}</Descriptions.Item>
              <Descriptions.Item label="报销人">{d.buyerName}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <StatusTag value={d.status} table={CLAIM_STATUS_TAGS} text={d.statusText} />
              </Descriptions.Item>
              <Descriptions.Item label="本公司金额">
                <MoneyCell fen={d.amount} strong />
              </Descriptions.Item>
              <Descriptions.Item label="纸质发票">
                <PaperCell r={d} />
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{d.submittedAt ? shanghaiTime(d.submittedAt) : '—'}</Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.subOrders}
              columns={[
                { title: '子订单号', dataIndex: 'subNo' },
                { title: '订单号', dataIndex: 'orderNo' },
                { title: '金额（元）', key: 'amount', render: (_: unknown, s) => <MoneyCell fen={s.amount} /> },
              ]}
              expandable={{
                defaultExpandAllRows: true,
                expandedRowRender: (s) =>
                  s.invoices.length ? (
                    <Flex vertical gap={8}>
                      {s.invoices.map((inv) => (
                        <InvoiceCard key={inv.id} inv={inv} />
                      ))}
                    </Flex>
                  ) : (
                    <Empty description="该子订单没有发票" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  ),
              }}
            />
          </Flex>
        )}
      </Drawer>
    </ListPage>
  );
}
