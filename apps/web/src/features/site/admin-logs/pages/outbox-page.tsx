import { Typography } from 'antd';
import dayjs from 'dayjs';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { adminLogKeys } from '../api/admin-log-query-keys.ts';
import { getOutboxPage, type OutboxVO } from '../api/admin-logs-api.ts';

const CHANNELS: StatusTable = { sms: { label: '短信', color: 'blue' }, email: { label: '邮件', color: 'purple' } };
const FIELDS: ListField[] = [
  { kind: 'select', name: 'channel', label: '渠道', options: Object.entries(CHANNELS).map(([value, c]) => ({ value, label: c.label })), width: 120 },
  { kind: 'text', name: 'recipient', label: '接收人', placeholder: '手机号或邮箱', width: 200 },
];

/** 短信邮件发件箱: what the platform sent (codes, review results), newest first. */
export function OutboxPage({ entry, home }: MenuPageProps) {
  const list = useListPage<OutboxVO>({ queryKey: adminLogKeys.outbox, fields: FIELDS, request: getOutboxPage, flags: usePageFlags(entry) });
  return (
    <ListPage<OutboxVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="outbox-search"
      showSizeChanger={false}
      emptyText="暂无发送记录：平台发出的短信与邮件将在此列出"
      columns={[
        { title: '渠道', dataIndex: 'channel', width: 80, render: (c: string) => <StatusTag value={c} table={CHANNELS} /> },
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
  );
}
