import type { OrderVO } from '@kc/contracts/buying/orders';
import { Card, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { goodsText } from '../../../../lib/order-goods.ts';
import { ORDER_PATHS, orderDetailPath } from '../../../../lib/order-paths.ts';
import { useRecentOrders } from '../api/todo-api.ts';

/** The buyer's latest orders, each opening its detail. */
export function RecentOrdersCard() {
  const recent = useRecentOrders(true);
  return (
    <Card title="最近订单" size="small" extra={<Link to={ORDER_PATHS.myOrder}>全部订单</Link>} data-testid="recent-orders">
      <Table<OrderVO>
        rowKey="id"
        size="small"
        pagination={false}
        loading={recent.isLoading}
        dataSource={recent.data?.records ?? []}
        locale={{ emptyText: '还没有订单，去商城看看吧' }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', render: (no: string, o) => <Link to={orderDetailPath(o.id)}>{no}</Link> },
          { title: '商品', key: 'goods', ellipsis: true, render: (_, o) => goodsText(o) },
          { title: '金额', dataIndex: 'totalAmount', align: 'right', render: (fen: number) => money(fen) },
          { title: '状态', dataIndex: 'statusText', render: (s: string) => <Tag>{s}</Tag> },
          { title: '下单时间', dataIndex: 'createdAt', render: (t: string) => shanghaiTime(t) },
        ]}
      />
    </Card>
  );
}
