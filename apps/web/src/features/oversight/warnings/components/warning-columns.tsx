import { RULE_TYPE_TEXT, WARNING_STATE_TEXT, type WarningState, type WarningVO } from '@kc/contracts/oversight/warnings';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';

export const STATE_COLOR: Record<WarningState, string> = { new: 'red', acknowledged: 'orange', snoozed: 'blue', resolved: 'default' };

export const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** 预警的列；确认、处理与暂缓回到页面。 */
export const warningColumns = ({
  act,
  setSnoozing,
}: {
  act: (w: WarningVO, action: 'acknowledge' | 'resolve') => void;
  setSnoozing: (w: WarningVO) => void;
}): TableColumnsType<WarningVO> => [
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
];
