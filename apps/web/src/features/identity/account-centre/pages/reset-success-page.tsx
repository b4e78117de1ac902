import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../uac/index.ts';

export function ResetSuccessPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="找回密码">
      <Result
        status="success"
        title="密码重置成功"
        subTitle="请使用新密码登录。"
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            返回登录
          </Button>
        }
      />
    </AuthCard>
  );
}
