import { BudgetLineInput, CARD_STATUS_TEXT, type CardPersonVO, GrantCardBody, type GrantCardDetail, type GrantCardInput } from '@kc/contracts/ledgers/budget';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { budgetKeys } from '../api/budget-query-keys.ts';
import { findPeople } from '../api/grant-cards-api.ts';

interface CardForm {
  cardNo: string;
  title: string;
  piId?: number;
  range: [Dayjs, Dayjs];
  status: GrantCardInput['status'];
  policy: GrantCardInput['policy'];
  /** yuan */
  total: number;
  lines: { name: string; yuan: number }[];
  memberIds: number[];
}

const fen = (yuan: number) => Math.round(yuan * 100);
const personLabel = (p: CardPersonVO) => (p.userName ? `${p.realName ?? p.userName}（${p.userName}）` : (p.realName ?? '—'));

/**
 * 新增 / 修改经费卡: number, title, PI (finance picks anyone of the institute; a PI is the PI), validity,
 * status, 超支控制, total in yuan (sent as fen), budget lines and the members who may charge it.
 */
export function GrantCardFormModal({
  open,
  editing,
  onCancel,
  onSave,
}: {
  open: boolean;
  editing: GrantCardDetail | null;
  onCancel: () => void;
  onSave: (card: GrantCardInput) => Promise<unknown>;
}) {
  const [form] = Form.useForm<CardForm>();
  const [keyword, setKeyword] = useState('');
  const people = useQuery({ queryKey: budgetKeys.people(keyword), queryFn: () => findPeople(keyword), enabled: open });
  // the people already on the card stay selectable whatever the search shows
  const known = new Map<number, CardPersonVO>();
  for (const p of [...(editing?.members ?? []), ...(people.data ?? [])]) known.set(p.userId, p);
  if (editing) known.set(editing.piId, known.get(editing.piId) ?? { userId: editing.piId, realName: editing.piName, userName: '' });
  const options = [...known.values()].map((p) => ({ value: p.userId, label: personLabel(p) }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        cardNo: editing.cardNo,
        title: editing.title,
        piId: editing.piId,
        range: [dayjs(editing.validFrom), dayjs(editing.validTo)],
        status: editing.status,
        policy: editing.policy,
        total: editing.total / 100,
        lines: editing.lines.map((l) => ({ name: l.name, yuan: l.amount / 100 })),
        memberIds: editing.members.map((m) => m.userId),
      });
    else form.setFieldsValue({ status: 'active', policy: 'stop', range: [dayjs(), dayjs().add(3, 'year')], lines: [], memberIds: [] });
  }, [open, editing, form]);

  const save = async () => {
    const v = await form.validateFields();
    await onSave({
      cardNo: v.cardNo.trim(),
      title: v.title.trim(),
      piId: v.piId,
      validFrom: v.range[0].format('YYYY-MM-DD'),
      validTo: v.range[1].format('YYYY-MM-DD'),
      status: v.status,
      policy: v.policy,
      total: fen(v.total),
      lines: (v.lines ?? []).map((l) => ({ name: l.name.trim(), amount: fen(l.yuan) })),
      memberIds: v.memberIds ?? [],
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? `修改经费卡 ${editing.cardNo}` : '新增经费卡'}
      onCancel={onCancel}
      onOk={() => void save().catch(() => undefined)}
      okText="保存"
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="grant-card-form">
        <Flex gap={12}>
          <Form.Item name="cardNo" label="经费卡号" style={{ flex: 1 }} rules={contractRules(GrantCardBody.shape.cardNo, { required: '请填写经费卡号' })}>
            <Input maxLength={32} placeholder="如 22371234" />
          </Form.Item>
          <Form.Item name="piId" label="课题负责人" style={{ flex: 1 }} extra="不选则为本人">
            <Select allowClear showSearch filterOption={false} onSearch={setKeyword} options={options} placeholder="输入姓名查找" />
          </Form.Item>
        </Flex>
        <Form.Item name="title" label="课题名称" rules={contractRules(GrantCardBody.shape.title, { required: '请填写课题名称' })}>
          <Input maxLength={100} placeholder="如 国家自然科学基金面上项目：……" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="range" label="有效期" style={{ flex: 2 }} rules={[{ required: true, message: '请选择有效期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="total" label="总额（元）" style={{ flex: 1 }} rules={[{ required: true, message: '请填写总额' }]}>
            <InputNumber min={0} max={100_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap={24}>
          <Form.Item name="status" label="状态">
            <Radio.Group options={Object.entries(CARD_STATUS_TEXT).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="policy" label="超支控制" extra="超支禁止：终审时余额不足即拒绝；超支提醒：可通过并记录">
            <Radio.Group
              options={[
                { value: 'stop', label: '超支禁止' },
                { value: 'warn', label: '超支提醒' },
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Form.Item label="预算科目（选填）">
              <Flex vertical gap={8}>
                {fields.map((f) => (
                  <Flex key={f.key} gap={8}>
                    <Form.Item name={[f.name, 'name']} noStyle rules={contractRules(BudgetLineInput.shape.name, { required: '请填写科目' })}>
                      <Input placeholder="材料费" maxLength={30} style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'yuan']} noStyle rules={[{ required: true, message: '请填写金额' }]}>
                      <InputNumber min={0} precision={2} placeholder="金额（元）" style={{ width: 180 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Flex>
                ))}
                <Button type="dashed" onClick={() => add({ name: '', yuan: 0 })} style={{ width: 200 }}>
                  添加预算科目
                </Button>
              </Flex>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="memberIds" label="成员（可使用该卡下单）">
          <Select mode="multiple" showSearch filterOption={false} onSearch={setKeyword} options={options} placeholder="输入姓名查找本所人员" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
