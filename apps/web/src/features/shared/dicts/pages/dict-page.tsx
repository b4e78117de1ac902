import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addDictItem, addDictType, type DictTypeVO, deleteDict, getDictTypes, updateDictItem } from '../api/dicts-api.ts';

const KEY = ['mall', 'dict'];
const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '编码或名称', width: 200 }];
type Item = DictTypeVO['items'][number];
type Editing = { kind: 'type' } | { kind: 'item'; type: DictTypeVO; item?: Item };

/**
 * 字典管理: the platform's dictionary types and their items. The product reads invoice types, tax
 * rates, invoice and pay times, order flags, warning thresholds and qualification types from here;
 * a change reaches every logged-in user within seconds. Built-in types are not deleted (their items
 * are disabled instead); each institute may hide or rename items in 研究所字典配置.
 */
export function DictPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<DictTypeVO>({ queryKey: KEY, fields: FIELDS, request: getDictTypes, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const open = (e: Editing) => {
    setEditing(e);
    form.resetFields();
    if (e.kind === 'item' && e.item) form.setFieldsValue({ value: e.item.value, label: e.item.label, sort: e.item.sort });
    else if (e.kind === 'item') form.setFieldsValue({ sort: ((e.type.items.at(-1)?.sort ?? 0) + 10) as number });
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing?.kind === 'type') await addDictType({ code: v.code.trim(), name: v.name.trim(), remark: v.remark?.trim() ?? '' });
      else if (editing?.kind === 'item' && editing.item)
        await updateDictItem({ id: editing.item.id, label: v.label.trim(), sort: v.sort ?? 0, status: editing.item.status as 0 | 1 });
      else if (editing?.kind === 'item') await addDictItem({ typeId: editing.type.id, value: v.value.trim(), label: v.label.trim(), sort: v.sort ?? 0 });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  const toggle = (item: Item) =>
    feedback.modal().confirm({
      title: item.status === 1 ? `确认停用“${item.label}”？` : `确认启用“${item.label}”？`,
      content: item.status === 1 ? '停用后各单位都不再看到该项，已保存的数据不受影响。' : '启用后各单位（未隐藏的）都能看到该项。',
      okText: item.status === 1 ? '停用' : '启用',
      cancelText: '取消',
      onOk: async () => {
        await updateDictItem({ id: item.id, label: item.label, sort: item.sort, status: item.status === 1 ? 0 : 1 });
        feedback.success('已保存');
        await refresh();
      },
    });
  const remove = (t: DictTypeVO) =>
    feedback.modal().confirm({
      title: `确认删除字典“${t.name}”？`,
      content: '字典项与各研究所对它的配置一并删除。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteDict('type', t.id);
        feedback.success('已删除');
        await refresh();
      },
    });

  return (
    <ListPage<DictTypeVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="dict-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open({ kind: 'type' })}>
            新增字典
          </Button>
        </Can>
      }
      emptyText="暂无字典"
      table={{
        expandable: {
          expandedRowRender: (t) => (
            <Table<Item>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={t.items}
              data-testid={`dict-items-${t.code}`}
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
                        <Button type="link" size="small" onClick={() => open({ kind: 'item', type: t, item })}>
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
          ),
        },
      }}
      columns={[
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
      ]}
    >
      <Modal
        open={editing !== null}
        title={
          editing?.kind === 'type'
            ? '新增字典'
            : editing?.kind === 'item' && editing.item
              ? `编辑字典项（${editing.type.name}）`
              : `新增字典项（${editing?.kind === 'item' ? editing.type.name : ''}）`
        }
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="dict-form">
          {editing?.kind === 'type' ? (
            <>
              <Form.Item
                name="code"
                label="编码"
                rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{1,39}$/, message: '编码为 2–40 位小写字母、数字或下划线，以字母开头' }]}
              >
                <Input placeholder="如 lab_grade" />
              </Form.Item>
              <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item name="remark" label="说明">
                <Input.TextArea maxLength={200} rows={2} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="value" label="字典值" rules={[{ required: true, message: '请填写字典值' }]}>
                <Input maxLength={40} disabled={editing?.kind === 'item' && !!editing.item} />
              </Form.Item>
              <Form.Item name="label" label="显示名称" rules={[{ required: true, message: '请填写显示名称' }]}>
                <Input maxLength={60} />
              </Form.Item>
              <Form.Item name="sort" label="排序">
                <InputNumber min={0} max={9999} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </ListPage>
  );
}
