import { UserNameApplyBody } from '@kc/contracts/identity/account-centre';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { applyUserName, myUserNameRequest, sendUserNameCode, userNameAvailable } from '../api/account-centre-api.ts';
import { accountKeys } from '../api/account-query-keys.ts';
import { requestTag } from './request-tag.tsx';
import { useCodeButton } from './use-code-button.ts';

/** 修改用户名: a new name (checked as it is typed), the code mailed to the user, then the platform's review. */
export function UserNameCard({ hasEmail }: { hasEmail: boolean }) {
  const mine = useQuery({ queryKey: accountKeys.userNameRequest, queryFn: myUserNameRequest });
  const pending = mine.data?.status === 'pending';
  return (
    <Card title={<Space>修改用户名 {requestTag(mine.data)}</Space>} size="small">
      {pending ? (
        <Typography.Text>
          申请改为 <b>{mine.data?.newValue.userName}</b>，审核中（该用户名已为您保留）。
        </Typography.Text>
      ) : !hasEmail ? (
        <Typography.Text type="secondary">验证码发送到本人邮箱，请先绑定邮箱。</Typography.Text>
      ) : (
        <UserNameForm onSent={() => mine.refetch()} />
      )}
    </Card>
  );
}

function UserNameForm({ onSent }: { onSent: () => Promise<unknown> }) {
  const [form] = Form.useForm();
  const code = useCodeButton();
  return (
    <Form
      form={form}
      layout="inline"
      name="change-username"
      onFinish={async (v) => {
        await applyUserName(v.newUserName.trim(), v.code);
        feedback.success('已提交，请等待审核');
        await onSent();
      }}
    >
      <Form.Item name="newUserName" label="新用户名" rules={contractRules(UserNameApplyBody.shape.newUserName)}>
        <Input
          onBlur={async (e) => {
            const name = e.target.value.trim();
            if (name.length >= 4) {
              const r = await userNameAvailable(name);
              if (!r.available) form.setFields([{ name: 'newUserName', errors: [r.message] }]);
            }
          }}
        />
      </Form.Item>
      <Button disabled={code.disabled} onClick={async () => code.send(() => sendUserNameCode((form.getFieldValue('newUserName') ?? '').trim()))}>
        {code.label}
      </Button>
      <Form.Item name="code" label="邮箱验证码" rules={contractRules(UserNameApplyBody.shape.code)} style={{ marginLeft: 16 }}>
        <Input maxLength={6} style={{ width: 120 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        提交申请
      </Button>
    </Form>
  );
}
