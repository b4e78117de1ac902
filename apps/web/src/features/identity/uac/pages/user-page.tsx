import { Perm } from '@kc/contracts/platform/permissions';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { hasPerm } from '../../../../lib/access.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { getDeptTree } from '../../org/index.ts';
import { getRolePage, setUserRoles } from '../../rbac/index.ts';
import { uacKeys } from '../api/uac-query-keys.ts';
import { type AdminUserVO, addUser, getUserPage } from '../api/users-api.ts';
import { UserAddFields } from '../components/user-add-fields.tsx';
import { userColumns } from '../components/user-columns.tsx';
import { UserDetailDrawer } from '../components/user-detail-drawer.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'userName', label: '用户名', width: 160 },
  { kind: 'text', name: 'realName', label: '姓名', width: 140 },
  { kind: 'text', name: 'phoneNum', label: '手机号', width: 150 },
];
type AddForm = { userName: string; realName: string; phoneNum: string; email?: string; deptIds: number[]; roleIds?: number[]; password: string };

/** 用户管理: users within the caller's scope; view, add (initial password to be changed at first login), roles, delete. */
export function UserPage({ entry, home }: MenuPageProps) {
  const { data: info } = useUserAllInfo();
  const canManage = hasPerm(info, Perm.USER_MANAGE);
  const flags = usePageFlags(entry);
  const list = useListPage<AdminUserVO>({ queryKey: uacKeys.users, fields: FIELDS, request: getUserPage, flags });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [rolesOf, setRolesOf] = useState<AdminUserVO | null>(null);
  const [addForm] = Form.useForm<AddForm>();
  const [rolesForm] = Form.useForm<{ roleIds: number[] }>();
  const depts = useQuery({ queryKey: uacKeys.deptTree, queryFn: () => getDeptTree(), enabled: adding });
  const roles = useQuery({ queryKey: uacKeys.allRoles, queryFn: () => getRolePage({ current: 1, size: 999 }), enabled: adding || !!rolesOf });
  const confirm = useConfirmAction(uacKeys.users);
  const roleOptions = (roles.data?.records ?? []).filter((r) => r.side === 1).map((r) => ({ value: r.id, label: r.name }));

  const add = async (v: AddForm) => {
    await addUser({
      userName: v.userName.trim(),
      realName: v.realName.trim(),
      phoneNum: v.phoneNum.trim(),
      email: v.email?.trim() || undefined,
      deptIds: v.deptIds,
      roleIds: v.roleIds ?? [],
      password: v.password,
    });
    void feedback.successDialog('用户已新增，首次登录时须修改初始密码');
    addForm.resetFields();
  };

  const saveRoles = async (v: { roleIds: number[] }) => {
    if (rolesOf) await setUserRoles({ userId: rolesOf.id, roleIds: v.roleIds ?? [] });
  };

  return (
    <ListPage<AdminUserVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="user-search"
      toolbar={
        canManage && (
          <Can flag="add">
            <Button type="primary" onClick={() => setAdding(true)}>
              新增用户
            </Button>
          </Can>
        )
      }
      emptyText="暂无用户：您有权管理的用户将在此列出"
      columns={userColumns({
        canManage,
        view: setViewing,
        editRoles: (u) => {
          setRolesOf(u);
          rolesForm.setFieldsValue({ roleIds: u.roles.map((r) => r.id) });
        },
        confirm,
      })}
    >
      <UserDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <EditModal<AddForm>
        open={adding}
        title="新增用户"
        width={560}
        form={addForm}
        name="user-add"
        onSave={add}
        onClose={() => setAdding(false)}
        success={null}
        invalidate={[uacKeys.users]}
      >
        <UserAddFields depts={depts.data ?? []} deptsLoading={depts.isLoading} roleOptions={roleOptions} rolesLoading={roles.isLoading} />
      </EditModal>
      <EditModal<{ roleIds: number[] }>
        open={!!rolesOf}
        title={`设置角色：${rolesOf?.realName ?? rolesOf?.userName ?? ''}`}
        form={rolesForm}
        name="user-roles"
        onSave={saveRoles}
        onClose={() => setRolesOf(null)}
        success="角色已保存"
        invalidate={[uacKeys.users]}
      >
        <Form.Item name="roleIds" label="角色">
          <Select mode="multiple" options={roleOptions} loading={roles.isLoading} />
        </Form.Item>
      </EditModal>
    </ListPage>
  );
}
