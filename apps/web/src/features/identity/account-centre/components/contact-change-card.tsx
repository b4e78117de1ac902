import { ChangeEmailBody, ChangePhoneBody } from '@kc/contracts/identity/account-centre';
import { Button, Card, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { changeEmail, changePhone, sendChangeEmailCode, sendChangePhoneCode } from '../api/account-centre-api.ts';
import { useCodeButton } from './use-code-button.ts';

/** What differs between changing the phone and changing the e-mail: the field, its rule and the two calls. */
interface ContactChange {
  title: string;
  formName: string;
  field: string;
  label: string;
  rules: Rule[];
  inputWidth?: number;
  maxLength?: number;
  sendCode: (to: string) => Promise<{ sentTo: string | null }>;
  change: (to: string, code: string) => Promise<unknown>;
  done: string;
}

export const PHONE_CHANGE: ContactChange = {
  title: '更换手机号',
  formName: 'change-phone',
  field: 'phoneNum',
  label: '新手机号',
  rules: contractRules(ChangePhoneBody.shape.phoneNum),
  maxLength: 11,
  sendCode: sendChangePhoneCode,
  change: changePhone,
  done: '手机号已更换',
};

export const EMAIL_CHANGE: ContactChange = {
  title: '更换邮箱',
  formName: 'change-email',
  field: 'email',
  label: '新邮箱',
  rules: contractRules(ChangeEmailBody.shape.email),
  inputWidth: 240,
  sendCode: sendChangeEmailCode,
  change: changeEmail,
  done: '邮箱已更换',
};

/** A new phone number or e-mail address, proved by the code sent to it. */
export function ContactChangeCard({ kind, current, onDone }: { kind: ContactChange; current: string | null; onDone: () => void }) {
  const [form] = Form.useForm();
  const code = useCodeButton();
  const target = () => String(form.getFieldValue(kind.field) ?? '').trim();
  return (
    <Card title={kind.title} size="small" extra={<Typography.Text type="secondary">当前：{current ?? '未绑定'}</Typography.Text>}>
      <Form
        form={form}
        layout="inline"
        name={kind.formName}
        onFinish={async (v) => {
          await kind.change(String(v[kind.field]).trim(), v.code);
          feedback.success(kind.done);
          form.resetFields();
          onDone();
        }}
      >
        <Form.Item name={kind.field} label={kind.label} rules={kind.rules}>
          <Input maxLength={kind.maxLength} style={kind.inputWidth ? { width: kind.inputWidth } : undefined} />
        </Form.Item>
        <Button disabled={code.disabled} onClick={async () => code.send(() => kind.sendCode(target()))}>
          {code.label}
        </Button>
        <Form.Item name="code" label="验证码" rules={contractRules(ChangePhoneBody.shape.code)} style={{ marginLeft: 16 }}>
          <Input maxLength={6} style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          确认更换
        </Button>
      </Form>
    </Card>
  );
}
