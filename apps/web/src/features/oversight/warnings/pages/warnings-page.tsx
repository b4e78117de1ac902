import { RULE_TYPE_TEXT, WARNING_STATE_TEXT, type WarningVO } from '@kc/contracts/oversight/warnings';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { warningKeys } from '../api/warning-query-keys.ts';
import { actOnWarning, getWarnings, snoozeWarning } from '../api/warnings-api.ts';
import { SnoozeModal } from '../components/snooze-modal.tsx';
import { warningColumns } from '../components/warning-columns.tsx';

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

/**
 * /cass/warning/list (预警管理): the warnings the daily check found in the caller's scope (their own,
 * their team's, or the institute's), with 确认, 解决 and 暂缓 (to a day) as the state table allows.
 */
export function WarningsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const list = useListPage<WarningVO>({ queryKey: warningKeys.all, fields: FIELDS, request: getWarnings, flags: usePageFlags(entry) });
  const [snoozing, setSnoozing] = useState<WarningVO | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: warningKeys.all }), client.invalidateQueries({ queryKey: warningKeys.openCount })]);

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
      columns={warningColumns({ act, setSnoozing })}
    >
      <SnoozeModal warning={snoozing} onCancel={() => setSnoozing(null)} onSnooze={snooze} />
    </ListPage>
  );
}
