import { Alert, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { type ContainerDetail, type StockOutCheck, stockOut, validateStockOut } from '../api/inventory-api.ts';
import { PersonSelect } from './person-select.tsx';

interface Values {
  amount: number;
  unit: string;
  personId?: number;
  secondPersonId?: number;
  purpose?: string;
}

/**
 * 领用: amount in any unit of the container's dimension (mL ↔ L, g ↔ kg ↔ mg), to a named person
 * (default: oneself), a second person for controlled reagents. The server checks the line as typed
 * (stockOut/validate) before the button does anything, and again under the container's lock.
 */
export function StockOutModal({ container, onClose, onDone }: { container: ContainerDetail | null; onClose: () => void; onDone: (slipId: number) => void }) {
  const [form] = Form.useForm<Values>();
  const [check, setCheck] = useState<StockOutCheck | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (container) {
      form.resetFields();
      form.setFieldsValue({ unit: container.unit });
      setCheck(null);
    }
  }, [container, form]);
  if (!container) return null;

  const body = (v: Values) => ({
    lines: [{ containerId: container.id, amount: v.amount, unit: v.unit }],
    personId: v.personId,
    secondPersonId: v.secondPersonId,
    purpose: v.purpose || undefined,
  });
  const revalidate = async () => {
    const v = form.getFieldsValue();
    if (!v.amount || !v.unit) return setCheck(null);
    const r = await validateStockOut(body(v)).catch(() => null);
    setCheck(r?.lines[0] ?? null);
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await stockOut(body(v));
      feedback.success(`领用成功，出库单 ${r.slipNo}`);
      onDone(r.slipId);
    } catch {
      // the client shows the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`领用 ${container.name}`}
      onCancel={onClose}
      onOk={submit}
      okText="确认领用"
      confirmLoading={busy}
      okButtonProps={{ disabled: check?.ok === false }}
      destroyOnHidden
    >
      <p>
        容器 {container.code}，余量 <b>{container.quantityLeft}</b> {container.unit}
        {container.locationLabel ? `，存放于 ${container.locationLabel}` : ''}
      </p>
      <Form form={form} layout="vertical" onValuesChange={() => void revalidate()}>
        <Form.Item label="领用数量" required>
          <Space.Compact block>
            <Form.Item name="amount" noStyle rules={[{ required: true, message: '请填写领用数量' }]}>
              <InputNumber min={0} style={{ width: '70%' }} placeholder="数量" data-testid="stock-out-amount" />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select style={{ width: '30%' }} options={container.compatibleUnits.map((u) => ({ value: u, label: u }))} data-testid="stock-out-unit" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="personId" label="领用人" extra="不选即为本人">
          <PersonSelect placeholder="输入姓名搜索本所人员" testId="stock-out-person" />
        </Form.Item>
        {container.controlled === 1 && (
          <Form.Item name="secondPersonId" label="第二领用人" rules={[{ required: true, message: '管制化学品须两人领用' }]}>
            <PersonSelect placeholder="易制毒、易制爆、剧毒化学品须两人领用" />
          </Form.Item>
        )}
        <Form.Item name="purpose" label="用途">
          <Input maxLength={200} placeholder="如：HPLC 流动相配制" />
        </Form.Item>
      </Form>
      {check && <Alert type={check.ok ? 'success' : 'error'} showIcon title={check.message} data-testid="stock-out-check" />}
    </Modal>
  );
}
