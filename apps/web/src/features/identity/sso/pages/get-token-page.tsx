import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ssoToken } from '../api/sso-api.ts';
import { enterSession } from '../lib/enter-session.ts';
import { once } from '../lib/once.ts';

/** /getToken: the one-time code of a single-sign-on login for the platform's token pair (guard step 4 lets it through). */
export function GetTokenPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const [failed, setFailed] = useState<string | null>(code ? null : '缺少登录凭证，请重新从单位统一身份认证登录');

  useEffect(() => {
    if (!code) return;
    once(`token:${code}`, () => ssoToken(code)).then(
      (answer) => navigate(enterSession(answer), { replace: true }),
      (e: Error) => setFailed(e.message || '登录失败'),
    );
  }, [code, navigate]);

  if (failed)
    return (
      <Result
        status="warning"
        title="单点登录未完成"
        subTitle={failed}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            前往登录
          </Button>
        }
        style={{ paddingTop: 120 }}
      />
    );
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" tip="正在登录…">
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </Flex>
  );
}
