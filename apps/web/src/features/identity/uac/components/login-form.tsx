import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
// Checkbox, Input and Password straight from their modules: antd's bundles of them also carry
// Checkbox.Group, Input's Search, OTP, TextArea and Group (with Space), which the login page,
// shipped in the app's entry, never shows (bench:web).
import Checkbox from 'antd/es/checkbox/Checkbox';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchServerFacts, knownServerFacts } from '../../../../lib/server-facts.ts';
import { CaptchaImage, newRandomStr } from './captcha-image.tsx';

export interface LoginFormValues {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
}

interface Props {
  initialUsername: string;
  /** resolves true when the login went through; on failure the captcha is renewed */
  onSubmit: (values: LoginFormValues & { randomStr: string }) => Promise<boolean>;
}

export function LoginForm({ initialUsername, onSubmit }: Props) {
  const [form] = Form.useForm<LoginFormValues>();
  const [randomStr, setRandomStr] = useState(newRandomStr);
  const [submitting, setSubmitting] = useState(false);
  // CAPTCHA_ENABLED=false on the server: no captcha field at all (the guard already asked, so this rarely changes)
  const [captchaOn, setCaptchaOn] = useState(() => knownServerFacts()?.captcha ?? true);
  useEffect(() => {
    let live = true;
    void fetchServerFacts().then((f) => live && setCaptchaOn(f.captcha));
    return () => {
      live = false;
    };
  }, []);

  const refreshCaptcha = () => {
    setRandomStr(newRandomStr());
    form.setFieldValue('captcha', '');
  };

  const finish = async (values: LoginFormValues) => {
    setSubmitting(true);
    try {
      const ok = await onSubmit({ ...values, randomStr });
      if (!ok) {
        refreshCaptcha();
        form.setFieldValue('password', '');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginFormValues>
      form={form}
      name="login"
      size="large"
      initialValues={{ username: initialUsername, password: '', captcha: '', remember: initialUsername !== '' }}
      onFinish={finish}
      autoComplete="off"
    >
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" maxLength={128} />
      </Form.Item>
      {captchaOn && (
        <Form.Item>
          <Flex gap={8}>
            <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={8} />
            </Form.Item>
            <CaptchaImage randomStr={randomStr} onRefresh={refreshCaptcha} />
          </Flex>
        </Form.Item>
      )}
      <Flex justify="space-between" align="baseline">
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>记住用户名</Checkbox>
        </Form.Item>
        <Link to="/resetPwd">忘记密码？</Link>
      </Flex>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登 录
        </Button>
      </Form.Item>
      <Flex justify="center" gap={16} style={{ marginTop: 12, fontSize: 13 }}>
        <Link to="/cassSupplierRegister">供应商注册</Link>
        <Link to="/CassLoginPrivacyPolicy">隐私政策</Link>
      </Flex>
    </Form>
  );
}
