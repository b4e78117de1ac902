import { buyingUnit, type OrderDetail, receiverAddress } from '@kc/contracts/buying/orders';
import { orderDisplayStatus } from '@kc/contracts/buying/orders-status';
import { Card, Descriptions, Typography } from 'antd';
import { money, shanghaiTime } from '../../../../lib/format.ts';

/** 订单信息: who bought (and who placed it for them), for which unit, the amounts, where it goes and its approval chain. */
export function OrderInfoCard({ o }: { o: OrderDetail }) {
  return (
    <Card title="订单信息">
      <Descriptions
        column={3}
        size="small"
        items={[
          { key: 'no', label: '订单号', children: o.orderNo },
          { key: 'time', label: '下单时间', children: shanghaiTime(o.createdAt, true) },
          { key: 'status', label: '状态', children: orderDisplayStatus(o).text },
          { key: 'buyer', label: '采购人', children: <span data-testid="detail-buyer">{o.buyerName ?? '—'}</span> },
          ...(o.placedByName ? [{ key: 'placedBy', label: '代下单人', children: <span data-testid="detail-placed-by">由 {o.placedByName} 代下单</span> }] : []),
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
  );
}
