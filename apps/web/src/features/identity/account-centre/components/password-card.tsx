import { ModifyWithCodeBody } from '@kc/contracts/identity/uac';
import { Button, Card, Form, Input } from 'antd';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { modifyPasswordWithCode, sendPasswordCode } from '../api/account-centre-api.ts';
import { useCodeButton } from './use-code-button.ts';

/** 修改密码（短信验证）: a code sent to the bound phone and the new password. */
export function PasswordCard() {
  const [form] = Form.useForm();
  const code = useCodeButton();
  return (
    <Card title="修改密码（短信验证）" size="small">
      <Form
        form={form}
        layout="inline"
        name="password-by-sms"
        onFinish={async (v) => {
          await modifyPasswordWithCode(v.code, v.newPassword);
          feedback.success('密码修改成功，请重新登录');
        }}
      >
        <Button disabled={code.disabled} onClick={async () => code.send(sendPasswordCode)}>
          {code.label}
        </Button>
        <Form.Item name="code" label="验证码" rules={contractRules(ModifyWithCodeBody.shape.code)} style={{ marginLeft: 16 }}>
          <Input maxLength={6} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={contractRules(ModifyWithCodeBody.shape.newPassword, { required: '密码至少 8 位' })}>
          <Input.Password />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
