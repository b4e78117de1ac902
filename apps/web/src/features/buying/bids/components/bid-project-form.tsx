import { BID_INVITE_TEXT, BidLineInput, BidProjectBody, MIN_VALID_BIDS } from '@kc/contracts/buying/bids';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { bidKeys } from '../api/bid-query-keys.ts';
import { type BidProjectDetail, type BidProjectInput, getBidSuppliers, getMyAddresses } from '../api/bids-api.ts';
import { fen } from '../bid-status.ts';

interface ProjectForm {
  title: string;
  lines: { name: string; spec: string; cas?: string; quantity: number; unit: string }[];
  /** yuan */
  ceiling: number;
  deadline: Dayjs;
  addressId: number;
  inviteMode: 'invited' | 'all';
  supplierIds: number[];
  remark?: string;
}

/**
 * 发布 / 修改招标项目: items, ceiling price (yuan, sent as fen), deadline, delivery address from the
 * buyer's address book, and who may bid (invited suppliers, or every supplier with a contract in
 * force with the institute). Editing after bids arrived voids them: the modal says so up front,
 * whether or not any bid exists (the buyer cannot know).
 */
export function BidProjectFormModal({
  open,
  editing,
  onCancel,
  onSave,
}: {
  open: boolean;
  editing: BidProjectDetail | null;
  onCancel: () => void;
  onSave: (p: BidProjectInput) => Promise<unknown>;
}) {
  const [form] = Form.useForm<ProjectForm>();
  const suppliers = useQuery({ queryKey: bidKeys.suppliers, queryFn: getBidSuppliers, enabled: open });
  const addresses = useQuery({ queryKey: bidKeys.addresses, queryFn: getMyAddresses, enabled: open });
  const mode = Form.useWatch('inviteMode', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        title: editing.title,
        lines: editing.lines.map((l) => ({ name: l.name, spec: l.spec, cas: l.cas ?? undefined, quantity: l.quantity, unit: l.unit })),
        ceiling: editing.ceilingAmount / 100,
        deadline: dayjs(editing.deadline),
        addressId: editing.addressId ?? undefined,
        inviteMode: editing.inviteMode,
        supplierIds: editing.suppliers.map((s) => s.id),
        remark: editing.remark,
      });
    else
      form.setFieldsValue({
        inviteMode: 'invited',
        supplierIds: [],
        lines: [{ name: '', spec: '', quantity: 1, unit: '瓶' }],
        deadline: dayjs().add(7, 'day').hour(17).minute(0).second(0),
      });
  }, [open, editing, form]);

  useEffect(() => {
    // the default address when there is one and none is chosen
    const def = addresses.data?.records.find((a) => a.isDefault) ?? addresses.data?.records[0];
    if (open && def && !form.getFieldValue('addressId')) form.setFieldValue('addressId', def.id);
  }, [open, addresses.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    await onSave({
      title: v.title.trim(),
      lines: v.lines.map((l) => ({ name: l.name.trim(), spec: l.spec.trim(), cas: l.cas?.trim() || null, quantity: l.quantity, unit: l.unit.trim() })),
      ceilingAmount: fen(v.ceiling),
      deadline: v.deadline.toISOString(),
      addressId: v.addressId,
      inviteMode: v.inviteMode,
      supplierIds: v.inviteMode === 'invited' ? v.supplierIds : [],
      remark: v.remark?.trim() ?? '',
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? `修改招标项目 ${editing.projectNo}` : '发布招标项目'}
      width={860}
      onCancel={onCancel}
      onOk={save}
      okText={editing ? '保存修改' : '发布'}
      destroyOnHidden
    >
      {editing && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="修改后，本轮已提交的投标全部作废，所有相关供应商将收到通知并需重新投标。" />
      )}
      <Form form={form} layout="vertical" name="bid-project-form">
        <Form.Item name="title" label="项目名称" rules={contractRules(BidProjectBody.shape.title, '项目名称为 2-60 个字')}>
          <Input placeholder="如：2026年度色谱耗材集中采购" data-testid="bid-title" />
        </Form.Item>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4} style={{ marginBottom: 12 }}>
              <span>采购内容</span>
              {fields.map((f, i) => (
                <Flex key={f.key} gap={8} align="start">
                  <Form.Item name={[f.name, 'name']} rules={contractRules(BidLineInput.shape.name)} style={{ flex: 3, marginBottom: 4 }}>
                    <Input placeholder="品名" data-testid={`bid-line-name-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'spec']} rules={contractRules(BidLineInput.shape.spec)} style={{ flex: 2, marginBottom: 4 }}>
                    <Input placeholder="规格" data-testid={`bid-line-spec-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'cas']} style={{ flex: 2, marginBottom: 4 }}>
                    <Input placeholder="CAS 号（选填）" />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'quantity']}
                    rules={contractRules(BidLineInput.shape.quantity, { required: '请填写数量' })}
                    style={{ width: 100, marginBottom: 4 }}
                  >
                    <InputNumber min={1} precision={0} placeholder="数量" style={{ width: '100%' }} data-testid={`bid-line-qty-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'unit']} rules={contractRules(BidLineInput.shape.unit)} style={{ width: 80, marginBottom: 4 }}>
                    <Input placeholder="单位" maxLength={8} />
                  </Form.Item>
                  <Button type="link" danger disabled={fields.length === 1} onClick={() => remove(f.name)}>
                    删除
                  </Button>
                </Flex>
              ))}
              <Button type="dashed" onClick={() => add({ quantity: 1, unit: '瓶' })} disabled={fields.length >= 50}>
                添加一项
              </Button>
            </Flex>
          )}
        </Form.List>
        <Flex gap={16}>
          <Form.Item name="ceiling" label="最高限价（元）" rules={[{ required: true, message: '请填写最高限价' }]} style={{ flex: 1 }}>
            <InputNumber min={0.01} max={10_000_000} precision={2} style={{ width: '100%' }} data-testid="bid-ceiling" />
          </Form.Item>
          <Form.Item
            name="deadline"
            label="投标截止时间"
            rules={[
              { required: true, message: '请选择截止时间' },
              { validator: (_, v: Dayjs | undefined) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('截止时间须晚于当前时间'))) },
            ]}
            style={{ flex: 1 }}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="addressId" label="收货地址" rules={[{ required: true, message: '请选择收货地址（可在“收货地址”中新增）' }]}>
          <Select
            loading={addresses.isLoading}
            options={(addresses.data?.records ?? []).map((a) => ({
              value: a.id,
              label: `${a.province}${a.city}${a.district}${a.detail}（${a.contact} ${a.phone}）`,
            }))}
            placeholder="选择收货地址"
          />
        </Form.Item>
        <Form.Item name="inviteMode" label="投标范围">
          <Radio.Group options={Object.entries(BID_INVITE_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {mode === 'invited' && (
          <Form.Item
            name="supplierIds"
            label="邀请供应商"
            extra="只列出与本所有生效供货合同的供应商"
            rules={[
              {
                validator: (_, v: number[] | undefined) =>
                  (v?.length ?? 0) >= MIN_VALID_BIDS ? Promise.resolve() : Promise.reject(new Error(`请至少邀请 ${MIN_VALID_BIDS} 家供应商`)),
              },
            ]}
          >
            <Select
              mode="multiple"
              loading={suppliers.isLoading}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              placeholder="选择供应商"
              data-testid="bid-suppliers"
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label="说明">
          <Input.TextArea rows={2} maxLength={500} placeholder="报价要求、资质要求、验收标准等" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
