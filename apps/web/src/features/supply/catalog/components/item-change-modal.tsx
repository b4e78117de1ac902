import { TAX_RATE_TEXT, TAX_RATES, type TaxRate } from '@kc/contracts/platform/tax';
import { DICT } from '@kc/contracts/shared/dicts';
import { HAZARD_LABELS } from '@kc/contracts/supply/catalog';
import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { requestItemChange, type SupplierItemVO } from '../api/supplier-items-api.ts';

type Hazard = 'dangerous' | 'precursor' | 'explosive' | 'toxic';

/** 修改信息: the name, CAS number and regulated-chemical flags change only after the platform's review. */
export function ItemChangeModal({ item, onClose }: { item: SupplierItemVO | null; onClose: () => void }) {
  const taxRates = useDictOptions(
    DICT.TAX_RATE,
    TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  ).options;
  const [form] = Form.useForm<{ name: string; cas?: string; hazards: Hazard[]; taxRate: TaxRate }>();
  useEffect(() => {
    if (item) form.setFieldsValue({ name: item.name, cas: item.cas ?? undefined, hazards: item.hazards as Hazard[], taxRate: item.taxRate as TaxRate });
  }, [item, form]);

  const submit = async () => {
    if (!item) return;
    const v = await form.validateFields();
    await requestItemChange({ itemId: item.id, name: v.name.trim(), cas: v.cas?.trim() || undefined, hazards: v.hazards ?? [], taxRate: v.taxRate });
    void feedback.successDialog('已提交平台审核，通过后生效；审核期间商品照常销售。');
    onClose();
  };

  return (
    <Modal
      open={item !== null}
      title={`修改商品信息：${item?.name ?? ''} ${item?.spec ?? ''}`}
      okText="提交审核"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="名称、CAS 号、管制类别与税率关系到采购审批、合规与开票，修改须经平台审核；价格与库存请用“改价/库存”。"
      />
      <Form form={form} layout="vertical" name="item-change">
        <Form.Item name="name" label="商品名称" rules={[{ required: true, whitespace: true, min: 2, message: '请输入商品名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="cas" label="CAS 号" rules={[{ pattern: /^\d{2,7}-\d{2}-\d$/, message: 'CAS 号格式不正确，应如 64-17-5' }]}>
          <Input maxLength={12} />
        </Form.Item>
        <Form.Item name="hazards" label="管制类别">
          <Checkbox.Group options={Object.entries(HAZARD_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="taxRate" label="增值税税率" extra="决定之后订单行的税率与发票的三单匹配；已下的订单不变">
          <Select options={taxRates} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
