import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { APP_NAME } from '../../../app/route-meta.ts';

/** The centred card on a tinted background shared by the login and unfreeze screens. */
export function AuthCard({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Flex
      align="center"
      justify="center"
      wrap
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(135deg, #f0eefe 0%, #e6e9f7 50%, #f7f7fb 100%)' }}
    >
      {aside && (
        <div style={{ width: 560, maxWidth: '100%', marginRight: 48 }} className="auth-aside">
          {aside}
        </div>
      )}
      <Flex vertical align="center" gap={24} style={{ width: 420, maxWidth: '100%' }}>
        <Flex vertical align="center" gap={4}>
          <Typography.Title level={2} style={{ margin: 0, color: '#796AEE' }}>
            {APP_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">科研院所试剂耗材一站式采购</Typography.Text>
        </Flex>
        <Card title={title} style={{ width: '100%', boxShadow: '0 8px 24px rgba(121, 106, 238, 0.12)' }}>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}
