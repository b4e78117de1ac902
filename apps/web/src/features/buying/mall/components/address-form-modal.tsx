import { AddressBody } from '@kc/contracts/buying/mall';
import { Cascader, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { hasDistrictList, isListedDistrict, REGION_OPTIONS } from '../../../../lib/china-regions.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { AddressInput, AddressVO } from '../api/address-api.ts';
import { useSaveAddress } from '../api/use-address-queries.ts';

interface FormValues {
  contact: string;
  phone: string;
  region: string[];
  /** typed when the chosen city has no built-in district list */
  districtText?: string;
  detail: string;
  isDefault: boolean;
}

const field = AddressBody.shape;

function toForm(a: AddressVO | null): Partial<FormValues> {
  if (!a) return { region: [], isDefault: false };
  const listed = isListedDistrict(a.province, a.city, a.district);
  return {
    contact: a.contact,
    phone: a.phone,
    region: listed ? [a.province, a.city, a.district] : [a.province, a.city],
    districtText: listed ? undefined : a.district,
    detail: a.detail,
    isDefault: a.isDefault,
  };
}

function toBody(v: FormValues): AddressInput {
  const [province = '', city = '', district] = v.region;
  return {
    province,
    city,
    district: (district ?? v.districtText ?? '').trim(),
    detail: v.detail.trim(),
    contact: v.contact.trim(),
    phone: v.phone.trim(),
    isDefault: v.isDefault,
  };
}

interface Props {
  open: boolean;
  /** the address to modify; null adds a new one */
  address: AddressVO | null;
  /** a new address becomes the default when the buyer has none yet */
  defaultChecked?: boolean;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新增/编辑收货地址: contact, phone, province / city / district cascader (typed district where none is listed), detail, default. */
export function AddressFormModal({ open, address, defaultChecked = false, onClose, onSaved }: Props) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAddress();
  const region = Form.useWatch('region', form) ?? [];
  const needDistrictText = region.length === 2 && !hasDistrictList(region[0], region[1]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...toForm(address), ...(address ? {} : { isDefault: defaultChecked }) });
  }, [open, address, defaultChecked, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const id = await save.mutateAsync({ ...toBody(values), ...(address ? { id: address.id } : {}) });
    onSaved?.(id);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={address ? '编辑收货地址' : '新增收货地址'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<FormValues> form={form} layout="vertical" name="address">
        <Form.Item name="contact" label="收货人" rules={[{ required: true, whitespace: true, message: '请填写收货人' }, zodRule(field.contact)]}>
          <Input placeholder="收货人姓名" maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请填写手机号' }, zodRule(field.phone)]}>
          <Input placeholder="11 位手机号" maxLength={11} />
        </Form.Item>
        <Form.Item name="region" label="所在地区" rules={[{ required: true, type: 'array', min: 2, message: '请选择省、市、区县' }]}>
          <Cascader options={REGION_OPTIONS} placeholder="请选择省 / 市 / 区县" showSearch={{ matchInputWidth: false }} expandTrigger="hover" />
        </Form.Item>
        {needDistrictText && (
          <Form.Item name="districtText" label="区县" rules={[{ required: true, whitespace: true, message: '请填写区县' }, zodRule(field.district)]}>
            <Input placeholder="请填写区县" maxLength={30} />
          </Form.Item>
        )}
        <Form.Item name="detail" label="详细地址" rules={[{ required: true, whitespace: true, message: '请填写详细地址' }, zodRule(field.detail)]}>
          <Input.TextArea placeholder="街道、门牌号、楼栋及房间号" rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>设为默认收货地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
