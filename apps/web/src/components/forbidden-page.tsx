import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { homePath } from '../../../lib/session.ts';

export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，您无权访问该页面。"
      extra={
        <Button type="primary" onClick={() => navigate(homePath(), { replace: true })}>
          返回首页
        </Button>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
