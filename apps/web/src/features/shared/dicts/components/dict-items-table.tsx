import { Button, Flex, Table, Tag } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { DictTypeVO } from '../api/dicts-api.ts';
import type { Editing, Item } from './dict-fields.tsx';

/** A dictionary's items under its row: value, name, order and state; 编辑 and 停用/启用 go back to the page. */
export function DictItemsTable({ type, open, toggle }: { type: DictTypeVO; open: (e: Editing) => void; toggle: (item: Item) => void }) {
  return (
    <Table<Item>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={type.items}
      data-testid={`dict-items-${type.code}`}
      columns={[
        { title: '字典值', dataIndex: 'value', width: 200 },
        { title: '显示名称', dataIndex: 'label' },
        { title: '排序', dataIndex: 'sort', width: 80 },
        { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        {
          title: '操作',
          key: 'a',
          width: 140,
          render: (_, item) => (
            <Can flag="modify">
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => open({ kind: 'item', type, item })}>
                  编辑
                </Button>
                <Button type="link" size="small" danger={item.status === 1} onClick={() => toggle(item)}>
                  {item.status === 1 ? '停用' : '启用'}
                </Button>
              </Flex>
            </Can>
          ),
        },
      ]}
    />
  );
}
