import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { AFTER_SALE_SUB_STATES } from '@kc/contracts/buying/after-sales';
import { buyingUnit, type OrderDetail, receiverAddress, type SubOrderDetail } from '@kc/contracts/buying/orders';
import { orderDisplayStatus } from '@kc/contracts/buying/orders-status';
import { COMPLAINT_HOLD_TEXT, PAY_STATUS_TEXT } from '@kc/contracts/finance/settlement';
import { Alert, App, Breadcrumb, Button, Card, Descriptions, Empty, Flex, Result, Space, Spin, Steps, Tag, Timeline, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubOrderInvoicesSlot } from '../../../../components/feature-slots.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { TrackingNumber } from '../../../../components/tracking-number.tsx';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { BUYER_HOME, SUPPLIER_HOME } from '../../../../lib/session.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { printOrderPdf } from '../api/documents-api.ts';
import {
  applyRefund,
  cancelOrder,
  cardPass,
  cardRefuse,
  checkerAccept,
  checkerReject,
  confirmArrival,
  institutePass,
  instituteRefuse,
  stopOrder,
  teamPass,
  teamRefuse,
} from '../api/orders-api.ts';
import { useOrderDetail, useOrderMove } from '../api/use-order-queries.ts';
import { MessageBell } from '../components/message-bell.tsx';
import { budgetShort, OrderBudgetCard } from '../components/order-budget-card.tsx';
import { OrderLinesTable } from '../components/order-lines-table.tsx';
import { OrderLogTimeline } from '../components/order-log-timeline.tsx';
import { OrderStatusTag } from '../components/order-status-tag.tsx';
import { ReasonModal, type ReasonRequest } from '../components/reason-modal.tsx';
import { parcelLines, parcelText } from '../delivery-contents.ts';
import { orderProgress } from '../order-progress.ts';
import { type OrderRoles, orderRoles } from '../order-roles.ts';
import { canAccept, canArrive, canCancel, canRefund, canStop, SUB_STATUS_TAGS } from '../order-status.ts';

type Move =
  | 'cancel'
  | 'cardPass'
  | 'cardRefuse'
  | 'teamPass'
  | 'teamRefuse'
  | 'institutePass'
  | 'instituteRefuse'
  | 'instituteOverride'
  | 'stop'
  | 'arrived'
  | 'refund'
  | 'accept'
  | 'reject';

/** What this viewer may do on the order as a whole (the server checks role, scope and state again). */
function orderMoves(o: OrderDetail, r: OrderRoles) {
  const own = o.buyerId === r.userId || o.placedById === r.userId;
  return {
    own,
    cancel: own && canCancel(o.status),
    // 他人代付: the PI of the card the order charges consents first
    card: o.budget?.holderId === r.userId && o.status === 'pending_card',
    team: r.teamLeader && o.status === 'pending_team',
    institute: r.instituteOwner && o.status === 'pending_institute',
    stop: r.admin && canStop(o.status),
  };
}

