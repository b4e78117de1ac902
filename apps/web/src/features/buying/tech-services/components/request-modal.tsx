import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkSamples, SAMPLE_ROWS_MAX, type SampleField } from '@kc/contracts/buying/tech-services';
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { addRequest, type TechItemVO } from '../api/tech-services-api.ts';
import { priceText } from './tech-format.ts';

type Row = Record<string, string | number | undefined>;

function Cell({ field, value, onChange }: { field: SampleField; value: Row[string]; onChange: (v: Row[string]) => void }) {
  if (field.type === 'number')
    return (
      <InputNumber value={value as number | undefined} min={field.min} max={field.max} addonAfter={field.unit} onChange={(v) => onChange(v ?? undefined)} />
    );
  if (field.type === 'select')
    return (
      <Select
        value={value as string | undefined}
        style={{ minWidth: 120 }}
        allowClear
        options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  return <Input value={(value as string | undefined) ?? ''} maxLength={field.type === 'textarea' ? 500 : 100} onChange={(e) => onChange(e.target.value)} />;
}

/**
 * 委托技术服务: one row per sample, the columns the supplier's sample form defines; checked with the
 * same rules the server applies (contracts' checkSamples) before sending.
 */
export function RequestModal({
  item,
  defaultPhone,
  onClose,
  onDone,
}: {
  item: TechItemVO | null;
  defaultPhone: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [rows, setRows] = useState<Row[]>([{}]);
  const [form] = Form.useForm<{ contactPhone: string; remark: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (item) {
      setRows([{}]);
      setProblem(null);
      form.setFieldsValue({ contactPhone: defaultPhone, remark: '' });
    }
  }, [item, defaultPhone, form]);
  if (!item) return null;

  const set = (i: number, key: string, v: Row[string]) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const submit = async () => {
    const v = await form.validateFields();
    const clean = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, x]) => x !== undefined && x !== '')) as Record<string, string | number>);
    const checked = checkSamples(item.sampleForm, clean);
    if (!checked.ok) return setProblem(checked.message);
    setBusy(true);
    try {
      const made = await addRequest({ serviceId: item.id, samples: checked.rows, contactPhone: v.contactPhone, remark: v.remark ?? '' });
      feedback.success(`委托 ${made.requestNo} 已提交，等待服务商报价`);
      onDone();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`委托：${item.name}`} width={960} onCancel={onClose} onOk={() => void submit()} okText="提交委托" confirmLoading={busy} destroyOnHidden>
      <Flex vertical gap={12} data-testid="tech-request-form">
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="服务商">{item.supplierName}</Descriptions.Item>
          <Descriptions.Item label="参考价格">{priceText(item.price, item.unit)}</Descriptions.Item>
          <Descriptions.Item label="周期">{item.turnaroundDays} 天</Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon message="提交后由服务商报价（含 6% 增值税等税额），您确认报价后再寄送样品。" />
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={rows}
          scroll={{ x: true }}
          columns={[
            { title: '序号', key: 'no', width: 56, render: (_, __, i) => i + 1 },
            ...item.sampleForm.map((f) => ({
              title: `${f.required ? '* ' : ''}${f.label}`,
              key: f.key,
              render: (_: unknown, r: Row, i: number) => <Cell field={f} value={r[f.key]} onChange={(v) => set(i, f.key, v)} />,
            })),
            {
              title: '',
              key: 'del',
              width: 48,
              render: (_, __, i) => (
                <Button type="text" icon={<DeleteOutlined />} disabled={rows.length === 1} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} />
              ),
            },
          ]}
        />
        <div>
          <Button icon={<PlusOutlined />} disabled={rows.length >= SAMPLE_ROWS_MAX} onClick={() => setRows((rs) => [...rs, { ...rs[rs.length - 1] }])}>
            添加样品（复制上一行）
          </Button>
        </div>
        {problem && <Alert type="error" showIcon message={problem} />}
        <Form form={form} layout="inline">
          <Form.Item name="contactPhone" label="联系电话" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' }]}>
            <Input style={{ width: 160 }} maxLength={11} />
          </Form.Item>
          <Form.Item name="remark" label="备注" style={{ flex: 1 }}>
            <Input maxLength={500} placeholder="如：加急、特殊要求" />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
