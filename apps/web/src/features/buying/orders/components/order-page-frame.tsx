import { Space } from 'antd';
import type { ReactNode } from 'react';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { MessageBell } from './message-bell.tsx';

/** An order page's frame: title and breadcrumb (PageFrame), with the message bell beside the page's buttons (导出). */
export function OrderPageFrame({
  title,
  parents,
  home,
  extra,
  children,
}: {
  title: string;
  parents?: string[];
  home?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageFrame
      title={title}
      parents={parents}
      home={home}
      extra={
        <Space>
          {extra}
          <MessageBell />
        </Space>
      }
    >
      {children}
    </PageFrame>
  );
}