/** /cass/order/detail?orderId= (订单详情): buyer, 代下单人 and unit, lines, sub-orders, approval and logistics timelines (what each parcel carried), and the viewer's actions. */
export function OrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const orderId = Number(params.get('orderId')) || null;
  const { data: info } = useUserAllInfo();
  const roles = orderRoles(info);
  const { data: o, isLoading, isError } = useOrderDetail(orderId);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const move = useOrderMove(async (v: { move: Move; id: number; reason?: string }) => {
    switch (v.move) {
      case 'cancel':
        return cancelOrder(v.id, v.reason || undefined);
      case 'cardPass':
        return cardPass([v.id]);
      case 'cardRefuse':
        return cardRefuse([v.id], v.reason ?? '');
      case 'teamPass':
        return teamPass([v.id]);
      case 'teamRefuse':
        return teamRefuse([v.id], v.reason ?? '');
      case 'institutePass':
        return institutePass([v.id]);
      case 'instituteOverride':
        return institutePass([v.id], v.reason);
      case 'instituteRefuse':
        return instituteRefuse([v.id], v.reason ?? '');
      case 'stop':
        return stopOrder(v.id, v.reason ?? '');
      case 'arrived':
        return confirmArrival(v.id);
      case 'refund':
        return applyRefund(v.id, v.reason ?? '');
      case 'accept':
        return checkerAccept(v.id);
      case 'reject':
        return checkerReject(v.id, v.reason ?? '');
    }
  });

  if (!orderId) return <Result status="404" title="缺少订单号" subTitle="请从订单列表进入订单详情" />;
  if (isLoading) return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  if (isError || !o) {
    return (
      <Result
        status="404"
        title="订单不存在"
        subTitle="订单不存在或不在您的查看范围内"
        extra={
          <Button type="primary" onClick={() => navigate(-1)}>
            返回
          </Button>
        }
      />
    );
  }

  const can = orderMoves(o, roles);
  const run = (m: Move, id: number, done: string, r?: string) =>
    move.mutateAsync({ move: m, id, reason: r }).then(() => {
      message.success(done);
    });
  const confirm = (title: string, content: string, okText: string, m: Move, id: number, done: string) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: '取消',
      onOk: () => run(m, id, done).catch(() => undefined),
    });
  const ask = (title: string, label: string, okText: string, m: Move, id: number, done: string, optional = false) =>
    setReason({ title, label, okText, optional, onSubmit: (r) => run(m, id, done, r) });

  const subNoOf = (id: number) => o.subOrders.find((s) => s.id === id)?.subNo;
  const closed = o.closeReason && ['refused', 'cancelled', 'stopped'].includes(o.status);

  return (
    <Flex vertical gap={16} data-testid="order-detail">
      <Breadcrumb
        data-testid="detail-breadcrumb"
        items={[
          { title: <Link to={roles.supplier ? SUPPLIER_HOME : BUYER_HOME}>控制台</Link> },
          { title: <Link to={roles.supplier ? ORDER_PATHS.supplierOrder : ORDER_PATHS.myOrder}>{roles.supplier ? '订单管理' : '采购管理'}</Link> },
          { title: `订单详情 ${o.orderNo}` },
        ]}
      />
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
            {can.team && (
              <>
                <Button type="primary" onClick={() => confirm('审批通过', `确定通过订单 ${o.orderNo} 吗？`, '通过', 'teamPass', o.id, '审批通过')}>
                  通过
                </Button>
                <Button danger onClick={() => ask(`驳回订单 ${o.orderNo}`, '驳回原因', '驳回', 'teamRefuse', o.id, '已驳回')}>
                  驳回
                </Button>
              </>
            )}
            {can.institute && (
              <>
                <Button type="primary" onClick={() => confirm('审批通过', `确定通过订单 ${o.orderNo} 吗？`, '通过', 'institutePass', o.id, '审批通过')}>
                  通过
                </Button>
                <Button danger onClick={() => ask(`驳回订单 ${o.orderNo}`, '驳回原因', '驳回', 'instituteRefuse', o.id, '已驳回')}>
                  驳回
                </Button>
              </>
            )}
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
            <Button icon={<PrinterOutlined />} onClick={() => openPrintPage(can.own ? ORDER_PATHS.printBuyOrder : ORDER_PATHS.printOrder, { orderId: o.id })}>
              打印
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={pdfBusy}
              onClick={async () => {
                setPdfBusy(true);
                await openPdfInNewTab(() => printOrderPdf(o.id)).catch(() => undefined);
                setPdfBusy(false);
              }}
            >
              PDF
            </Button>
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

      <Card title="订单信息">
        <Descriptions
          column={3}
          size="small"
          items={[
            { key: 'no', label: '订单号', children: o.orderNo },
            { key: 'time', label: '下单时间', children: shanghaiTime(o.createdAt, true) },
            { key: 'status', label: '状态', children: orderDisplayStatus(o).text },
            { key: 'buyer', label: '采购人', children: <span data-testid="detail-buyer">{o.buyerName ?? '—'}</span> },
            ...(o.placedByName
              ? [{ key: 'placedBy', label: '代下单人', children: <span data-testid="detail-placed-by">由 {o.placedByName} 代下单</span> }]
              : []),
            { key: 'unit', label: '采购单位', span: o.placedByName ? 1 : 2, children: <span data-testid="detail-unit">{buyingUnit(o) || '—'}</span> },
            { key: 'goods', label: '商品金额', children: money(o.goodsAmount) },
            { key: 'fee', label: '运费', children: money(o.deliveryFee) },
            {
              key: 'total',
              label: '订单金额',
              children: (
                <Typography.Text strong type="danger" data-testid="detail-total" data-fen={o.totalAmount}>
                  {money(o.totalAmount)}
                </Typography.Text>
              ),
            },
            { key: 'contact', label: '收货人', children: o.receiver.contact },
            { key: 'phone', label: '联系电话', children: o.receiver.phone },
            { key: 'addr', label: '收货地址', children: receiverAddress(o.receiver) },
            { key: 'chain', label: '审批流程', span: 3, children: o.approvalSteps.length ? o.approvalSteps.map((s) => s.name).join(' → ') : '无需审批' },
          ]}
        />
      </Card>

      {o.budget && (
        <OrderBudgetCard
          budget={o.budget}
          // the exception approver: the institute's step (研究所负责人) passes a short 超支禁止 card with a reason
          onOverride={
            can.institute && budgetShort(o.budget) && o.budget.policy === 'stop'
              ? () => ask(`超支审批 ${o.orderNo}`, '超支原因（记入经费卡台账）', '超支通过', 'instituteOverride', o.id, '已超支审批通过')
              : undefined
          }
        />
      )}

      {o.subOrders.map((s) => (
        <SubOrderCard
          key={s.id}
          sub={s}
          invoices={s.status === 'completed' ? <SubOrderInvoicesSlot subOrderId={s.id} canAccept={roles.finance || roles.admin} /> : null}
          actions={
            <Space wrap>
              {can.own && canArrive(s.status) && (
                <Button
                  type="primary"
                  onClick={() => confirm('确认到货', `确认子订单 ${s.subNo} 的货物已全部送达？`, '确认到货', 'arrived', s.id, '已确认到货')}
                >
                  确认到货
                </Button>
              )}
              {can.own && canRefund(s.status) && (
                <Button danger onClick={() => ask(`申请退款 ${s.subNo}`, '退款原因', '提交申请', 'refund', s.id, '已提交退款申请')}>
                  申请退款
                </Button>
              )}
              {can.own && (AFTER_SALE_SUB_STATES as readonly string[]).includes(s.status) && (
                <Button onClick={() => navigate(`/cass/afterSale/my?apply=${s.id}`)}>申请售后</Button>
              )}
              {can.own && s.status === 'completed' && <Button onClick={() => navigate(`/cass/comment/my?orderId=${o.id}`)}>评价</Button>}
              {can.own && s.status !== 'waiting' && <Button onClick={() => navigate(`/cass/complaint/my?subOrderId=${s.id}`)}>投诉</Button>}
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
          }
        />
      ))}

      <Card title="审批与操作日志">
        <OrderLogTimeline logs={o.logs} subNoOf={subNoOf} />
      </Card>
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </Flex>
  );
}

function SubOrderCard({ sub, actions, invoices }: { sub: SubOrderDetail; actions: React.ReactNode; invoices: React.ReactNode }) {
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
          {sub.deliveries.length ? (
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
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无发货记录" />
          )}
        </div>
      </Flex>
    </Card>
  );
}
