import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, List, Table, Tag, Timeline, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { claimPdf, getClaimDetail } from '../api/claims-api.ts';
import { MATCH_TAGS } from '../claim-status.ts';

/** A claim's detail: sub-orders with their lines and invoices, attachments, the approval record, and its PDF. */
export function ClaimDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: claimKeys.detail(id), queryFn: () => getClaimDetail(id as number), enabled: id !== null });
  const c = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={c ? `报销单 ${c.claimNo}` : '报销单'} data-testid="claim-detail">
      {c && (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="状态">
              <Tag color="processing">{c.statusText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="金额">
              <MoneyCell fen={c.amount} strong />
            </Descriptions.Item>
            <Descriptions.Item label="报销人">{c.buyerName}</Descriptions.Item>
            <Descriptions.Item label="课题组">{c.teamName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{c.submittedAt ? shanghaiTime(c.submittedAt) : '—'}</Descriptions.Item>
            <Descriptions.Item label="合并报销单">{c.mergeNo ?? '—'}</Descriptions.Item>
            {c.lastReason && (
              <Descriptions.Item label="退回原因" span={2}>
                <Typography.Text type="danger">{c.lastReason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table
            size="small"
            rowKey="subOrderId"
            pagination={false}
            dataSource={c.subOrders}
            columns={[
              { title: '订单号', dataIndex: 'orderNo', width: 170 },
              { title: '供应商', dataIndex: 'supplierName', ellipsis: true },
              { title: '商品', key: 'lines', render: (_, s) => s.lines.map((l) => l.name).join('、') },
              { title: '发票号', key: 'inv', width: 190, render: (_, s) => s.invoices.map((v) => <div key={v.id}>{v.number}</div>) },
              { title: '匹配', key: 'm', width: 80, render: (_, s) => <StatusTag value={s.matchState} table={MATCH_TAGS} /> },
              { title: '金额', key: 'a', width: 110, align: 'right', render: (_, s) => <MoneyCell fen={s.amount} /> },
            ]}
          />
          {c.files.length > 0 && (
            <List
              size="small"
              header="附件"
              dataSource={c.files}
              renderItem={(f) => (
                <List.Item>
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                </List.Item>
              )}
            />
          )}
          <Typography.Title level={5}>审批记录</Typography.Title>
          <Timeline
            items={c.logs.map((l) => ({
              children: (
                <span>
                  {shanghaiTime(l.createdAt)} {l.actorText} {l.actorName ?? ''} {l.actionText}
                  {l.reason ? `：${l.reason}` : ''}
                </span>
              ),
            }))}
          />
          <Button onClick={() => void openPdfInNewTab(() => claimPdf(c.id)).catch(() => undefined)} data-testid="claim-pdf">
            报销单 PDF
          </Button>
        </Flex>
      )}
    </Drawer>
  );
}
