import { ResourceAddBody } from '@kc/contracts/identity/rbac';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, type ListRequest, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { filterTree, pageOfList } from '../../../../lib/admin-lists.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { addResource, deleteResource, getResourceTree, type ResourceInput, type ResourceNode, updateResource } from '../api/rbac-api.ts';
import { rbacKeys } from '../api/rbac-query-keys.ts';

const TABS: ListTab[] = [
  { key: '1', label: '采购端' },
  { key: '2', label: '供应商端' },
];
const FIELDS: ListField[] = [{ kind: 'text', name: 'name', label: '资源名称', width: 200 }];
const TYPES = [
  { value: 'menu', label: '菜单', color: 'blue' },
  { value: 'button', label: '按钮', color: 'green' },
  { value: 'module', label: '模块', color: 'purple' },
  { value: 'function', label: '功能', color: 'orange' },
] as const;
const TYPE_OF = Object.fromEntries(TYPES.map((t) => [t.value, t]));

/** A tree row: leaves without `child`, so the table shows no expander on them. */
type Row = Omit<ResourceNode, 'child'> & { child?: Row[] };
const toRows = (nodes: ResourceNode[]): Row[] => nodes.map(({ child, ...n }) => (child.length ? { ...n, child: toRows(child) } : n));
const sideOf = (tab: string | undefined): 1 | 2 => (tab === '2' ? 2 : 1);
/** Top-level resources are paged; their subtrees come with them, cut to the search. */
const request = async (q: ListRequest) => pageOfList(toRows(filterTree(await getResourceTree(sideOf(q.tab)), q.name as string | undefined)), q);

type ResourceForm = Required<Omit<ResourceInput, 'sort'>> & { sort: number };
type Editing = { mode: 'add'; parent: Row | null } | { mode: 'edit'; row: Row };
const opt = (s: string | null | undefined) => s?.trim() || null;

/**
 * 资源管理: the menus, buttons and modules of both sides as a tree, with their routes and the named
 * permission routes check. Built-in resources come from the code's catalogue; a resource with
 * children or granted to a role cannot be deleted (the server says which).
 */
export function ResourcePage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<Row>({ queryKey: rbacKeys.resources, fields: FIELDS, tabs: TABS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<ResourceForm>();
  const { saving, run } = useSaving();
  const refresh = () => client.invalidateQueries({ queryKey: rbacKeys.resources });
  const side = sideOf(list.tab);

  const open = (e: Editing) => {
    setEditing(e);
    if (e.mode === 'add') form.setFieldsValue({ name: '', type: 'menu', path: '', routeName: '', component: '', icon: '', permCode: '', sort: 0 });
    else {
      const r = e.row;
      form.setFieldsValue({
        name: r.name,
        type: r.type as ResourceForm['type'],
        path: r.path ?? '',
        routeName: r.routeName ?? '',
        component: r.component ?? '',
        icon: r.icon ?? '',
        permCode: r.permCode ?? '',
        sort: r.sort,
      });
    }
  };
  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      const body: ResourceInput = {
        name: v.name.trim(),
        type: v.type,
        path: opt(v.path),
        routeName: opt(v.routeName),
        component: opt(v.component),
        icon: opt(v.icon),
        permCode: opt(v.permCode),
        sort: v.sort ?? 0,
      };
      if (editing?.mode === 'add') await addResource({ ...body, parentId: editing.parent?.id ?? null, side });
      else if (editing?.mode === 'edit') await updateResource({ ...body, id: editing.row.id });
      feedback.success('已保存；持有相关角色的用户重新进入页面后菜单随之更新');
      setEditing(null);
      await refresh();
    });
  const remove = (r: Row) =>
    feedback.modal().confirm({
      title: `确认删除资源“${r.name}”？`,
      content: '只能删除没有子资源、且未授予任何角色的资源。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteResource(r.id);
        feedback.success('已删除');
        await refresh();
      },
    });
  const title = editing?.mode === 'edit' ? `编辑资源：${editing.row.name}` : editing?.parent ? `新增子资源：${editing.parent.name} 下` : '新增顶级资源';

  return (
    <ListPage<Row>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="resource-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open({ mode: 'add', parent: null })}>
            新增顶级资源
          </Button>
        </Can>
      }
      emptyText="没有符合条件的资源"
      table={{ expandable: { childrenColumnName: 'child', defaultExpandAllRows: false }, size: 'middle' }}
      columns={[
        { title: '资源名称', dataIndex: 'name', width: 240 },
        {
          title: '类型',
          dataIndex: 'type',
          width: 80,
          render: (t: string) => <Tag color={TYPE_OF[t]?.color}>{TYPE_OF[t]?.label ?? t}</Tag>,
        },
        { title: '路由地址', dataIndex: 'path', ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: '组件', dataIndex: 'component', width: 200, ellipsis: true, render: (v: string | null) => v ?? '—' },
        {
          title: '权限标识',
          dataIndex: 'permCode',
          width: 200,
          render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
        },
        { title: '排序', dataIndex: 'sort', width: 70 },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          render: (_, r) => (
            <Flex gap={4}>
              <Can flag="add">
                <Button type="link" size="small" disabled={r.type === 'button'} onClick={() => open({ mode: 'add', parent: r })}>
                  新增子资源
                </Button>
              </Can>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open({ mode: 'edit', row: r })}>
                  编辑
                </Button>
              </Can>
              <Can flag="delete">
                <Button type="link" size="small" danger disabled={Boolean(r.child?.length)} onClick={() => remove(r)}>
                  删除
                </Button>
              </Can>
            </Flex>
          ),
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={title}
        okText="保存"
        cancelText="取消"
        width={600}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="resource-edit">
          <Flex gap={16}>
            <Form.Item name="name" label="资源名称" style={{ flex: 1 }} rules={contractRules(ResourceAddBody.shape.name)}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="type" label="类型" style={{ width: 140 }} rules={contractRules(ResourceAddBody.shape.type, '请选择类型')}>
              <Select options={TYPES.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
          </Flex>
          <Flex gap={16}>
            <Form.Item name="path" label="路由地址" style={{ flex: 1 }}>
              <Input maxLength={200} placeholder="如 /cass/system/user" />
            </Form.Item>
            <Form.Item name="routeName" label="路由名称" style={{ flex: 1 }}>
              <Input maxLength={64} />
            </Form.Item>
          </Flex>
          <Flex gap={16}>
            <Form.Item name="component" label="组件" style={{ flex: 1 }}>
              <Input maxLength={200} placeholder="如 system/user" />
            </Form.Item>
            <Form.Item name="icon" label="图标" style={{ flex: 1 }}>
              <Input maxLength={64} placeholder="如 SettingOutlined" />
            </Form.Item>
          </Flex>
          <Flex gap={16}>
            <Form.Item name="permCode" label="权限标识" style={{ flex: 1 }} rules={contractRules(ResourceAddBody.shape.permCode)}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="sort" label="排序" style={{ width: 140 }}>
              <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </ListPage>
  );
}
