import { RULE_TYPE_TEXT, WARNING_STATE_TEXT, type WarningState, type WarningVO } from '@kc/contracts/oversight/warnings';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { actOnWarning, getWarnings, snoozeWarning } from '../api/warnings-api.ts';
import { SnoozeModal } from '../components/snooze-modal.tsx';
import { OPEN_WARNINGS_KEY } from '../components/warning-badge.tsx';

const QUERY_KEY = ['warnings'];
const FIELDS: ListField[] = [
  { kind: 'select', name: 'type', label: '预警类型', options: Object.entries(RULE_TYPE_TEXT).map(([value, label]) => ({ value, label })), width: 160 },
  {
    kind: 'select',
    name: 'state',
    label: '状态',
    options: [{ value: 'open', label: '待处理与已确认' }, ...Object.entries(WARNING_STATE_TEXT).map(([value, label]) => ({ value, label }))],
    width: 150,
  },
  { kind: 'dateRange', name: 'date', label: '预警日期', params: ['dateFrom', 'dateTo'] },
  { kind: 'text', name: 'keyword', label: '关键词', placeholder: '订单号、商品、供应商', maxLength: 50 },
];
const STATE_COLOR: Record<WarningState, string> = { new: 'red', acknowledged: 'orange', snoozed: 'blue', resolved: 'default' };
const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/**
 * /cass/warning/list (预警管理): the warnings the daily check found in the caller's scope (their own,
 * their team's, or the institute's), with 确认, 解决 and 暂缓 (to a day) as the state table allows.
 */
export function WarningsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const list = useListPage<WarningVO>({ queryKey: QUERY_KEY, fields: FIELDS, request: getWarnings, flags: usePageFlags(entry) });
  const [snoozing, setSnoozing] = useState<WarningVO | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: QUERY_KEY }), client.invalidateQueries({ queryKey: OPEN_WARNINGS_KEY })]);

  const act = (w: WarningVO, action: 'acknowledge' | 'resolve') =>
    modal.confirm({
      title: action === 'acknowledge' ? '确认预警' : '解决预警',
      content: action === 'acknowledge' ? `确认已知悉“${w.title}”？` : `“${w.title}”已处理完毕？解决后同一事项不再预警。`,
      okText: action === 'acknowledge' ? '确认' : '解决',
      cancelText: '取消',
      onOk: async () => {
        await actOnWarning(w.id, action);
        feedback.success(action === 'acknowledge' ? '已确认' : '已解决');
        await refresh();
      },
    });
  const snooze = async (until: string) => {
    if (!snoozing) return;
    await snoozeWarning(snoozing.id, until);
    feedback.success(`已暂缓到 ${until}`);
    setSnoozing(null);
    await refresh();
  };

  return (
    <ListPage<WarningVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="warning-search"
      emptyText="没有预警：每天早上按本所的预警规则检查一次，发现的问题会列在这里并发送每日汇总"
      table={{ size: 'middle' }}
      columns={[
        { title: '类型', key: 'type', width: 120, render: (_, w) => <Tag>{RULE_TYPE_TEXT[w.type]}</Tag> },
        {
          title: '预警内容',
          key: 'title',
          render: (_, w) => (
            <Flex vertical>
              {w.link ? <Link to={w.link}>{w.title}</Link> : <span>{w.title}</span>}
              <Typography.Text type="secondary">{w.detail}</Typography.Text>
            </Flex>
          ),
        },
        {
          title: '归属',
          key: 'owner',
          width: 130,
          render: (_, w) => (
            <Flex vertical>
              <span>{w.ownerName ?? '本所'}</span>
              {w.teamName && <Typography.Text type="secondary">{w.teamName}</Typography.Text>}
            </Flex>
          ),
        },
        { title: '到期日', dataIndex: 'dueOn', width: 105, render: (v: string | null) => v ?? '—' },
        {
          title: '状态',
          key: 'state',
          width: 120,
          render: (_, w) => (
            <Flex vertical align="start">
              <Tag color={STATE_COLOR[w.state]} data-testid={`warning-state-${w.id}`}>
                {WARNING_STATE_TEXT[w.state]}
              </Tag>
              {w.snoozedUntil && <Typography.Text type="secondary">至 {w.snoozedUntil}</Typography.Text>}
              {w.actedByName && w.actedAt && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {w.actedByName} {dateTime(w.actedAt).slice(0, 10)}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        { title: '预警时间', key: 'createdAt', width: 160, render: (_, w) => dateTime(w.createdAt) },
        {
          title: '操作',
          key: 'actions',
          width: 150,
          render: (_, w) => (
            <Flex gap={4} wrap>
              {w.actions.includes('acknowledge') && (
                <Button type="link" size="small" onClick={() => act(w, 'acknowledge')} data-testid={`warning-ack-${w.id}`}>
                  确认
                </Button>
              )}
              {w.actions.includes('resolve') && (
                <Button type="link" size="small" onClick={() => act(w, 'resolve')} data-testid={`warning-resolve-${w.id}`}>
                  解决
                </Button>
              )}
              {w.actions.includes('snooze') && (
                <Button type="link" size="small" onClick={() => setSnoozing(w)} data-testid={`warning-snooze-${w.id}`}>
                  暂缓
                </Button>
              )}
            </Flex>
          ),
        },
      ]}
    >
      <SnoozeModal warning={snoozing} onCancel={() => setSnoozing(null)} onSnooze={snooze} />
    </ListPage>
  );
}
