import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_SAMPLE_FORM,
  SAMPLE_FIELD_TYPE_TEXT,
  SAMPLE_FIELD_TYPES,
  SampleField,
  SampleForm,
  TECH_CATEGORIES,
  TECH_DEFAULT_TAX_RATE,
  TechItemBody,
} from '@kc/contracts/buying/tech-services';
import { TAX_RATE_TEXT, TAX_RATES } from '@kc/contracts/platform/tax';
import { DICT } from '@kc/contracts/shared/dicts';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import type { TechItemVO } from '../api/tech-services-api.ts';

interface FieldRow {
  key: string;
  label: string;
  type: (typeof SAMPLE_FIELD_TYPES)[number];
  required?: boolean;
  options?: string;
  unit?: string;
}
interface Values {
  name: string;
  category: string;
  description?: string;
  quoteOnly: boolean;
  priceYuan?: number;
  unit: string;
  turnaroundDays: number;
  taxRate: string;
  active: boolean;
  fields: FieldRow[];
}

const toRows = (form: SampleForm): FieldRow[] =>
  form.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options?.join('、'), unit: f.unit }));
const splitOptions = (s?: string) =>
  (s ?? '')
    .split(/[、,，\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * 新增/修改服务项目: price per unit in yuan (or 询价), turnaround, VAT (6% by default), and the
 * sample form the buyer fills — fields of type 文本/数字/选项/多行文本, checked with the contracts'
 * SampleForm before saving, as the server checks it again.
 */
export function ItemFormModal({
  open,
  editing,
  onCancel,
  onSave,
}: {
  open: boolean;
  editing: TechItemVO | null;
  onCancel: () => void;
  onSave: (b: TechItemBody) => Promise<void>;
}) {
  const taxRates = useDictOptions(
    DICT.TAX_RATE,
    TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  ).options;
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const quoteOnly = Form.useWatch('quoteOnly', form);

  useEffect(() => {
    if (!open) return;
    setProblem(null);
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            category: editing.category,
            description: editing.description,
            quoteOnly: editing.price === null,
            priceYuan: editing.price === null ? undefined : editing.price / 100,
            unit: editing.unit,
            turnaroundDays: editing.turnaroundDays,
            taxRate: editing.taxRate,
            active: editing.active,
            fields: toRows(editing.sampleForm),
          }
        : { quoteOnly: false, unit: '样品', turnaroundDays: 5, taxRate: TECH_DEFAULT_TAX_RATE, active: true, fields: toRows(DEFAULT_SAMPLE_FORM) },
    );
  }, [open, editing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const sampleForm = SampleForm.safeParse(
      v.fields.map((f) => ({
        key: f.key,
        label: f.label,
        type: f.type,
        required: !!f.required,
        ...(f.type === 'select' ? { options: splitOptions(f.options) } : {}),
        ...(f.unit?.trim() ? { unit: f.unit.trim() } : {}),
      })),
    );
    if (!sampleForm.success) return setProblem(sampleForm.error.issues[0].message);
    setBusy(true);
    try {
      await onSave({
        name: v.name,
        category: v.category as TechItemBody['category'],
        description: v.description ?? '',
        price: v.quoteOnly ? null : Math.round((v.priceYuan ?? 0) * 100),
        unit: v.unit,
        turnaroundDays: v.turnaroundDays,
        taxRate: v.taxRate as TechItemBody['taxRate'],
        sampleForm: sampleForm.data,
        active: v.active,
      });
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '修改服务项目' : '新增服务项目'}
      width={900}
      onCancel={onCancel}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="tech-item-form">
        <Flex gap={12}>
          <Form.Item name="name" label="服务名称" rules={contractRules(TechItemBody.shape.name)} style={{ flex: 2 }}>
            <Input maxLength={50} placeholder="如：一代测序（Sanger 测序）" />
          </Form.Item>
          <Form.Item name="category" label="服务类别" rules={[{ required: true, message: '请选择服务类别' }]} style={{ flex: 1 }}>
            <Select options={TECH_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Flex>
        <Form.Item name="description" label="服务说明">
          <Input.TextArea rows={3} maxLength={2000} placeholder="仪器、方法、送样要求、交付内容" />
        </Form.Item>
        <Flex gap={12} align="end">
          <Form.Item name="quoteOnly" label="询价" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="priceYuan" label="单价（元，含税）" rules={[{ required: !quoteOnly, message: '请填写单价' }]}>
            <InputNumber min={0.01} precision={2} disabled={quoteOnly} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="unit" label="计价单位" rules={contractRules(TechItemBody.shape.unit)}>
            <Input maxLength={8} style={{ width: 100 }} placeholder="反应、样品" />
          </Form.Item>
          <Form.Item name="turnaroundDays" label="周期（天）" rules={contractRules(TechItemBody.shape.turnaroundDays, { required: '请填写周期' })}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="taxRate" label="增值税税率">
            <Select style={{ width: 100 }} options={taxRates} />
          </Form.Item>
          <Form.Item name="active" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Typography.Title level={5}>样品信息表（采购人委托时逐个样品填写）</Typography.Title>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <Flex vertical gap={4}>
              {rows.map((r) => (
                <Flex key={r.key} gap={8} align="start">
                  <Form.Item name={[r.name, 'label']} rules={contractRules(SampleField.shape.label)} style={{ marginBottom: 8 }}>
                    <Input placeholder="字段名称" maxLength={20} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'key']} rules={contractRules(SampleField.shape.key, '字母开头的字母、数字、下划线')} style={{ marginBottom: 8 }}>
                    <Input placeholder="字段标识（英文）" maxLength={32} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'type']} initialValue="text" style={{ marginBottom: 8 }}>
                    <Select style={{ width: 110 }} options={SAMPLE_FIELD_TYPES.map((t) => ({ value: t, label: SAMPLE_FIELD_TYPE_TEXT[t] }))} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'options']} style={{ marginBottom: 8, flex: 1 }}>
                    <Input placeholder="选项（用顿号分隔，仅选项类型）" />
                  </Form.Item>
                  <Form.Item name={[r.name, 'unit']} style={{ marginBottom: 8 }}>
                    <Input placeholder="单位" maxLength={10} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
                    <Checkbox>必填</Checkbox>
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(r.name)} disabled={rows.length === 1} />
                </Flex>
              ))}
              <div>
                <Button icon={<PlusOutlined />} onClick={() => add({ type: 'text', required: false })} disabled={rows.length >= 20}>
                  添加字段
                </Button>
              </div>
            </Flex>
          )}
        </Form.List>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
      </Form>
    </Modal>
  );
}
