import dayjs from 'dayjs';
import { type ListField, ListPage, useListPage } from '../../../components/list-page/index.ts';
import { usePageFlags } from '../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../lib/menu-entries.ts';
import { type AuditVO, getAuditPage } from '../api/system-api.ts';

const FIELDS: ListField[] = [{ kind: 'text', name: 'action', label: '操作', placeholder: '如 dept. 或 notice.publish', width: 220 }];

/** 操作日志: who changed what, when and from where; the action filter matches by prefix ('dept.'). */
export function AuditPage({ entry, home }: MenuPageProps) {
  const list = useListPage<AuditVO>({ queryKey: ['uac', 'audit'], fields: FIELDS, request: getAuditPage, flags: usePageFlags(entry) });
  return (
    <ListPage<AuditVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="audit-search"
      showSizeChanger={false}
      emptyText="暂无操作日志：用户的新增、修改、删除等操作将在此列出"
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        { title: '操作人', dataIndex: 'userName', width: 120, render: (v: string | null) => v ?? '系统' },
        { title: '操作', dataIndex: 'action', width: 180 },
        { title: '对象', dataIndex: 'target', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: '详情', dataIndex: 'detail', ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}
