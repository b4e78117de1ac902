import { Descriptions, Form, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type SupplierItemVO, setPriceStock } from '../api/supplier-items-api.ts';

/** 改价/库存: the new unit price in yuan (two decimals, sent in fen) and the stock; takes effect at once. */
export function PriceStockModal({ item, onClose, onSaved }: { item: SupplierItemVO | null; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const [form] = Form.useForm<{ price: number; stock: number }>();
  useEffect(() => {
    if (item) form.setFieldsValue({ price: item.price / 100, stock: item.stock });
  }, [item, form]);

  const save = async () => {
    if (!item) return;
    const v = await form.validateFields();
    // yuan to fen through rounding: 12.3 × 100 is 1229.9999… in floating point
    await setPriceStock({ id: item.id, price: Math.round(v.price * 100), stock: v.stock, version: item.version });
    feedback.success('已保存，价格即时生效');
    onClose();
    await onSaved();
  };

  return (
    <Modal open={item !== null} title="改价与库存" okText="保存" cancelText="取消" onOk={() => void save()} onCancel={onClose} forceRender>
      {item && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'n', label: '商品', children: `${item.name} ${item.spec}` },
            { key: 'c', label: '品牌 / 货号', children: `${item.brand ?? '—'} / ${item.catalogNo ?? '—'}` },
            { key: 'p', label: '当前价格', children: <MoneyCell fen={item.price} /> },
          ]}
        />
      )}
      <Form form={form} layout="vertical" name="price-stock">
        <Form.Item
          name="price"
          label="单价（元）"
          extra="保存后立即生效；已加入购物车的采购人会看到价格变动提示"
          rules={[{ required: true, message: '请输入单价' }]}
        >
          <InputNumber min={0.01} max={1_000_000} precision={2} step={1} style={{ width: 200 }} prefix="¥" />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请输入库存' }]}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
