import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { type CheckRuleVO, rules } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';

interface Values {
  cutoffDay: number;
  countStates: ('completed' | 'refunded')[];
  deductions: { name: string; kind: 'fixed' | 'percent'; amount: number }[];
}

/**
 * 结算规则 of one institute: the cut-off day (0 = month end), which sub-order states a statement
 * takes, and deductions (fixed in yuan or a percentage). Money and percentages go to the server as
 * fen and basis points.
 */
export function CheckRuleEditor({ rule, onClose }: { rule: CheckRuleVO | null; onClose: () => void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (rule)
      form.setFieldsValue({
        cutoffDay: rule.cutoffDay,
        countStates: rule.countStates,
        deductions: rule.deductions.map((d) => ({ name: d.name, kind: d.kind, amount: d.value / 100 })),
      });
  }, [rule, form]);
  const save = async () => {
    if (!rule) return;
    const v = await form.validateFields();
    await rules.save({
      instituteId: rule.instituteId,
      period: 'monthly',
      cutoffDay: v.cutoffDay,
      countStates: v.countStates,
      deductions: (v.deductions ?? []).map((d) => ({ name: d.name.trim(), kind: d.kind, value: Math.round(d.amount * 100) })),
    });
    feedback.success('结算规则已保存');
    await client.invalidateQueries({ queryKey: settlementKeys.rules });
    onClose();
  };
  return (
    <Modal
      open={rule !== null}
      title={rule ? `结算规则：${rule.instituteName}` : ''}
      okText="保存"
      onOk={() => save().catch(() => undefined)}
      onCancel={onClose}
      width={640}
    >
      <Form form={form} layout="vertical">
        <Form.Item label="结算周期">按月</Form.Item>
        <Form.Item label="截止日（0 为月末；1–28 为每月该日）" name="cutoffDay" rules={[{ required: true, message: '请填写截止日' }]}>
          <InputNumber min={0} max={28} precision={0} />
        </Form.Item>
        <Form.Item label="计入对账的订单状态" name="countStates" rules={[{ required: true, message: '至少选择一种' }]}>
          <Checkbox.Group
            options={[
              { value: 'completed', label: '已验收' },
              { value: 'refunded', label: '已退货（列示，不计金额）' },
            ]}
          />
        </Form.Item>
        <Form.List name="deductions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '扣款名称' }]}>
                    <Input placeholder="扣款名称" maxLength={30} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'kind']} initialValue="percent">
                    <Select
                      style={{ width: 110 }}
                      options={[
                        { value: 'percent', label: '按比例 %' },
                        { value: 'fixed', label: '固定 元' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: '数值' }]}>
                    <InputNumber min={0.01} precision={2} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                添加扣款
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
