import { theme } from 'antd';
import { useSyncExternalStore } from 'react';
import { progress } from './progress.ts';

/** A thin bar across the top while a navigation loads (NProgress-like, in the theme colour). */
export function ProgressBar() {
  const { percent, loading } = useSyncExternalStore(progress.subscribe, progress.get);
  const { token } = theme.useToken();
  const visible = loading || percent > 0;
  return (
    <div
      role="progressbar"
      aria-label="页面加载进度"
      aria-valuenow={Math.round(percent)}
      data-testid="page-progress"
      data-loading={loading ? 'true' : 'false'}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 2000,
        width: `${percent}%`,
        background: token.colorPrimary,
        boxShadow: `0 0 8px ${token.colorPrimary}`,
        opacity: visible ? 1 : 0,
        transition: 'width 200ms ease, opacity 250ms ease',
        pointerEvents: 'none',
      }}
    />
  );
}
