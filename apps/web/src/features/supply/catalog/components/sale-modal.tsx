import { MAX_SALE_DAYS } from '@kc/contracts/supply/catalog-supplier-items';
import { DatePicker, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { askSale, type SupplierItemVO } from '../api/supplier-items-api.ts';

/** 促销: a sale price for one item between two days, sent to the platform's 商品审核 first. */
export function SaleModal({ item, onClose, onSent }: { item: SupplierItemVO | null; onClose: () => void; onSent: () => void }) {
  const [form] = Form.useForm<{ title: string; price: number; range: [Dayjs, Dayjs] }>();
  useEffect(() => {
    if (item) form.setFieldsValue({ title: '', price: undefined, range: [dayjs(), dayjs().add(14, 'day')] });
  }, [item, form]);

  const save = async () => {
    if (!item) return;
    const v = await form.validateFields();
    await askSale({
      itemId: item.id,
      title: v.title.trim(),
      salePrice: Math.round(v.price * 100),
      startsAt: v.range[0].format('YYYY-MM-DD'),
      endsAt: v.range[1].format('YYYY-MM-DD'),
    });
    feedback.success('已提交，平台审核通过后按期生效');
    onClose();
    onSent();
  };

  return (
    <Modal
      open={item !== null}
      title="申请促销"
      okText="提交审核"
      cancelText="取消"
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      {item && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'n', label: '商品', children: `${item.name} ${item.spec}` },
            { key: 'p', label: '当前价格', children: <MoneyCell fen={item.price} /> },
          ]}
        />
      )}
      <Form form={form} layout="vertical" name="sale">
        <Form.Item name="title" label="活动名称" rules={[{ required: true, min: 2, max: 40, message: '活动名称 2–40 个字' }]}>
          <Input placeholder="如：开学季特惠" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="price"
          label="促销价（元）"
          extra="须低于当前价格；所有研究所的采购人在活动期间按促销价结算（有更低协议价的按协议价）"
          rules={[{ required: true, message: '请输入促销价' }]}
        >
          <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: 200 }} prefix="¥" />
        </Form.Item>
        <Form.Item name="range" label="活动日期" extra={`最长 ${MAX_SALE_DAYS} 天，按北京时间的自然日`} rules={[{ required: true, message: '请选择活动日期' }]}>
          <DatePicker.RangePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
