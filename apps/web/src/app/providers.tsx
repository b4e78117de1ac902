import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { bindFeedback, MESSAGE_CONFIG } from '../lib/feedback.ts';
import { queryClient } from '../lib/query-client.ts';

export const THEME_PRIMARY = '#796AEE';

/** Hands antd's context-aware message and modal to code outside React (the api client). */
function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, modal });
    return () => bindFeedback(null);
  }, [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: THEME_PRIMARY, colorInfo: THEME_PRIMARY, colorLink: THEME_PRIMARY } }}>
      <App message={MESSAGE_CONFIG}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
