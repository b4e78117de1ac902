import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { MenuPageProps } from '../../../app/menu-pages.ts';
import { PageFrame } from '../../menu-frame/components/page-frame.tsx';
import { getOutboxPage, type OutboxVO } from '../api/system-api.ts';

const CHANNELS = [
  { value: 'sms', label: '短信' },
  { value: 'email', label: '邮件' },
];

/** 短信邮件发件箱: what the platform sent (codes, review results), newest first. */
export function OutboxPage({ entry, home }: MenuPageProps) {
  const [filters, setFilters] = useState<{ channel?: string; recipient?: string }>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = { ...page, ...filters };
  const list = useQuery({ queryKey: ['uac', 'outbox', query], queryFn: () => getOutboxPage(query), placeholderData: keepPreviousData });
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Form
        layout="inline"
        name="outbox-search"
        style={{ marginBottom: 16 }}
        onFinish={(v: { channel?: string; recipient?: string }) => {
          setFilters({ channel: v.channel, recipient: v.recipient?.trim() || undefined });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="channel" label="渠道">
          <Select allowClear placeholder="全部" options={CHANNELS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="recipient" label="接收人">
          <Input allowClear placeholder="手机号或邮箱" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<OutboxVO>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无发送记录：平台发出的短信与邮件将在此列出' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            title: '渠道',
            dataIndex: 'channel',
            width: 80,
            render: (c: string) => (c === 'sms' ? <Tag color="blue">短信</Tag> : <Tag color="purple">邮件</Tag>),
          },
          { title: '接收人', dataIndex: 'recipient', width: 200 },
          { title: '主题', dataIndex: 'subject', width: 200, ellipsis: true },
          {
            title: '内容',
            dataIndex: 'body',
            render: (b: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ margin: 0 }}>
                {b}
              </Typography.Paragraph>
            ),
          },
          { title: '状态', dataIndex: 'status', width: 90 },
          { title: '时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        ]}
      />
    </PageFrame>
  );
}
