import { AFTER_SALE_SUB_STATES } from '@kc/contracts/buying/after-sales';
import type { OrderDetail, SubOrderDetail } from '@kc/contracts/buying/orders';
import { COMPLAINT_HOLD_TEXT, PAY_STATUS_TEXT } from '@kc/contracts/finance/settlement';
import { Alert, Button, Card, Empty, Flex, Space, Timeline, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { TrackingNumber } from '../../../../components/tracking-number.tsx';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { parcelLines, parcelText } from '../delivery-contents.ts';
import type { OrderRoles } from '../order-roles.ts';
import { canAccept, canArrive, canRefund, SUB_STATUS_TAGS } from '../order-status.ts';
import type { OrderDetailMoves } from './order-detail-moves.ts';
import { OrderLinesTable } from './order-lines-table.tsx';

/** A sub-order of the detail page: its supplier and state, lines, sums and deliveries; `actions` at the right. */
export function SubOrderCard({ sub, actions, invoices }: { sub: SubOrderDetail; actions: ReactNode; invoices: ReactNode }) {
  return (
    <Card
      data-testid="detail-sub-order"
      data-sub-no={sub.subNo}
      title={
        <Space wrap>
          <span>子订单 {sub.subNo}</span>
          <Typography.Text type="secondary">{sub.supplierName}</Typography.Text>
          <StatusTag value={sub.status} table={SUB_STATUS_TAGS} text={sub.statusText} testId="sub-status" />
          {invoices}
          {sub.status === 'completed' && sub.payStatus && <Typography.Text type="secondary">{PAY_STATUS_TEXT[sub.payStatus]}</Typography.Text>}
        </Space>
      }
      extra={actions}
    >
      <Flex vertical gap={12}>
        {sub.reason && <Alert type="warning" showIcon title={`原因：${sub.reason}`} />}
        {sub.complaintHold && (
          <Alert data-testid="sub-complaint-hold" type="error" showIcon title={`${COMPLAINT_HOLD_TEXT}：投诉办结前，该子订单的结算与付款暂停`} />
        )}
        {!!sub.refundedAmount && <Alert type="info" showIcon title={`售后已退款 ${money(sub.refundedAmount)}（已从经费卡、对账与开票金额中扣除）`} />}
        <OrderLinesTable lines={sub.lines} />
        <Flex justify="space-between" wrap gap={12}>
          <span>{sub.remark ? `备注：${sub.remark}` : ''}</span>
          <span>
            商品 {money(sub.goodsAmount)} + 运费 {money(sub.deliveryFee)}
            {sub.hazardFee ? `（含危险品附加费 ${money(sub.hazardFee)}）` : ''} = <Typography.Text strong>{money(sub.totalAmount)}</Typography.Text>
          </span>
        </Flex>
        <div>
          <Typography.Text strong>物流信息</Typography.Text>
          {sub.deliveries.length ? <DeliveryTimeline sub={sub} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无发货记录" />}
        </div>
      </Flex>
    </Card>
  );
}

/** Each delivery of the sub-order: when, by which channel, the tracking number and what the parcel carried. */
function DeliveryTimeline({ sub }: { sub: SubOrderDetail }) {
  return (
    <Timeline
      style={{ marginTop: 12 }}
      data-testid="delivery-timeline"
      items={sub.deliveries.map((d, i) => ({
        key: d.id,
        color: 'green',
        content: (
          <Flex vertical gap={4} data-testid="delivery-item">
            <span>
              <Typography.Text type="secondary">{shanghaiTime(d.createdAt)}</Typography.Text>　第 {i + 1} 次发货 · {d.channel} · 运单号{' '}
              <TrackingNumber trackingNo={d.trackingNo} trackingLink={d.trackingLink} />
            </span>
            {d.lines.length > 0 && (
              <Typography.Text type="secondary">
                本次发货：
                {parcelLines(sub.lines, d.lines).map((p, j) => (
                  <Fragment key={p.lineId}>
                    {j > 0 && '；'}
                    <span data-testid="parcel-line" data-line-id={p.lineId} data-quantity={p.quantity}>
                      {parcelText(p)}
                    </span>
                  </Fragment>
                ))}
              </Typography.Text>
            )}
          </Flex>
        ),
      }))}
    />
  );
}

/** The buyer's and the checker's moves on one sub-order: arrival, refund, after-sales, review, complaint, acceptance. */
export function SubOrderActions({
  o,
  sub: s,
  own,
  roles,
  moves: { confirm, ask },
}: {
  o: OrderDetail;
  sub: SubOrderDetail;
  own: boolean;
  roles: OrderRoles;
  moves: OrderDetailMoves;
}) {
  const navigate = useNavigate();
  return (
    <Space wrap>
      {own && canArrive(s.status) && (
        <Button type="primary" onClick={() => confirm('确认到货', `确认子订单 ${s.subNo} 的货物已全部送达？`, '确认到货', 'arrived', s.id, '已确认到货')}>
          确认到货
        </Button>
      )}
      {own && canRefund(s.status) && (
        <Button danger onClick={() => ask(`申请退款 ${s.subNo}`, '退款原因', '提交申请', 'refund', s.id, '已提交退款申请')}>
          申请退款
        </Button>
      )}
      {own && (AFTER_SALE_SUB_STATES as readonly string[]).includes(s.status) && (
        <Button onClick={() => navigate(`/cass/afterSale/my?apply=${s.id}`)}>申请售后</Button>
      )}
      {own && s.status === 'completed' && <Button onClick={() => navigate(`/cass/comment/my?orderId=${o.id}`)}>评价</Button>}
      {own && s.status !== 'waiting' && <Button onClick={() => navigate(`/cass/complaint/my?subOrderId=${s.id}`)}>投诉</Button>}
      {roles.checker && canAccept(s.status) && (
        <>
          <Button type="primary" onClick={() => confirm('验收通过', `确认子订单 ${s.subNo} 的货物验收合格？`, '验收通过', 'accept', s.id, '验收通过')}>
            验收通过
          </Button>
          <Button danger onClick={() => ask(`验收不通过 ${s.subNo}`, '不通过原因', '提交', 'reject', s.id, '已退回')}>
            验收不通过
          </Button>
        </>
      )}
    </Space>
  );
}
