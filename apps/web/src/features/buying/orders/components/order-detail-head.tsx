import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@kc/contracts/buying/orders';
import { Alert, Button, Card, Flex, Space, Steps, Tag, Typography } from 'antd';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { printOrderPdf } from '../api/documents-api.ts';
import { orderProgress } from '../order-progress.ts';
import { MessageBell } from './message-bell.tsx';
import type { OrderDetailMoves, orderMoves } from './order-detail-moves.ts';
import { OrderStatusTag } from './order-status-tag.tsx';

type Can = ReturnType<typeof orderMoves>;

/** The order's head: number, state and hazard mark, the viewer's moves, print and PDF, why it closed, and its progress. */
export function OrderDetailHead({ o, can, moves }: { o: OrderDetail; can: Can; moves: OrderDetailMoves }) {
  const closed = o.closeReason && ['refused', 'cancelled', 'stopped'].includes(o.status);
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Space size="middle" align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            订单 <span data-testid="detail-order-no">{o.orderNo}</span>
          </Typography.Title>
          <OrderStatusTag order={o} />
          {o.hasHazard && <Tag color="volcano">含危险化学品</Tag>}
        </Space>
        <Space wrap>
          {orderButtons(o, can, moves)}
          <Button icon={<PrinterOutlined />} onClick={() => openPrintPage(can.own ? ORDER_PATHS.printBuyOrder : ORDER_PATHS.printOrder, { orderId: o.id })}>
            打印
          </Button>
          <PdfButton orderId={o.id} />
          <MessageBell />
        </Space>
      </Flex>
      {closed && (
        <Alert
          style={{ marginTop: 16 }}
          type={o.status === 'cancelled' ? 'info' : 'error'}
          showIcon
          title={`${o.statusText}原因：${o.closeReason}`}
          data-testid="detail-close-reason"
        />
      )}
      <Steps
        style={{ marginTop: 24 }}
        size="small"
        items={orderProgress(o).map((s) => ({ key: s.key, title: s.title, status: s.status, content: s.description }))}
        data-testid="order-progress"
      />
    </Card>
  );
}

function PdfButton({ orderId }: { orderId: number }) {
  const { saving, run } = useSaving();
  return (
    <Button icon={<DownloadOutlined />} loading={saving} onClick={() => void run(() => openPdfInNewTab(() => printOrderPdf(orderId)))}>
      PDF
    </Button>
  );
}

/** The moves on the whole order (a fragment: each button is its own item of the Space). */
function orderButtons(o: OrderDetail, can: Can, { confirm, ask }: OrderDetailMoves) {
  const approve = (m: 'teamPass' | 'institutePass', refuse: 'teamRefuse' | 'instituteRefuse') => (
    <>
      <Button type="primary" onClick={() => confirm('审批通过', `确定通过订单 ${o.orderNo} 吗？`, '通过', m, o.id, '审批通过')}>
        通过
      </Button>
      <Button danger onClick={() => ask(`驳回订单 ${o.orderNo}`, '驳回原因', '驳回', refuse, o.id, '已驳回')}>
        驳回
      </Button>
    </>
  );
  return (
    <>
      {can.card && (
        <>
          <Button
            type="primary"
            onClick={() => confirm('同意代付', `同意订单 ${o.orderNo} 使用您的经费卡 ${o.budget?.cardNo ?? ''} 吗？`, '同意', 'cardPass', o.id, '已同意')}
          >
            同意代付
          </Button>
          <Button danger onClick={() => ask(`拒绝订单 ${o.orderNo} 使用您的经费卡`, '拒绝原因', '拒绝', 'cardRefuse', o.id, '已拒绝')}>
            拒绝
          </Button>
        </>
      )}
      {can.team && approve('teamPass', 'teamRefuse')}
      {can.institute && approve('institutePass', 'instituteRefuse')}
      {can.cancel && (
        <Button danger onClick={() => ask(`取消订单 ${o.orderNo}`, '取消原因（选填）', '取消订单', 'cancel', o.id, '订单已取消', true)}>
          取消订单
        </Button>
      )}
      {can.stop && (
        <Button danger onClick={() => ask(`终止订单 ${o.orderNo}`, '终止原因（将通知采购人）', '终止', 'stop', o.id, '订单已终止')}>
          终止订单
        </Button>
      )}
    </>
  );
}
