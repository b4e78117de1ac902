import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';

/** An external login (SSO) named an account this platform does not have. */
export function NoUserPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="账号不存在"
      subTitle="未找到与您的身份对应的平台账号。请联系所在单位的平台管理员开通账号，或使用已有账号登录。"
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            返回登录
          </Button>
          <Button onClick={() => navigate('/')}>返回首页</Button>
        </Space>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
