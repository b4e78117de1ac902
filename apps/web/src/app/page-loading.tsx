import { Flex, Spin } from 'antd';

/** Shown while the first navigation's guard runs, and while a lazy page arrives. */
export function PageLoading({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 320 }}>
      <Spin size="large" description="加载中…" />
    </Flex>
  );
}
