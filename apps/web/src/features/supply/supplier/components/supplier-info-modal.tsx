import { SupplierInfoBody } from '@kc/contracts/supply/supplier-registration';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules, zodRule } from '../../../../lib/zod-rule.ts';
import { resetSupplierInfo, type SupplierReviewVO } from '../api/registration-api.ts';
import { creditCodeProblem } from '../registration-rules.ts';

interface Values {
  contactName: string;
  contactPhone: string;
  email?: string;
  childAccountLimit: number;
  creditCode: string;
}

/** 修改信息 (platform admin): a supplier's contact details, child-account limit and (a correction) its credit code, checked like at registration; the company name stays as reviewed. */
export function SupplierInfoModal({ supplier, onClose, onSaved }: { supplier: SupplierReviewVO | null; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (supplier)
      form.setFieldsValue({
        contactName: supplier.contactName,
        contactPhone: supplier.contactPhone,
        email: supplier.email ?? undefined,
        childAccountLimit: supplier.childAccountLimit,
        creditCode: supplier.creditCode,
      });
  }, [supplier, form]);

  const save = async () => {
    if (!supplier) return;
    const v = await form.validateFields();
    await resetSupplierInfo({
      id: supplier.id,
      contactName: v.contactName.trim(),
      contactPhone: v.contactPhone.trim(),
      email: v.email?.trim() || null,
      childAccountLimit: v.childAccountLimit,
      // sent only when corrected
      ...(v.creditCode.trim().toUpperCase() !== supplier.creditCode ? { creditCode: v.creditCode.trim().toUpperCase() } : {}),
    });
    feedback.success('已保存');
    onClose();
    await onSaved();
  };

  return (
    <Modal
      open={supplier !== null}
      title={`修改供应商信息：${supplier?.companyName ?? ''}`}
      okText="保存"
      cancelText="取消"
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">公司名称以审核时的营业执照为准，不在此修改；统一社会信用代码仅在录入有误时更正。</Typography.Paragraph>
      <Form form={form} layout="vertical" name="supplier-info">
        <Form.Item
          name="creditCode"
          label="统一社会信用代码"
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const problem = creditCodeProblem(v ?? '');
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="contactName" label="联系人" rules={contractRules(SupplierInfoBody.shape.contactName)}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话" rules={contractRules(SupplierInfoBody.shape.contactPhone)}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={[zodRule(SupplierInfoBody.shape.email)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="childAccountLimit"
          label="子账号上限"
          extra="供应商可同时启用的子账号数量"
          rules={contractRules(SupplierInfoBody.shape.childAccountLimit, { required: '请输入子账号上限' })}
        >
          <InputNumber min={0} max={200} precision={0} style={{ width: 160 }} suffix="个" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
