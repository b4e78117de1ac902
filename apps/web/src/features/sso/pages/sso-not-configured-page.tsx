import { Button, Result, Space, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';

const SSO_KIND: Record<string, string> = {
  '/getToken': '统一身份认证令牌换取',
  '/casSSO': 'CAS 单点登录',
  '/api/zjs/cas/sso.lf': 'CAS 单点登录回调',
  '/casSSOUnFreeze': '单点登录账号解冻',
  '/CassServiceSSoToLogin': '服务平台单点登录',
  '/asaglogin.lf': '院所统一认证登录',
  '/CassToOtherWeb': '跳转到外部业务系统',
};

/**
 * The single-sign-on entries of SPEC.md §2. This installation has no identity provider
 * configured, so they say so plainly and lead to the platform's own login.
 */
export function SsoNotConfiguredPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const outbound = pathname === '/CassToOtherWeb';
  return (
    <Result
      status="info"
      title={outbound ? '未配置外部系统' : '本平台未配置单点登录'}
      subTitle={
        <Space direction="vertical" size={4}>
          <Typography.Text type="secondary">
            {SSO_KIND[pathname] ?? '单点登录'}需要由平台运维在服务器上配置对接的{outbound ? '外部系统地址' : '统一身份认证服务'}，当前安装尚未配置。
          </Typography.Text>
          <Typography.Text type="secondary">
            {outbound ? '请返回控制台继续使用本平台的功能。' : '请使用平台账号和密码登录；如尚无账号，请联系所在单位的平台管理员。'}
          </Typography.Text>
        </Space>
      }
      extra={
        outbound ? (
          <Button type="primary" onClick={() => navigate('/caas', { replace: true })}>
            返回控制台
          </Button>
        ) : (
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            前往登录
          </Button>
        )
      }
      style={{ paddingTop: 120 }}
    />
  );
}
