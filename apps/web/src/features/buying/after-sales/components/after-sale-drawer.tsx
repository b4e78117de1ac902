import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Space, Table, Timeline } from 'antd';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { afterSaleKeys } from '../api/after-sale-query-keys.ts';
import { getAfterSale, getAfterSalePictures, type Side } from '../api/after-sales-api.ts';

/** One request: lines and amounts, the photos (all in one call), the express details and every move. */
export function AfterSaleDrawer({ side, id, onClose }: { side: Side; id: number | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: afterSaleKeys.detail(side, id), queryFn: () => getAfterSale(side, id as number), enabled: id !== null });
  const pictures = useQuery({ queryKey: afterSaleKeys.pictures(side, id), queryFn: () => getAfterSalePictures(side, id as number), enabled: id !== null });
  const d = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={d ? `售后申请 ${d.requestNo}` : '售后申请'} loading={detail.isLoading}>
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="子订单">{d.subNo}</Descriptions.Item>
            <Descriptions.Item label="供应商">{d.supplierName}</Descriptions.Item>
            <Descriptions.Item label="类型">{d.typeText}</Descriptions.Item>
            <Descriptions.Item label="状态">{d.statusText}</Descriptions.Item>
            <Descriptions.Item label="退款金额">{money(d.refundAmount)}</Descriptions.Item>
            <Descriptions.Item label="申请人">{d.buyerName}</Descriptions.Item>
            <Descriptions.Item label="原因" span={2}>
              {d.reason}
            </Descriptions.Item>
            {d.refuseReason && (
              <Descriptions.Item label="拒绝原因" span={2}>
                {d.refuseReason}
              </Descriptions.Item>
            )}
            {d.expressCompany && (
              <Descriptions.Item label="寄回快递" span={2}>
                {d.expressCompany} {d.trackingNo}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table
            size="small"
            rowKey="lineId"
            pagination={false}
            dataSource={d.lines}
            columns={[
              { title: '商品', dataIndex: 'name' },
              { title: '规格', dataIndex: 'spec', width: 100 },
              { title: '单价', dataIndex: 'unitPrice', width: 100, render: (v: number) => money(v) },
              { title: '数量', dataIndex: 'quantity', width: 80, render: (v: number, l) => `${v}${l.unit}` },
              { title: '金额', dataIndex: 'amount', width: 110, render: (v: number) => money(v) },
            ]}
          />
          {pictures.data?.length ? (
            <Image.PreviewGroup>
              <Space wrap>
                {pictures.data.map((p) => (
                  <Image key={p.id} src={p.url} alt={p.name} width={96} height={96} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            <Empty description="未上传图片" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          <Timeline
            items={d.logs.map((l) => ({
              children: `${shanghaiTime(l.createdAt)} ${l.actorName} ${l.actionText}${l.note ? `：${l.note}` : ''}`,
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}
