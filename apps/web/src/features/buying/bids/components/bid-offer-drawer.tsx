import { yuan } from '@kc/contracts/buying/mall';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, InputNumber, Spin, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { bidKeys } from '../api/bid-query-keys.ts';
import { bidPdf, getSupplierBid, submitBid } from '../api/bids-api.ts';
import { BID_TAGS, fen, MY_BID_TAGS } from '../bid-status.ts';
import { BidResultTable } from './bid-result-table.tsx';

interface OfferForm {
  /** yuan per unit, by line id */
  prices: Record<string, number>;
  deliveryDays: number;
  remark?: string;
}

/**
 * 投标 (supplier): the request, its own sealed bid (a unit price per item, the total within the
 * ceiling), revisable until the deadline; after opening, the ranked result of the round it bid in.
 */
export function BidOfferDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const q = useQuery({ queryKey: bidKeys.supplierDetail(id), queryFn: () => getSupplierBid(id as number), enabled: id !== null });
  const [form] = Form.useForm<OfferForm>();
  const prices = Form.useWatch('prices', form);
  const d = q.data;
  const total = d ? d.lines.reduce((s, l) => s + fen(prices?.[String(l.id)] ?? 0) * l.quantity, 0) : 0;

  useEffect(() => {
    if (!d) return;
    form.resetFields();
    const own = d.myBid && d.myBid.state === 'submitted' ? d.myBid : null;
    form.setFieldsValue({
      prices: Object.fromEntries((own?.lines ?? []).map((l) => [String(l.lineId), l.unitPrice / 100])),
      deliveryDays: own?.deliveryDays ?? 3,
      remark: own?.remark ?? '',
    });
  }, [d, form]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!d) return;
    await submitBid({
      projectId: d.id,
      lines: d.lines.map((l) => ({ lineId: l.id, unitPrice: fen(v.prices[String(l.id)]) })),
      deliveryDays: v.deliveryDays,
      remark: v.remark?.trim() ?? '',
    });
    feedback.success(d.myBid?.state === 'submitted' ? '投标已修改' : '投标已提交');
    await client.invalidateQueries({ queryKey: bidKeys.supplier });
  };

  return (
    <Drawer open={id !== null} onClose={onClose} width={900} title={d ? `${d.title}（${d.projectNo}）` : '招标项目'} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <Flex vertical gap={16} data-testid="bid-offer">
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="招标单位">{d.instituteName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag value={d.state} table={BID_TAGS} />
            </Descriptions.Item>
            <Descriptions.Item label="最高限价">
              <MoneyCell fen={d.ceilingAmount} />
            </Descriptions.Item>
            <Descriptions.Item label="截止时间">{shanghaiTime(d.deadline)}</Descriptions.Item>
            <Descriptions.Item label="收货地址" span={2}>
              {`${d.address.province}${d.address.city}${d.address.district}${d.address.detail}`}
            </Descriptions.Item>
            {d.remark && (
              <Descriptions.Item label="说明" span={2}>
                {d.remark}
              </Descriptions.Item>
            )}
            {d.myBid && (
              <Descriptions.Item label="我的投标" span={2}>
                <StatusTag value={d.myBid.state} table={MY_BID_TAGS} testId="my-bid-state" /> <MoneyCell fen={d.myBid.totalAmount} /> · 提交于{' '}
                {shanghaiTime(d.myBid.submittedAt, true)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {d.myBid?.state === 'void' && <Alert type="warning" showIcon message="招标内容已修改，您此前的投标已作废；如需参加请按新要求重新投标。" />}
          {!d.canBid && d.cannotBidReason && d.state === 'bidding' && <Alert type="info" showIcon message={d.cannotBidReason} />}
          <Form form={form} name="bid-offer-form" disabled={!d.canBid}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.lines}
              columns={[
                { title: '序号', dataIndex: 'lineNo', width: 60 },
                { title: '品名', dataIndex: 'name' },
                { title: '规格', dataIndex: 'spec', width: 120 },
                { title: 'CAS 号', key: 'cas', width: 110, render: (_, l) => l.cas ?? '—' },
                { title: '数量', key: 'qty', width: 90, render: (_, l) => `${l.quantity} ${l.unit}` },
                {
                  title: '单价（元）',
                  key: 'price',
                  width: 150,
                  render: (_, l, i) => (
                    <Form.Item name={['prices', String(l.id)]} rules={[{ required: true, message: '请报价' }]} style={{ margin: 0 }}>
                      <InputNumber min={0.01} precision={2} style={{ width: '100%' }} data-testid={`bid-price-${i}`} />
                    </Form.Item>
                  ),
                },
                { title: '小计', key: 'amount', width: 120, align: 'right', render: (_, l) => `¥${yuan(fen(prices?.[String(l.id)] ?? 0) * l.quantity)}` },
              ]}
            />
            {d.canBid && (
              <Flex gap={16} align="center" style={{ marginTop: 12 }} wrap>
                <Form.Item name="deliveryDays" label="供货期（天）" rules={[{ required: true, message: '请填写供货期' }]} style={{ margin: 0 }}>
                  <InputNumber min={0} max={365} precision={0} />
                </Form.Item>
                <Form.Item name="remark" label="说明" style={{ margin: 0, flex: 1 }}>
                  <Input maxLength={500} placeholder="品牌、资质、质保等" />
                </Form.Item>
                <Typography.Text strong data-testid="bid-total">
                  合计 ¥{yuan(total)}
                </Typography.Text>
                {total > d.ceilingAmount && <Typography.Text type="danger">超过最高限价</Typography.Text>}
                <Button type="primary" onClick={() => void submit().catch(() => undefined)} data-testid="bid-submit">
                  {d.myBid?.state === 'submitted' ? '修改投标' : '提交投标'}
                </Button>
              </Flex>
            )}
          </Form>
          {d.canBid && (
            <Typography.Text type="secondary">
              密封投标：截止前只有贵公司能看到本投标，可随时修改；截止后系统自动开标，最低有效报价中标（同价以最早投标为准）。
            </Typography.Text>
          )}
          {d.result && (
            <>
              <Flex justify="space-between" align="center">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  开标结果
                </Typography.Title>
                <Button onClick={() => void openPdfInNewTab(() => bidPdf(d.id, d.projectNo)).catch(() => undefined)}>打印招标记录</Button>
              </Flex>
              <BidResultTable result={d.result} winnerBidId={d.myBid?.state === 'won' ? d.myBid.bidId : null} />
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
