import { QrcodeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Input, Modal, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { ReasonModal, type ReasonRequest } from '../../../buying/orders/index.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { claimPdf, finance, getMerges, type MergeVO } from '../api/claims-api.ts';
import { MERGE_STATUS_TAGS } from '../claim-status.ts';

const STATUS = [
  { value: 'review', label: '待完成' },
  { value: 'completed', label: '已完成' },
  { value: 'returned', label: '已退回' },
  { value: 'all', label: '全部' },
];

/**
 * 合并报销单 at the finance desk: scan (or type) the QR code on a printed merged claim to bring it
 * up, complete it, send it back for papers, print it or show its QR code.
 */
export function MergedClaimsCard() {
  const client = useQueryClient();
  const [status, setStatus] = useState('review');
  const [qrcode, setQrcode] = useState('');
  const {
    query: q,
    restart,
    pagination,
  } = usePagedQuery({
    queryKey: claimKeys.merged(status, qrcode),
    queryFn: (page) => getMerges({ ...page, tab: status === 'all' ? undefined : status, ...(qrcode ? { qrcode } : {}) }),
    showTotal: (n) => `共 ${n} 条`,
  });
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [qr, setQr] = useState<{ mergeNo: string; image: string; token: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: claimKeys.all });

  const complete = (m: MergeVO) =>
    feedback.modal().confirm({
      title: `合并报销单 ${m.mergeNo} 报销完成？`,
      content: `共 ${m.claimCount} 张报销单，¥${(m.amount / 100).toFixed(2)}。完成后各报销人会收到通知。`,
      okText: '报销完成',
      cancelText: '取消',
      onOk: async () => {
        await finance.complete(m.id);
        feedback.success('报销已完成');
        await refresh();
      },
    });
  const sendBack = (m: MergeVO) =>
    setReason({
      title: `退回补充材料：${m.mergeNo}`,
      label: '需要补充的材料（报销人可见）',
      okText: '退回',
      onSubmit: async (r) => {
        await finance.noComplete(m.id, r);
        feedback.success('已退回补充材料');
        await refresh();
      },
    });

  return (
    <Card
      title="合并报销单"
      size="small"
      style={{ marginTop: 16 }}
      data-testid="merged-claims"
      extra={
        <Input.Search
          allowClear
          placeholder="扫描或粘贴合并报销单二维码"
          style={{ width: 320 }}
          enterButton={<QrcodeOutlined />}
          onSearch={(v) => {
            setQrcode(v.trim());
            restart();
          }}
          data-testid="merge-scan"
        />
      }
    >
      <Segmented options={STATUS} value={status} onChange={(v) => setStatus(String(v))} style={{ marginBottom: 12 }} />
      <Table<MergeVO>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={pagination}
        columns={[
          { title: '合并单号', dataIndex: 'mergeNo', width: 180 },
          { title: '报销单数', dataIndex: 'claimCount', width: 90 },
          { title: '金额（元）', key: 'amount', width: 120, align: 'right', render: (_, m) => <MoneyCell fen={m.amount} /> },
          { title: '经办财务', dataIndex: 'createdByName', width: 100 },
          { title: '合并时间', key: 'at', width: 160, render: (_, m) => shanghaiTime(m.createdAt) },
          {
            title: '状态',
            key: 'status',
            width: 140,
            render: (_, m) => (
              <Flex vertical>
                <StatusTag value={m.status} table={MERGE_STATUS_TAGS} />
                {m.reason && <Typography.Text type="secondary">{m.reason}</Typography.Text>}
              </Flex>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 280,
            render: (_, m) => (
              <Flex gap={4} wrap>
                {m.status === 'review' && (
                  <>
                    <Button type="link" size="small" onClick={() => complete(m)} data-testid="merge-complete">
                      报销完成
                    </Button>
                    <Button type="link" size="small" danger onClick={() => sendBack(m)}>
                      退回补充材料
                    </Button>
                  </>
                )}
                <Button type="link" size="small" onClick={() => void openPdfInNewTab(() => claimPdf(m.id, 'merge')).catch(() => undefined)}>
                  打印
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    const r = await finance.ewm(m.id);
                    setQr({ mergeNo: m.mergeNo, image: r.image, token: r.token });
                  }}
                >
                  二维码
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <Modal open={!!qr} title={`合并报销单 ${qr?.mergeNo ?? ''} 的二维码`} footer={null} onCancel={() => setQr(null)}>
        {qr && (
          <Flex vertical align="center" gap={8}>
            <Image src={qr.image} width={220} preview={false} alt="二维码" />
            <Typography.Text type="secondary">在财务柜台扫描此码即可调出该合并报销单。</Typography.Text>
            <Typography.Text copyable={{ text: qr.token }} style={{ fontSize: 12 }}>
              复制二维码内容
            </Typography.Text>
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
