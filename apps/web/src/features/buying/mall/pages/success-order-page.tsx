import { Button, Card, Result, Table, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ORDER_PATHS, orderDetailPath } from '../../../../lib/order-paths.ts';
import { formatYuan, PriceText } from '../components/price-text.tsx';
import { BIG_MALL } from '../mall-paths.ts';
import { type OrderSummary, readOrderSummary } from '../success-order-state.ts';

type SubRow = OrderSummary['subOrders'][number];

/** /successOrder: the order number, each sub-order (one per supplier) with its amount, and the total. */
export function SuccessOrderPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const order = readOrderSummary(location.state, params);
  const actions = [
    <Button key="shop" type="primary" onClick={() => navigate(BIG_MALL)}>
      继续购物
    </Button>,
    // the order just placed (its placer may read it, 代下单 included); without its id, the buyer's order list
    <Button key="orders" onClick={() => navigate(order?.orderId ? orderDetailPath(order.orderId) : ORDER_PATHS.myOrder)}>
      查看订单
    </Button>,
  ];

  if (!order) return <Result status="info" title="没有找到订单信息" subTitle="订单可能已提交，请到订单列表查看。" extra={actions} />;

  return (
    <Card>
      <Result
        status="success"
        title="订单提交成功"
        subTitle={
          <>
            订单号：
            <Typography.Text strong copyable data-testid="order-no">
              {order.orderNo}
            </Typography.Text>
            ，已按供应商拆分为 {order.subOrders.length} 个子订单，请等待审批。
          </>
        }
        extra={actions}
      >
        <Table<SubRow>
          rowKey="subNo"
          size="small"
          pagination={false}
          dataSource={order.subOrders}
          columns={[
            { title: '子订单号', dataIndex: 'subNo', render: (no: string) => <span data-testid="sub-order-no">{no}</span> },
            { title: '供应商', dataIndex: 'supplierName' },
            { title: '金额（含运费）', dataIndex: 'totalAmount', align: 'right', render: (fen: number) => formatYuan(fen) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>订单总额</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <PriceText fen={order.totalAmount} size={18} testId="order-total" />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Result>
    </Card>
  );
}
