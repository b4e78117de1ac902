import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Flex, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { InvoiceCard } from '../../invoices/index.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { confirmPaperInvoice, getSupplierClaim, getSupplierClaims, type SupplierClaimVO } from '../api/supplier-claims-api.ts';
import { CLAIM_STATUS_TAGS } from '../claim-status.ts';
import { PaperCell, supplierClaimColumns } from '../components/supplier-claim-columns.tsx';

const TABS = [
  { key: 'all', label: '全部' },
  { key: 'submitted', label: '审批中' },
  { key: 'finance_review', label: '财务审核中' },
  { key: 'completed', label: '已完成' },
  { key: 'draft', label: '已退回' },
] as const;
const FIELDS: ListField[] = [{ kind: 'text', name: 'claimNo', label: '报销单号', placeholder: '报销单号', width: 220 }];

/**
 * 报销单 of a supplier: the institutes' claims that hold its sub-orders — only its own part (amount,
 * sub-orders, invoices) — so it can follow where its money stands, and promise paper invoices where
 * the institute's finance wants them (确认提供纸质发票, told to the claimant).
 */
export function SupplierClaimsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<SupplierClaimVO>({
    queryKey: claimKeys.supplier,
    fields: FIELDS,
    tabs: TABS,
    request: getSupplierClaims,
    flags: usePageFlags(entry),
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const detail = useQuery({ queryKey: claimKeys.supplierDetail(viewing), queryFn: () => getSupplierClaim(viewing as number), enabled: viewing !== null });

  const confirmPaper = (r: SupplierClaimVO) =>
    feedback.modal().confirm({
      title: `确认为报销单 ${r.claimNo} 提供纸质发票？`,
      content: '确认后，本公司在该报销单中的发票都将标记为“寄送纸质发票”，并通知报销人查收。',
      okText: '确认提供',
      cancelText: '取消',
      onOk: async () => {
        const { confirmed } = await confirmPaperInvoice(r.id);
        feedback.success(`已确认 ${confirmed} 张发票提供纸质件`);
        await client.invalidateQueries({ queryKey: claimKeys.supplier });
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
      columns={supplierClaimColumns({ confirmPaper, setViewing })}
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
