import { AUDIT_MODULES, auditModuleName } from '@kc/contracts/identity/rbac';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { adminLogKeys } from '../api/admin-log-query-keys.ts';
import { type AuditVO, exportAudit, getAuditPage } from '../api/admin-logs-api.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'userName', label: '操作人', placeholder: '账号', width: 140 },
  { kind: 'select', name: 'module', label: '模块', width: 150, options: Object.entries(AUDIT_MODULES).map(([value, label]) => ({ value, label })) },
  { kind: 'text', name: 'action', label: '操作', placeholder: '如 dept.add', width: 160 },
  { kind: 'dateRange', name: 'date', label: '时间' },
];

/**
 * 操作日志: who changed what, when and from where, filtered by actor, module, action (prefix) and
 * days; 导出 writes the same rows to Excel. An institute owner sees only their institute's users.
 */
export function AuditPage({ entry, home }: MenuPageProps) {
  const list = useListPage<AuditVO>({ queryKey: adminLogKeys.audit, fields: FIELDS, request: getAuditPage, flags: usePageFlags(entry) });
  return (
    <ListPage<AuditVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="audit-search"
      onExport={() => exportAudit(list.filter)}
      exportTestId="audit-export"
      emptyText="暂无操作日志：用户的新增、修改、删除等操作将在此列出"
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        { title: '操作人', dataIndex: 'userName', width: 120, render: (v: string | null) => v ?? '系统' },
        { title: '模块', dataIndex: 'action', key: 'module', width: 110, render: (a: string) => <Tag>{auditModuleName(a)}</Tag> },
        { title: '操作', dataIndex: 'action', width: 180 },
        { title: '对象', dataIndex: 'target', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
        {
          title: '详情',
          dataIndex: 'detail',
          render: (v: string | null) =>
            v ? (
              <Typography.Paragraph ellipsis={{ rows: 1, tooltip: v }} style={{ marginBottom: 0 }}>
                {v}
              </Typography.Paragraph>
            ) : (
              '—'
            ),
        },
        { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}
