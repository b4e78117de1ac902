import { UnblockBody } from '@kc/contracts/identity/uac';
import { Button, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { UnfreezeData } from '../../../../lib/error-catalogue.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { LOGIN_PATH } from '../../../../lib/session.ts';
import { StorageKey, storage } from '../../../../lib/storage.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { autoUnBlock, sendUnlockCode, sendUnlockEmailCode, type UnlockChannel } from '../api/unfreeze-api.ts';
import { AuthCard } from '../components/auth-card.tsx';

const RESEND_SECONDS = 60;

/** Seconds left before a code may be sent again. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/** Identity check of a frozen account; reachable only by programmatic navigation after code 10035. */
export function UnfreezePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [data] = useState<UnfreezeData | null>(() =>
    (location.state as UnfreezeData | null)?.userName ? (location.state as UnfreezeData) : storage.get<UnfreezeData>(StorageKey.unfreeze),
  );
  const [channel, setChannel] = useState<UnlockChannel | null>(null);
  const sending = { sms: useSaving(), email: useSaving() };
  const { saving: submitting, run } = useSaving();
  const [left, startCountdown] = useCountdown();

  if (!data) return <Navigate to={LOGIN_PATH} replace />;

  const send = (via: UnlockChannel) =>
    sending[via].run(async () => {
      if (via === 'sms') await sendUnlockCode(data.userName);
      else await sendUnlockEmailCode(data.userName);
      setChannel(via);
      startCountdown();
      feedback.success(via === 'sms' ? '短信验证码已发送，请注意查收' : '邮箱验证码已发送，请注意查收');
    });

  const submit = async ({ code }: { code: string }) => {
    if (!channel) {
      feedback.warning('请先获取验证码');
      return;
    }
    await run(async () => {
      await autoUnBlock({ userName: data.userName, code, channel });
      storage.remove(StorageKey.unfreeze);
      feedback.success('账号已解冻，请重新登录');
      navigate(LOGIN_PATH, { replace: true });
    });
  };

  return (
    <AuthCard title="账号解冻">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">您的账号因密码错误次数过多已被冻结，请通过验证码验证身份后解冻。</Typography.Text>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'userName', label: '用户名', children: data.userName },
            { key: 'phone', label: '绑定手机', children: data.phoneNum || '未绑定' },
          ]}
        />
        <Flex gap={8}>
          <Button block disabled={left > 0} loading={sending.sms.saving} onClick={() => void send('sms')}>
            {left > 0 && channel === 'sms' ? `${left} 秒后重新获取` : '获取短信验证码'}
          </Button>
          <Button block disabled={left > 0} loading={sending.email.saving} onClick={() => void send('email')}>
            {left > 0 && channel === 'email' ? `${left} 秒后重新获取` : '获取邮箱验证码'}
          </Button>
        </Flex>
        <Form<{ code: string }> layout="vertical" name="unfreeze" onFinish={submit}>
          <Form.Item label="验证码" name="code" rules={contractRules(UnblockBody.shape.code, { required: '请输入验证码' })}>
            <Input placeholder="请输入 6 位验证码" maxLength={6} inputMode="numeric" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              验证并解冻
            </Button>
          </Form.Item>
          <Button type="link" block onClick={() => navigate(LOGIN_PATH, { replace: true })}>
            返回登录
          </Button>
        </Form>
      </Flex>
    </AuthCard>
  );
}
