import { Button, Descriptions, Drawer, Empty, Flex, List, Spin, Typography } from 'antd';
import { TrackingNumber } from '../../../../components/tracking-number.tsx';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';
import { printSubDeliverOrderPdf } from '../api/documents-api.ts';
import type { SupplierSubOrder } from '../api/supplier-orders-api.ts';
import { useOrderDetail, useOrderLogs } from '../api/use-order-queries.ts';
import { OrderLogTimeline } from './order-log-timeline.tsx';

/** 订单日志: the order's log (the supplier sees its own sub-order's rows) and the deliveries of the sub-order, each with its delivery note. */
export function OrderLogDrawer({ sub, onClose }: { sub: SupplierSubOrder | null; onClose: () => void }) {
  const orderId = sub?.orderId ?? null;
  const logs = useOrderLogs(orderId);
  const detail = useOrderDetail(orderId);
  const mine = detail.data?.subOrders.find((s) => s.id === sub?.id);
  return (
    <Drawer open={!!sub} onClose={onClose} size={560} title={sub ? `订单日志 ${sub.subNo}` : '订单日志'} destroyOnHidden>
      {!orderId ? (
        <Empty description="暂无日志" />
      ) : logs.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'order', label: '所属订单', children: sub?.orderNo },
              { key: 'receiver', label: '收货人', children: sub ? `${sub.receiver.contact} ${sub.receiver.phone}` : '' },
            ]}
          />
          <div>
            <Typography.Title level={5}>发货记录</Typography.Title>
            {mine?.deliveries.length ? (
              <List
                size="small"
                dataSource={mine.deliveries}
                renderItem={(d, i) => (
                  <List.Item
                    actions={[
                      <Button
                        key="print"
                        type="link"
                        size="small"
                        onClick={() => openPrintPage(ORDER_PATHS.supplierPrintSubOrder, { deliveryId: d.id, orderId: orderId, subOrderId: mine.id })}
                      >
                        打印送货单
                      </Button>,
                      <Button
                        key="pdf"
                        type="link"
                        size="small"
                        onClick={() => void openPdfInNewTab(() => printSubDeliverOrderPdf(d.id)).catch(() => undefined)}
                      >
                        PDF
                      </Button>,
                    ]}
                  >
                    <span>
                      第 {i + 1} 次 · {d.channel} <TrackingNumber trackingNo={d.trackingNo} trackingLink={d.trackingLink} /> · {shanghaiTime(d.createdAt)}
                    </span>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">暂无发货记录</Typography.Text>
            )}
          </div>
          <div>
            <Typography.Title level={5}>操作日志</Typography.Title>
            <OrderLogTimeline logs={logs.data ?? []} subNoOf={(id) => (id === sub?.id ? sub?.subNo : undefined)} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
