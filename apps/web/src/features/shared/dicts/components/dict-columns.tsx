import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { DictTypeVO } from '../api/dicts-api.ts';
import type { Editing } from './dict-fields.tsx';

/** 字典类型的列；新增字典项与删除回到页面。 */
export const dictColumns = ({ open, remove }: { open: (e: Editing) => void; remove: (t: DictTypeVO) => void }): TableColumnsType<DictTypeVO> => [
  { title: '编码', dataIndex: 'code', width: 180 },
  {
    title: '名称',
    dataIndex: 'name',
    width: 140,
    render: (n: string, t) =>
      t.builtin ? (
        <Flex gap={6}>
          {n}
          <Tag>内置</Tag>
        </Flex>
      ) : (
        n
      ),
  },
  { title: '说明', dataIndex: 'remark', ellipsis: true },
  { title: '字典项', key: 'n', width: 80, render: (_, t) => t.items.length },
  {
    title: '操作',
    key: 'actions',
    width: 170,
    render: (_, t) => (
      <Flex gap={4}>
        <Can flag="add">
          <Button type="link" size="small" onClick={() => open({ kind: 'item', type: t })}>
            新增字典项
          </Button>
        </Can>
        {!t.builtin && (
          <Can flag="delete">
            <Button type="link" size="small" danger onClick={() => remove(t)}>
              删除
            </Button>
          </Can>
        )}
      </Flex>
    ),
  },
];
