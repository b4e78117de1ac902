import { ForceModifyBody } from '@kc/contracts/identity/uac';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useSaving } from '../../../../lib/use-saving.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { verifyAndModify } from '../api/auth-api.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface Props {
  open: boolean;
  /** the password just used to log in, prefilled as the old one */
  oldPassword: string;
  onDone: () => void;
  onCancel: () => void;
}

/** Forced password change on first login (user.whetherForceModifyPassword). */
export function ForcePasswordModal({ open, oldPassword, onDone, onCancel }: Props) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();

  const submit = (values: Values) =>
    run(async () => {
      await verifyAndModify({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.resetFields();
      onDone();
    });

  return (
    <Modal open={open} title="修改初始密码" closable={false} keyboard={false} mask={{ closable: false }} footer={null} destroyOnHidden width={440}>
      <Alert type="warning" showIcon title="为了账号安全，首次登录请先修改密码。" style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" name="force-password" initialValues={{ oldPassword }} onFinish={submit}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra="8-20位，需同时包含字母和数字"
          rules={[
            ...contractRules(ForceModifyBody.shape.newPassword, { required: '请输入新密码', invalid: '密码需为8-20位，且同时包含字母和数字' }),
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                value && value === getFieldValue('oldPassword') ? Promise.reject(new Error('新密码不能与原密码相同')) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
          <Button onClick={onCancel} style={{ marginRight: 8 }}>
            退出登录
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
