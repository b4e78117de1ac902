import { TAX_RATE_TEXT, type TaxRate } from '@kc/contracts/platform/tax';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Input, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { invoiceKeys } from '../api/invoice-query-keys.ts';
import { acceptInvoiceException, getSubOrderInvoices, type InvoiceDetailVO } from '../api/invoices-api.ts';
import { MatchBadge } from './match-badge.tsx';

const rate = (r: string) => TAX_RATE_TEXT[r as TaxRate] ?? `${r}%`;
const STATUS_COLOR: Record<string, string> = {
  uploaded: 'blue',
  matched: 'green',
  exception: 'red',
  claimed: 'purple',
  red_flushed: 'default',
  void: 'default',
};

/** An invoice's status tag; a red invoice says so. */
export function InvoiceStatusTag({ inv }: { inv: Pick<InvoiceDetailVO, 'status' | 'statusText' | 'blueNumber'> }) {
  if (inv.blueNumber) return <Tag color="red">红字发票</Tag>;
  return <Tag color={STATUS_COLOR[inv.status] ?? 'default'}>{inv.statusText}</Tag>;
}

/** One invoice: its numbers, parties, lines and what it bills. */
export function InvoiceCard({ inv, onAccept }: { inv: InvoiceDetailVO; onAccept?: (inv: InvoiceDetailVO) => void }) {
  return (
    <Flex vertical gap={8} data-testid="invoice-card" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong copyable={{ text: inv.number }}>
          {inv.kindText} {inv.code ? `${inv.code}-` : ''}
          {inv.number}
        </Typography.Text>
        <InvoiceStatusTag inv={inv} />
      </Flex>
      {inv.exception && (
        <Alert
          type={inv.exceptionAccepted ? 'info' : 'error'}
          showIcon
          message={inv.exception}
          description={
            inv.exceptionAccepted
              ? `财务 ${inv.exceptionAccepted.by ?? ''} 已于 ${shanghaiTime(inv.exceptionAccepted.at)} 接受：${inv.exceptionAccepted.reason}`
              : undefined
          }
          action={
            onAccept && inv.status === 'exception' ? (
              <Button size="small" danger onClick={() => onAccept(inv)} data-testid="invoice-accept-exception">
                接受异常
              </Button>
            ) : undefined
          }
        />
      )}
      <Descriptions size="small" column={2}>
        <Descriptions.Item label="开票日期">{inv.issueDate}</Descriptions.Item>
        <Descriptions.Item label="价税合计">
          <MoneyCell fen={inv.totalAmount} strong />
        </Descriptions.Item>
        <Descriptions.Item label="销售方">{inv.sellerName}</Descriptions.Item>
        <Descriptions.Item label="销方税号">{inv.sellerTaxId}</Descriptions.Item>
        <Descriptions.Item label="购买方">{inv.buyerName}</Descriptions.Item>
        <Descriptions.Item label="购方税号">{inv.buyerTaxId}</Descriptions.Item>
        {inv.blueNumber && <Descriptions.Item label="冲销蓝字发票">{inv.blueNumber}</Descriptions.Item>}
        {inv.redNumber && <Descriptions.Item label="红字发票">{inv.redNumber}</Descriptions.Item>}
        <Descriptions.Item label="所开子订单">{inv.subNos.join('、')}</Descriptions.Item>
        {inv.fileUrl && (
          <Descriptions.Item label="发票文件">
            <a href={inv.fileUrl} target="_blank" rel="noreferrer">
              {inv.fileName ?? '查看'}
            </a>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={inv.lines}
        columns={[
          { title: '项目名称', dataIndex: 'name' },
          { title: '数量', dataIndex: 'quantity', width: 70 },
          { title: '金额', dataIndex: 'exclAmount', width: 100, render: (v: number) => <MoneyCell fen={v} /> },
          { title: '税率', dataIndex: 'taxRate', width: 70, render: rate },
          { title: '税额', dataIndex: 'taxAmount', width: 90, render: (v: number) => <MoneyCell fen={v} /> },
        ]}
      />
    </Flex>
  );
}

/**
 * A sub-order's invoices with its three-way match per tax-rate bucket (ordered, accepted, refunded,
 * invoiced) and the invoicing deadline, for the buyer's order detail, the supplier's order list and
 * the claims pages. Finance may accept an invoice's exception with a reason (`canAccept`).
 */
export function SubOrderInvoicesDrawer({ subOrderId, onClose, canAccept }: { subOrderId: number | null; onClose: () => void; canAccept?: boolean }) {
  const client = useQueryClient();
  const data = useQuery({
    queryKey: invoiceKeys.subOrder(subOrderId ?? 0),
    queryFn: () => getSubOrderInvoices(subOrderId as number),
    enabled: subOrderId !== null,
  });
  const [accepting, setAccepting] = useState<InvoiceDetailVO | null>(null);
  const [reason, setReason] = useState('');
  const d = data.data;

  const accept = async () => {
    if (!accepting) return;
    await acceptInvoiceException(accepting.id, reason.trim());
    feedback.success('已接受该发票异常');
    setAccepting(null);
    setReason('');
    await client.invalidateQueries({ queryKey: invoiceKeys.all });
  };

  return (
    <Drawer open={subOrderId !== null} onClose={onClose} width={760} title={d ? `子订单 ${d.subNo} 的发票` : '发票'} destroyOnHidden>
      {data.isLoading || !d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16} data-testid="sub-order-invoices">
          <Flex gap={12} align="center" wrap>
            <span>三单匹配：</span>
            <MatchBadge match={d.match} />
            {d.deadline && <Typography.Text type="secondary">开票期限：{d.deadline}</Typography.Text>}
          </Flex>
          {d.match.problems.length > 0 && <Alert type="warning" showIcon message={d.match.problems.join('；')} />}
          <Table
            size="small"
            rowKey="taxRate"
            pagination={false}
            dataSource={d.match.buckets}
            columns={[
              { title: '税率', dataIndex: 'taxRate', render: rate },
              { title: '订购', dataIndex: 'ordered', render: (v: number) => <MoneyCell fen={v} /> },
              { title: '验收', dataIndex: 'accepted', render: (v: number) => <MoneyCell fen={v} /> },
              { title: '退款', dataIndex: 'refunded', render: (v: number) => <MoneyCell fen={v} /> },
              { title: '已开票', dataIndex: 'invoiced', render: (v: number) => <MoneyCell fen={v} strong /> },
            ]}
          />
          {d.invoices.length === 0 ? (
            <Empty description="供应商尚未上传发票" />
          ) : (
            d.invoices.map((inv) => <InvoiceCard key={inv.id} inv={inv} onAccept={canAccept ? setAccepting : undefined} />)
          )}
        </Flex>
      )}
      <Modal
        open={accepting !== null}
        title={`接受发票 ${accepting?.number ?? ''} 的异常`}
        okText="接受"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        onOk={() => void accept()}
        onCancel={() => setAccepting(null)}
      >
        <Typography.Paragraph type="secondary">{accepting?.exception}</Typography.Paragraph>
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={3}
          placeholder="接受原因（记入审计日志，打印在报销单上）"
          data-testid="invoice-accept-reason"
        />
      </Modal>
    </Drawer>
  );
}
