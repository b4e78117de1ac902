import type { OrderDetail } from '@kc/contracts/buying/orders';
import { Breadcrumb, Button, Card, Flex, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubOrderInvoicesSlot } from '../../../../components/feature-slots.tsx';
import { ORDER_PATHS } from '../../../../lib/order-paths.ts';
import { BUYER_HOME, SUPPLIER_HOME } from '../../../../lib/session.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { useOrderDetail } from '../api/use-order-queries.ts';
import { budgetShort, OrderBudgetCard } from '../components/order-budget-card.tsx';
import { OrderDetailHead } from '../components/order-detail-head.tsx';
import { type OrderDetailMoves, orderMoves, useOrderDetailMoves } from '../components/order-detail-moves.ts';
import { OrderInfoCard } from '../components/order-info-card.tsx';
import { OrderLogTimeline } from '../components/order-log-timeline.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import { SubOrderActions, SubOrderCard } from '../components/sub-order-card.tsx';
import { type OrderRoles, orderRoles } from '../order-roles.ts';

/** /cass/order/detail?orderId= (订单详情): buyer, 代下单人 and unit, lines, sub-orders, approval and logistics timelines (what each parcel carried), and the viewer's actions. */
export function OrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = Number(params.get('orderId')) || null;
  const { data: info } = useUserAllInfo();
  const roles = orderRoles(info);
  const { data: o, isLoading, isError } = useOrderDetail(orderId);
  const moves = useOrderDetailMoves();

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
  return <OrderDetailView o={o} roles={roles} moves={moves} />;
}

function OrderDetailView({ o, roles, moves }: { o: OrderDetail; roles: OrderRoles; moves: OrderDetailMoves }) {
  const can = orderMoves(o, roles);
  const subNoOf = (id: number) => o.subOrders.find((s) => s.id === id)?.subNo;
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
      <OrderDetailHead o={o} can={can} moves={moves} />
      <OrderInfoCard o={o} />
      {o.budget && (
        <OrderBudgetCard
          budget={o.budget}
          // the exception approver: the institute's step (研究所负责人) passes a short 超支禁止 card with a reason
          onOverride={
            can.institute && budgetShort(o.budget) && o.budget.policy === 'stop'
              ? () => moves.ask(`超支审批 ${o.orderNo}`, '超支原因（记入经费卡台账）', '超支通过', 'instituteOverride', o.id, '已超支审批通过')
              : undefined
          }
        />
      )}
      {o.subOrders.map((s) => (
        <SubOrderCard
          key={s.id}
          sub={s}
          invoices={s.status === 'completed' ? <SubOrderInvoicesSlot subOrderId={s.id} canAccept={roles.finance || roles.admin} /> : null}
          actions={<SubOrderActions o={o} sub={s} own={can.own} roles={roles} moves={moves} />}
        />
      ))}
      <Card title="审批与操作日志">
        <OrderLogTimeline logs={o.logs} subNoOf={subNoOf} />
      </Card>
      <ReasonModal request={moves.reason} onClose={moves.closeReason} />
    </Flex>
  );
}
