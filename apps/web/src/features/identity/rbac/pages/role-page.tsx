import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Flex, Form, Spin, Tag, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { EditModal, type ListField, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { type AuthNode, type AuthorityInput, addRole, getRolePage, queryResourceAndAuth, type RoleVO, saveAuth, updateRole } from '../api/rbac-api.ts';
import { rbacKeys } from '../api/rbac-query-keys.ts';
import { roleColumns } from '../components/role-columns.tsx';
import { RoleFields } from '../components/role-fields.tsx';

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
  const auth = useQuery({ queryKey: rbacKeys.auth(role.id), queryFn: () => queryResourceAndAuth(role.id) });
  const [checked, setChecked] = useState<number[]>([]);
  const [flags, setFlags] = useState<Record<number, Flags & { limitTab: string }>>({});
  const { saving, run } = useSaving();

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

  const save = () =>
    run(async () => {
      const authorities = checked.map((id) => ({
        resourceId: id,
        ...{ addJurisdiction: false, modifyJurisdiction: false, deleteJurisdiction: false, exportJurisdiction: false, limitTab: '' },
        ...flags[id],
      }));
      await saveAuth({ roleId: role.id, authorities });
      void feedback.successDialog('授权已保存，持有该角色的用户重新进入页面后生效');
      onClose();
    });

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
type RoleForm = { name: string; code: string; dataScope: string; remark?: string };

/** 角色管理: roles of this side and institute; add, edit, delete and grant resources. */
export function RolePage({ entry, home }: MenuPageProps) {
  const list = useListPage<RoleVO>({ queryKey: rbacKeys.roles, fields: FIELDS, request: getRolePage, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<RoleVO | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleVO | null>(null);
  const [form] = Form.useForm<RoleForm>();
  const confirm = useConfirmAction(rbacKeys.roles);

  const open = (r: RoleVO | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new' ? { name: '', code: '', dataScope: 'self', remark: '' } : { name: r.name, code: r.code, dataScope: r.dataScope, remark: r.remark ?? '' },
    );
  };
  const save = async (v: RoleForm) => {
    const body = { name: v.name.trim(), code: v.code.trim(), dataScope: v.dataScope, remark: v.remark?.trim() || undefined };
    if (editing === 'new') await addRole(body);
    else if (editing) await updateRole({ ...body, id: editing.id });
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
      columns={roleColumns({ open, grant: setGranting, confirm })}
    >
      <EditModal<RoleForm>
        open={editing !== null}
        title={editing === 'new' ? '新增角色' : '编辑角色'}
        form={form}
        name="role-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[rbacKeys.roles]}
      >
        <RoleFields />
      </EditModal>
      {granting && <GrantDrawer role={granting} onClose={() => setGranting(null)} />}
    </ListPage>
  );
}
