import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Flex, Form, Input, Modal, Select, Spin, Tag, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  type AuthNode,
  type AuthorityInput,
  addRole,
  deleteRole,
  getRolePage,
  queryResourceAndAuth,
  type RoleVO,
  saveAuth,
  updateRole,
} from '../api/rbac-api.ts';

const SCOPES = [
  { value: 'all', label: '全部数据' },
  { value: 'institute', label: '本研究所' },
  { value: 'dept', label: '本部门' },
  { value: 'team', label: '本课题组' },
  { value: 'self', label: '仅本人' },
];
const SCOPE_LABEL = Object.fromEntries(SCOPES.map((s) => [s.value, s.label]));
const FLAGS = [
  ['addJurisdiction', '新增'],
  ['modifyJurisdiction', '修改'],
  ['deleteJurisdiction', '删除'],
  ['exportJurisdiction', '导出'],
] as const;

type Flags = Omit<AuthorityInput, 'resourceId' | 'limitTab'>;
type TreeData = { key: number; title: React.ReactNode; disabled: boolean; children: TreeData[] };

function flatten(nodes: AuthNode[], out: AuthNode[] = []): AuthNode[] {
  for (const n of nodes) {
    out.push(n);
    flatten(n.child, out);
  }
  return out;
}

/** The grant tree of one role: resources of its side, checked when granted, with the four page flags. */
function GrantDrawer({ role, onClose }: { role: RoleVO; onClose: () => void }) {
  const auth = useQuery({ queryKey: ['uac', 'auth', role.id], queryFn: () => queryResourceAndAuth(role.id) });
  const [checked, setChecked] = useState<number[]>([]);
  const [flags, setFlags] = useState<Record<number, Flags & { limitTab: string }>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!auth.data) return;
    const all = flatten(auth.data);
    setChecked(all.filter((n) => n.checked).map((n) => n.id));
    setFlags(
      Object.fromEntries(
        all.map((n) => [
          n.id,
          {
            addJurisdiction: n.addJurisdiction,
            modifyJurisdiction: n.modifyJurisdiction,
            deleteJurisdiction: n.deleteJurisdiction,
            exportJurisdiction: n.exportJurisdiction,
            limitTab: n.limitTab,
          },
        ]),
      ),
    );
  }, [auth.data]);

  const toTree = (nodes: AuthNode[]): TreeData[] =>
    nodes.map((n) => ({
      key: n.id,
      disabled: !n.grantable || role.builtIn,
      title: (
        <Flex gap={12} align="center" wrap>
          <span>{n.name}</span>
          {n.type === 'menu' && n.permCode && checked.includes(n.id) && (
            <Flex gap={4} onClick={(e) => e.stopPropagation()}>
              {FLAGS.map(([key, label]) => (
                <Checkbox
                  key={key}
                  disabled={role.builtIn}
                  checked={flags[n.id]?.[key] ?? false}
                  onChange={(e) => setFlags((f) => ({ ...f, [n.id]: { ...f[n.id], [key]: e.target.checked } }))}
                >
                  {label}
                </Checkbox>
              ))}
            </Flex>
          )}
        </Flex>
      ),
      children: toTree(n.child),
    }));

  const save = async () => {
    setSaving(true);
    try {
      const authorities = checked.map((id) => ({
        resourceId: id,
        ...{ addJurisdiction: false, modifyJurisdiction: false, deleteJurisdiction: false, exportJurisdiction: false, limitTab: '' },
        ...flags[id],
      }));
      await saveAuth({ roleId: role.id, authorities });
      void feedback.successDialog('授权已保存，持有该角色的用户重新进入页面后生效');
      onClose();
    } catch {
      // The api client already reported the failure.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={640}
      title={`授权：${role.name}`}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} disabled={role.builtIn} onClick={() => void save()}>
          保存授权
        </Button>
      }
    >
      {role.builtIn && (
        <Tag color="orange" style={{ marginBottom: 12 }}>
          内置角色的授权只读
        </Tag>
      )}
      {auth.isLoading ? (
        <Spin />
      ) : (
        <Tree<TreeData>
          checkable
          checkStrictly
          defaultExpandAll
          selectable={false}
          treeData={toTree(auth.data ?? [])}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      )}
    </Drawer>
  );
}

const FIELDS: ListField[] = [{ kind: 'text', name: 'name', label: '角色名称', width: 200 }];

/** 角色管理: roles of this side and institute; add, edit, delete and grant resources. */
export function RolePage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<RoleVO>({ queryKey: ['uac', 'role'], fields: FIELDS, request: getRolePage, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<RoleVO | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleVO | null>(null);
  const [form] = Form.useForm<{ name: string; code: string; dataScope: string; remark?: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: ['uac', 'role'] });

  const open = (r: RoleVO | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new' ? { name: '', code: '', dataScope: 'self', remark: '' } : { name: r.name, code: r.code, dataScope: r.dataScope, remark: r.remark ?? '' },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    const body = { name: v.name.trim(), code: v.code.trim(), dataScope: v.dataScope, remark: v.remark?.trim() || undefined };
    if (editing === 'new') await addRole(body);
    else if (editing) await updateRole({ ...body, id: editing.id });
    feedback.success('已保存');
    setEditing(null);
    await refresh();
  };

  return (
    <ListPage<RoleVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="role-search"
      showSizeChanger={false}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增角色
          </Button>
        </Can>
      }
      emptyText="暂无角色"
      columns={[
        {
          title: '角色名称',
          dataIndex: 'name',
          render: (n: string, r) =>
            r.builtIn ? (
              <>
                {n} <Tag>内置</Tag>
              </>
            ) : (
              n
            ),
        },
        { title: '角色编码', dataIndex: 'code' },
        { title: '数据范围', dataIndex: 'dataScope', render: (s: string) => SCOPE_LABEL[s] ?? s },
        { title: '端', dataIndex: 'side', width: 90, render: (s: number) => (s === 2 ? '供应商端' : '采购端') },
        { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v ?? '—' },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          render: (_, r) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => setGranting(r)}>
                  授权
                </Button>
                <Button type="link" size="small" disabled={r.builtIn} onClick={() => open(r)}>
                  编辑
                </Button>
              </Can>
              <Can flag="delete">
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={r.builtIn}
                  onClick={() =>
                    feedback.modal().confirm({
                      title: `确认删除角色“${r.name}”？`,
                      okText: '删除',
                      cancelText: '取消',
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await deleteRole(r.id);
                        feedback.success('已删除');
                        await refresh();
                      },
                    })
                  }
                >
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
        title={editing === 'new' ? '新增角色' : '编辑角色'}
        okText="保存"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="role-edit">
          <Form.Item name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="code"
            label="角色编码"
            rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{1,31}$/, message: '角色编码为 2-32 位字母、数字或下划线，以字母开头' }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="dataScope" label="数据范围" rules={[{ required: true }]}>
            <Select options={SCOPES} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      {granting && <GrantDrawer role={granting} onClose={() => setGranting(null)} />}
    </ListPage>
  );
}
