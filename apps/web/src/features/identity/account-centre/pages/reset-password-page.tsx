import { CheckUserInfoBody, NoLoginResetBody } from '@kc/contracts/identity/uac';
import { Button, Descriptions, Flex, Form, Input, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../../lib/feedback.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { useThrottledClick } from '../../../../lib/use-throttled-click.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { AuthCard } from '../../uac/index.ts';
import { type CheckedUser, checkUserInfo, checkUserVerification, modifyWithCodeNoLogin, sendResetCode } from '../api/reset-password-api.ts';

const RESEND_SECONDS = 60;

/** 找回密码: account → SMS code → new password, then /resetPassWordSuccess. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [user, setUser] = useState<CheckedUser | null>(null);
  // the full number the user typed: the code goes to it once the server has matched it with the name
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const { saving: busy, run } = useSaving();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);

  const check = (v: { userName: string; phoneNum: string }) =>
    run(async () => {
      const phoneNum = v.phoneNum.trim();
      setUser(await checkUserInfo({ userName: v.userName.trim(), phoneNum }));
      setPhone(phoneNum);
      setStep(1);
    });
  // A double click must not send two codes (docs/domains/platform.md#click-throttle).
  const send = useThrottledClick(() =>
    run(async () => {
      if (!user) return;
      await sendResetCode({ userName: user.userName, phoneNum: phone });
      setLeft(RESEND_SECONDS);
      feedback.success('短信验证码已发送，请注意查收');
    }),
  );
  const verify = (v: { code: string }) =>
    run(async () => {
      if (!user) return;
      await checkUserVerification({ userName: user.userName, code: v.code });
      setCode(v.code);
      setStep(2);
    });
  const save = (v: { newPassword: string }) =>
    run(async () => {
      if (!user) return;
      await modifyWithCodeNoLogin({ userName: user.userName, code, newPassword: v.newPassword });
      navigate('/resetPassWordSuccess', { replace: true });
    });

  return (
    <AuthCard title="找回密码">
      <Steps size="small" current={step} items={[{ title: '验证账号' }, { title: '验证身份' }, { title: '设置新密码' }]} style={{ marginBottom: 24 }} />
      {step === 0 && (
        <Form layout="vertical" name="reset-account" onFinish={check}>
          <Form.Item label="用户名" name="userName" rules={contractRules(CheckUserInfoBody.shape.userName)}>
            <Input placeholder="请输入登录用户名" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="绑定手机号"
            name="phoneNum"
            extra="账号未绑定手机或手机号已停用时，请联系本单位管理员重置密码"
            rules={contractRules(CheckUserInfoBody.shape.phoneNum, { required: '请输入绑定的手机号' })}
          >
            <Input placeholder="账号绑定的手机号" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && user && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'u', label: '用户名', children: user.userName },
              { key: 'p', label: '绑定手机', children: user.phoneNum || '未绑定' },
            ]}
          />
          <Form layout="vertical" name="reset-code" onFinish={verify}>
            <Form.Item label="短信验证码" required>
              <Flex gap={8}>
                <Form.Item name="code" noStyle rules={contractRules(NoLoginResetBody.shape.code)}>
                  <Input placeholder="6 位验证码" maxLength={6} inputMode="numeric" />
                </Form.Item>
                <Button disabled={left > 0 || !user.phoneNum} loading={busy && left === 0} onClick={() => void send()}>
                  {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
                </Button>
              </Flex>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              下一步
            </Button>
          </Form>
        </Flex>
      )}
      {step === 2 && (
        <Form layout="vertical" name="reset-password" onFinish={save}>
          <Form.Item
            label="新密码"
            name="newPassword"
            extra="8-20位，需同时包含字母和数字"
            rules={contractRules(NoLoginResetBody.shape.newPassword, { required: '请输入新密码', invalid: '密码需为8-20位，且同时包含字母和数字' })}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, v: string) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            确认修改
          </Button>
        </Form>
      )}
      <Button type="link" block onClick={() => navigate('/login')} style={{ marginTop: 8 }}>
        返回登录
      </Button>
    </AuthCard>
  );
}
