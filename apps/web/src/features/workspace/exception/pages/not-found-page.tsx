import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { homePath, isLoggedIn } from '../../../../lib/session.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={isLoggedIn() ? '抱歉，您访问的页面不存在。' : '抱歉，您访问的页面不存在。如需访问系统内的页面，请先登录。'}
      extra={
        <Button type="primary" onClick={() => navigate(homePath(), { replace: true })}>
          返回首页
        </Button>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
