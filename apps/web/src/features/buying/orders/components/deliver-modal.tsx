import type { OrderLine } from '@kc/contracts/buying/orders';
import { DeliverBody } from '@kc/contracts/buying/orders';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Select, Table } from 'antd';
import { useState } from 'react';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { deliverSubOrder, type SupplierSubOrder } from '../api/supplier-orders-api.ts';
import { useExpressChannels, useSupplierMove } from '../api/use-supplier-order-queries.ts';
import { deliveryLines, remainingOf } from '../order-format.ts';

interface Values {
  expressChannelId: number;
  trackingNo: string;
  mode: 'all' | 'part';
  qty: Record<number, number | null>;
}

/**
 * 发货: express channel and tracking number; everything left, or part of it (per line, at most
 * what is still undelivered). A partial delivery leaves the sub-order 部分发货.
 */
export function DeliverModal({ sub, onClose }: { sub: SupplierSubOrder | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const channels = useExpressChannels(!!sub);
  const deliver = useSupplierMove(deliverSubOrder);
  const [error, setError] = useState<string | null>(null);
  const open = sub !== null;
  const lines = sub?.lines.filter((l) => remainingOf(l) > 0) ?? [];

  const submit = async () => {
    if (!sub) return;
    const v = await form.validateFields();
    let chosen: { lineId: number; quantity: number }[] | undefined;
    if (v.mode === 'part') {
      chosen = deliveryLines(sub.lines, v.qty ?? {});
      if (chosen && chosen.length === 0) {
        setError('请至少填写一行本次发货数量');
        return;
      }
    }
    try {
      await deliver.mutateAsync({ subOrderId: sub.id, expressChannelId: v.expressChannelId, trackingNo: v.trackingNo.trim(), lines: chosen });
      message.success(chosen ? '已部分发货' : '已发货');
    } catch {
      // shown by the error catalogue; the list is refreshed
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={sub ? `发货 ${sub.subNo}` : '发货'}
      width={760}
      okText="确认发货"
      cancelText="取消"
      confirmLoading={deliver.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) {
          setError(null);
          form.setFieldsValue({ mode: 'all', qty: Object.fromEntries(lines.map((l) => [l.id, remainingOf(l)])) });
        }
      }}
    >
      <Form<Values> form={form} layout="horizontal" labelCol={{ span: 4 }} preserve={false} initialValues={{ mode: 'all' }}>
        <Form.Item name="expressChannelId" label="快递公司" rules={[{ required: true, message: '请选择快递公司' }]}>
          <Select
            placeholder="请选择快递公司"
            loading={channels.isLoading}
            options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="trackingNo" label="快递单号" rules={contractRules(DeliverBody.shape.trackingNo, { required: '请填写快递单号' })}>
          <Input placeholder="请填写快递单号" maxLength={40} />
        </Form.Item>
        <Form.Item name="mode" label="发货方式">
          <Radio.Group
            options={[
              { value: 'all', label: '全部发货' },
              { value: 'part', label: '部分发货' },
            ]}
          />
        </Form.Item>
        {mode === 'part' && (
          <Table<OrderLine>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={lines}
            columns={[
              { title: '商品', dataIndex: 'name', render: (n: string, l) => `${n}（${l.spec}）` },
              { title: '订购', dataIndex: 'quantity', width: 70, align: 'right' },
              { title: '已发', dataIndex: 'deliveredQty', width: 70, align: 'right' },
              {
                title: '本次发货',
                key: 'qty',
                width: 140,
                render: (_, l) => (
                  <Form.Item name={['qty', l.id]} noStyle>
                    <InputNumber min={0} max={remainingOf(l)} precision={0} style={{ width: 110 }} aria-label={`${l.name} 本次发货数量`} />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
