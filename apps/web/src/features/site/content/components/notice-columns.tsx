import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Can } from '../../../../components/page-flags.tsx';
import { StatusTag, statusTable } from '../../../../components/status-tag.tsx';
import { deleteNotice, NOTICE_STATUS_LABELS, NOTICE_TYPE_LABELS, type NoticeVO, publishNotice, withdrawNotice } from '../api/notice-api.ts';

export const STATUS = statusTable(NOTICE_STATUS_LABELS, { 0: 'default', 1: 'green', 2: 'orange' });

export const fmt = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Where a published notice stands against its window now. */
export function windowState(n: NoticeVO): { text: string; color: string } | null {
  if (n.status !== 1) return null;
  if (n.visible) return { text: '生效中', color: 'green' };
  if (n.publishAt && dayjs(n.publishAt).isAfter(dayjs())) return { text: '待生效', color: 'blue' };
  return { text: '已过期', color: 'default' };
}
/** Asks, runs and says: 确认发布…, 发布, the call, 已发布 (and red for deleting). */
export type Act = (title: string, okText: string, run: () => Promise<unknown>, done: string, danger?: boolean) => void;

/** The state, and for a published notice where it stands against its window. */
function statusCell(s: number, n: NoticeVO) {
  const w = windowState(n);
  return (
    <Flex gap={4}>
      <StatusTag value={s} table={STATUS} />
      {w && <Tag color={w.color}>{w.text}</Tag>}
    </Flex>
  );
}

/** 编辑, 发布 or 下线, 删除 (each as the page grants). */
function actionsCell(n: NoticeVO, open: (n: NoticeVO) => void, act: Act) {
  return (
    <Flex gap={4} wrap>
      <Can flag="modify">
        <Button type="link" size="small" onClick={() => open(n)}>
          编辑
        </Button>
        {n.status !== 1 ? (
          <Button type="link" size="small" onClick={() => act(`确认发布“${n.title}”？`, '发布', () => publishNotice(n.id), '已发布')}>
            发布
          </Button>
        ) : (
          <Button type="link" size="small" onClick={() => act(`确认下线“${n.title}”？`, '下线', () => withdrawNotice(n.id), '已下线')}>
            下线
          </Button>
        )}
      </Can>
      <Can flag="delete">
        <Button type="link" size="small" danger onClick={() => act(`确认删除“${n.title}”？删除后不可恢复。`, '删除', () => deleteNotice(n.id), '已删除', true)}>
          删除
        </Button>
      </Can>
    </Flex>
  );
}

/** 公告的列：标题（置顶）、类型、所属、面向角色、状态与生效情况、发布窗口、阅读情况；编辑、发布/下线、删除回到页面。 */
export const noticeColumns = ({
  open,
  act,
  showReaders,
}: {
  open: (n: NoticeVO) => void;
  act: Act;
  showReaders: (n: NoticeVO) => void;
}): TableColumnsType<NoticeVO> => [
  {
    title: '标题',
    dataIndex: 'title',
    // the rest are narrow so the title, what the list is for, keeps most of the width
    ellipsis: { showTitle: true },
    render: (t: string, n) =>
      n.top ? (
        <>
          {t} <Tag color="red">置顶</Tag>
        </>
      ) : (
        t
      ),
  },
  { title: '类型', dataIndex: 'type', width: 96, render: (t: number) => NOTICE_TYPE_LABELS[t] ?? t },
  { title: '所属', dataIndex: 'instituteName', width: 110, ellipsis: true, render: (v: string | null) => v ?? '平台' },
  {
    title: '面向角色',
    dataIndex: 'roleNames',
    width: 100,
    ellipsis: true,
    render: (v: string[] | undefined) => (v?.length ? v.join('、') : '全部'),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 136,
    render: (s: number, n) => statusCell(s, n),
  },
  {
    title: '发布窗口',
    key: 'window',
    width: 150,
    render: (_, n) =>
      n.publishAt || n.withdrawAt ? (
        <Typography.Text style={{ fontSize: 12 }}>
          {fmt(n.publishAt) || '发布即生效'} 至 {fmt(n.withdrawAt) || '长期'}
        </Typography.Text>
      ) : (
        fmt(n.publishedAt) || '—'
      ),
  },
  {
    title: '已读 / 应读',
    key: 'reads',
    width: 96,
    render: (_, n) => (
      <Typography.Link onClick={() => showReaders(n)} data-testid={`notice-reads-${n.id}`}>
        {n.readCount ?? 0} / {(n.readCount ?? 0) + (n.unreadCount ?? 0)}
      </Typography.Link>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    width: 168,
    render: (_, n) => actionsCell(n, open, act),
  },
];
