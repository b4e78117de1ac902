import { TECH_CATEGORIES } from '@kc/contracts/buying/tech-services';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { techKeys } from '../api/tech-query-keys.ts';
import { addItem, deleteItem, getSupplierItems, setItemActive, type TechItemBody, type TechItemVO, updateItem } from '../api/tech-services-api.ts';
import { ItemFormModal } from '../components/item-form-modal.tsx';
import { priceText } from '../components/tech-format.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'keyword', label: '服务名称', width: 200 },
  { kind: 'select', name: 'category', label: '服务类别', options: TECH_CATEGORIES.map((c) => ({ value: c, label: c })) },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: 'active', label: '已上架' },
      { value: 'inactive', label: '已下架' },
    ],
  },
];

/** /cassSupplier/tsItem (服务项目): the supplier's own technical services, with their sample forms; 上架/下架/删除. */
export function TsItemsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<TechItemVO>({ queryKey: techKeys.items, fields: FIELDS, request: getSupplierItems });
  const [editing, setEditing] = useState<TechItemVO | 'new' | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: techKeys.items });

  const save = async (b: TechItemBody) => {
    if (editing === 'new') await addItem(b);
    else if (editing) await updateItem(editing.id, b);
    feedback.success('服务项目已保存');
    setEditing(null);
    await reload();
  };
  const toggle = async (r: TechItemVO) => {
    await setItemActive(r.id, !r.active).catch(() => undefined);
    await reload();
  };
  const remove = (r: TechItemVO) =>
    feedback.modal().confirm({
      title: '删除服务项目',
      content: `删除“${r.name}”？已提交的委托不受影响。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteItem(r.id).catch(() => undefined);
        await reload();
      },
    });

  return (
    <ListPage<TechItemVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="ts-item-search"
      toolbar={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="ts-item-add">
          新增服务项目
        </Button>
      }
      emptyText="还没有服务项目：新增测序、合成、检测等服务并设计样品信息表，采购人即可在线委托"
      columns={[
        { title: '服务名称', dataIndex: 'name' },
        { title: '服务类别', key: 'category', width: 100, render: (_, r) => <Tag>{r.category}</Tag> },
        { title: '参考价格', key: 'price', width: 130, align: 'right', render: (_, r) => priceText(r.price, r.unit) },
        { title: '周期', key: 'days', width: 80, render: (_, r) => `${r.turnaroundDays} 天` },
        { title: '税率', key: 'tax', width: 70, render: (_, r) => `${r.taxRate}%` },
        { title: '样品字段', key: 'fields', width: 90, render: (_, r) => `${r.sampleForm.length} 个` },
        { title: '状态', key: 'active', width: 90, render: (_, r) => (r.active ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>) },
        { title: '更新时间', key: 'updatedAt', width: 160, render: (_, r) => shanghaiTime(r.updatedAt) },
        {
          title: '操作',
          key: 'actions',
          width: 170,
          render: (_, r) => (
            <Flex gap={4}>
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                修改
              </Button>
              <Button type="link" size="small" onClick={() => void toggle(r)}>
                {r.active ? '下架' : '上架'}
              </Button>
              <Button type="link" size="small" danger onClick={() => remove(r)}>
                删除
              </Button>
            </Flex>
          ),
        },
      ]}
    >
      <ItemFormModal open={editing !== null} editing={editing === 'new' ? null : editing} onCancel={() => setEditing(null)} onSave={save} />
    </ListPage>
  );
}
