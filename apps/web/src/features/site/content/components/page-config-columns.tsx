import type { TableColumnsType } from 'antd';
import { Button, Flex, Image } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import { deletePageConfig, type PageConfigVO, startPageConfig, stopPageConfig } from '../api/page-config-api.ts';
import type { Act } from './notice-columns.tsx';

export const STATUS: StatusTable = { 1: { label: '已启用', color: 'green' }, 0: { label: '已停用' } };

/** 页面配置的列：图片、标题、链接、排序、状态；编辑、启用/停用、删除回到页面。 */
export const pageConfigColumns = ({ open, act }: { open: (c: PageConfigVO) => void; act: Act }): TableColumnsType<PageConfigVO> => [
  {
    title: '图片',
    dataIndex: 'imageUrl',
    width: 120,
    render: (url: string | null, c) => (url ? <Image src={url} alt={c.title} width={96} height={48} style={{ objectFit: 'cover' }} /> : '—'),
  },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '链接', dataIndex: 'linkUrl', ellipsis: true, render: (v: string | null) => v ?? '—' },
  { title: '排序', dataIndex: 'sort', width: 70 },
  { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <StatusTag value={s} table={STATUS} /> },
  {
    title: '操作',
    key: 'actions',
    width: 200,
    render: (_, c) => (
      <Flex gap={4}>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => open(c)}>
            编辑
          </Button>
          {c.status === 1 ? (
            <Button type="link" size="small" onClick={() => act(`确认停用“${c.title}”？`, '停用', () => stopPageConfig(c.id), '已停用')}>
              停用
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => act(`确认启用“${c.title}”？`, '启用', () => startPageConfig(c.id), '已启用')}>
              启用
            </Button>
          )}
        </Can>
        <Can flag="delete">
          <Button type="link" size="small" danger onClick={() => act(`确认删除“${c.title}”？`, '删除', () => deletePageConfig(c.id), '已删除', true)}>
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
