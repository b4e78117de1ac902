import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load.ts';
import { homePath } from '../lib/session.ts';

/** What the router shows when a page fails: a chunk that did not load (offer a reload) or a render error (500). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title="页面资源加载失败"
        subTitle="网络不稳定或系统刚刚更新，页面文件未能加载。请刷新页面后重试。"
        extra={
          <Button type="primary" onClick={() => window.location.replace(`${window.location.pathname}?t=${Date.now()}`)}>
            刷新页面
          </Button>
        }
        style={{ paddingTop: 120 }}
      />
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : '500'}
      title={notFound ? '404' : '出错了'}
      subTitle={notFound ? '抱歉，您访问的页面不存在。' : '页面出现异常，请返回首页后重试。'}
      extra={
        <Button type="primary" onClick={() => window.location.assign(homePath())}>
          返回首页
        </Button>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
