import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Can } from '../../../../components/page-flags.tsx';
import { deleteManual, type ManualVO, publishManual } from '../api/manuals-api.ts';
import type { Act } from './notice-columns.tsx';

export const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** 操作手册的列：名称、适用角色、版本、状态、更新时间；编辑、发布、下线、删除回到页面。 */
export const manualColumns = ({
  open,
  act,
  showVersions,
}: {
  open: (m: ManualVO) => void;
  act: Act;
  showVersions: (m: ManualVO) => void;
}): TableColumnsType<ManualVO> => [
  { title: '名称', dataIndex: 'title', ellipsis: true },
  { title: '适用角色', dataIndex: 'roleNames', width: 220, render: (v: string[]) => v.map((n) => <Tag key={n}>{n}</Tag>) },
  {
    title: '版本',
    key: 'version',
    width: 170,
    render: (_, m) => (
      <Typography.Link onClick={() => showVersions(m)}>
        最新 V{m.latestVersion}
        {m.publishedVersion !== null ? `，发布 V${m.publishedVersion}` : ''}
      </Typography.Link>
    ),
  },
  {
    title: '状态',
    key: 'status',
    width: 100,
    render: (_, m) => (m.publishedVersion !== null ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
  },
  { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: fmt },
  {
    title: '操作',
    key: 'actions',
    width: 240,
    render: (_, m) => (
      <Flex gap={4} wrap>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => open(m)}>
            编辑
          </Button>
          {m.publishedVersion !== m.latestVersion && (
            <Button
              type="link"
              size="small"
              onClick={() => act(`确认发布“${m.title}” V${m.latestVersion}？`, '发布', () => publishManual({ id: m.id, publish: true }), '已发布')}
            >
              发布 V{m.latestVersion}
            </Button>
          )}
          {m.publishedVersion !== null && (
            <Button type="link" size="small" onClick={() => act(`确认下线“${m.title}”？`, '下线', () => publishManual({ id: m.id, publish: false }), '已下线')}>
              下线
            </Button>
          )}
        </Can>
        <Can flag="delete">
          <Button
            type="link"
            size="small"
            danger
            onClick={() => act(`确认删除“${m.title}”及其全部版本？删除后不可恢复。`, '删除', () => deleteManual(m.id), '已删除', true)}
          >
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
