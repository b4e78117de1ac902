import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { homePath } from '../lib/session.ts';

/** 403: the /403 page (workspace/exception's routes) and what a page shows in place to a user who may not see it. */
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
