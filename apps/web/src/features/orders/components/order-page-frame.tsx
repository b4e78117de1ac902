import { Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MessageBell } from './message-bell.tsx';

/** Title, the message bell and page-level buttons (导出) above an order page's content. */
export function OrderPageFrame({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space>
          {extra}
          <MessageBell />
        </Space>
      </Flex>
      <Flex vertical gap={16}>
        {children}
      </Flex>
    </Card>
  );
}
