import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { homePath } from '../../../../lib/session.ts';

export function ServerErrorPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title="500"
      subTitle="抱歉，服务器出错了，请稍后重试。"
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate(homePath(), { replace: true })}>
            返回首页
          </Button>
          <Button onClick={() => navigate(-1)}>返回上一页</Button>
        </Space>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
