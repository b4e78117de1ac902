import { Button } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load.ts';
import { homePath } from '../lib/session.ts';
import type { RouteErrorView } from './route-error-result.tsx';

// antd's Result (with its illustrations) is loaded when an error is shown, keeping it out of the
// app's entry (bench:web). Until it arrives, or when it cannot (the network is what failed), the
// same words and button are shown plainly.
const RouteErrorResult = lazy(() => import('./route-error-result.tsx').then((m) => ({ default: m.RouteErrorResult })));

function PlainError({ title, subTitle, action, onAction }: RouteErrorView) {
  return (
    <div style={{ paddingTop: 120, textAlign: 'center' }}>
      <h3 style={{ fontSize: 24, fontWeight: 400, margin: '0 0 8px' }}>{title}</h3>
      <p style={{ color: 'rgba(0, 0, 0, 0.45)', margin: '0 0 24px' }}>{subTitle}</p>
      <Button type="primary" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

/** Shows the plain page if the Result chunk fails to load. */
class ResultBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function describe(error: unknown): RouteErrorView {
  if (isChunkLoadError(error)) {
    return {
      status: 'warning',
      title: '页面资源加载失败',
      subTitle: '网络不稳定或系统刚刚更新，页面文件未能加载。请刷新页面后重试。',
      action: '刷新页面',
      onAction: () => window.location.replace(`${window.location.pathname}?t=${Date.now()}`),
    };
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return {
    status: notFound ? '404' : '500',
    title: notFound ? '404' : '出错了',
    subTitle: notFound ? '抱歉，您访问的页面不存在。' : '页面出现异常，请返回首页后重试。',
    action: '返回首页',
    onAction: () => window.location.assign(homePath()),
  };
}

/** What the router shows when a page fails: a chunk that did not load (offer a reload) or a render error (500). */
export function RouteErrorPage() {
  const view = describe(useRouteError());
  const plain = <PlainError {...view} />;
  return (
    <ResultBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <RouteErrorResult {...view} />
      </Suspense>
    </ResultBoundary>
  );
}
