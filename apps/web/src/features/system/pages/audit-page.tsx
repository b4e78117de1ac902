import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { MenuPageProps } from '../../../app/menu-pages.ts';
import { PageFrame } from '../../menu-frame/components/page-frame.tsx';
import { type AuditVO, getAuditPage } from '../api/system-api.ts';

/** 操作日志: who changed what, when and from where; the action filter matches by prefix ('dept.'). */
export function AuditPage({ entry, home }: MenuPageProps) {
  const [action, setAction] = useState<string | undefined>();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = { ...page, action };
  const list = useQuery({ queryKey: ['uac', 'audit', query], queryFn: () => getAuditPage(query), placeholderData: keepPreviousData });
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Form
        layout="inline"
        name="audit-search"
        style={{ marginBottom: 16 }}
        onFinish={(v: { action?: string }) => {
          setAction(v.action?.trim() || undefined);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="action" label="操作">
          <Input allowClear placeholder="如 dept. 或 notice.publish" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<AuditVO>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无操作日志：用户的新增、修改、删除等操作将在此列出' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: '操作人', dataIndex: 'userName', width: 120, render: (v: string | null) => v ?? '系统' },
          { title: '操作', dataIndex: 'action', width: 180 },
          { title: '对象', dataIndex: 'target', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
          { title: '详情', dataIndex: 'detail', ellipsis: true, render: (v: string | null) => v ?? '—' },
          { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </PageFrame>
  );
}
