import { Perm } from '@kc/contracts/platform/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Form, Input, Modal, Select, Tag, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import { hasPerm } from '../../../../lib/access.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { PASSWORD_RULE } from '../../../../lib/password-rule.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { type DeptNode, getDeptTree } from '../../org/index.ts';
import { getRolePage, setUserRoles } from '../../rbac/index.ts';
import { type AdminUserVO, addUser, deleteUser, getUserDetail, getUserPage } from '../api/users-api.ts';

type DeptOption = { value: number; title: string; children: DeptOption[] };
const toOptions = (nodes: DeptNode[]): DeptOption[] => nodes.map((n) => ({ value: n.id, title: n.deptName, children: toOptions(n.child) }));

const FIELDS: ListField[] = [
  { kind: 'text', name: 'userName', label: '用户名', width: 160 },
  { kind: 'text', name: 'realName', label: '姓名', width: 140 },
  { kind: 'text', name: 'phoneNum', label: '手机号', width: 150 },
];
const STATUS: StatusTable = { 1: { label: '正常', color: 'green' }, 0: { label: '停用', color: 'red' } };

/** 用户管理: users within the caller's scope; view, add (initial password to be changed at first login), roles, delete. */
export function UserPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const { data: info } = useUserAllInfo();
  const canManage = hasPerm(info, Perm.USER_MANAGE);
  const flags = usePageFlags(entry);
  const list = useListPage<AdminUserVO>({ queryKey: ['uac', 'user'], fields: FIELDS, request: getUserPage, flags });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [rolesOf, setRolesOf] = useState<AdminUserVO | null>(null);
  const [addForm] = Form.useForm();
  const [rolesForm] = Form.useForm<{ roleIds: number[] }>();
  const depts = useQuery({ queryKey: ['uac', 'dept', 'tree'], queryFn: () => getDeptTree(), enabled: adding });
  const roles = useQuery({ queryKey: ['uac', 'role', 'all'], queryFn: () => getRolePage({ current: 1, size: 999 }), enabled: adding || !!rolesOf });
  const detail = useQuery({ queryKey: ['uac', 'user', 'detail', viewing], queryFn: () => getUserDetail(viewing as number), enabled: viewing !== null });
  const refresh = () => client.invalidateQueries({ queryKey: ['uac', 'user'] });
  const roleOptions = (roles.data?.records ?? []).filter((r) => r.side === 1).map((r) => ({ value: r.id, label: r.name }));

  const add = async () => {
    const v = await addForm.validateFields();
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
    setAdding(false);
    addForm.resetFields();
    await refresh();
  };

  const saveRoles = async () => {
    if (!rolesOf) return;
    const v = await rolesForm.validateFields();
    await setUserRoles({ userId: rolesOf.id, roleIds: v.roleIds ?? [] });
    feedback.success('角色已保存');
    setRolesOf(null);
    await refresh();
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
      columns={[
        { title: '用户名', dataIndex: 'userName' },
        { title: '姓名', dataIndex: 'realName', render: (v: string | null) => v ?? '—' },
        { title: '手机号', dataIndex: 'phoneNum', render: (v: string | null) => v ?? '—' },
        { title: '所属单位', key: 'depts', render: (_, u) => u.depts.map((d) => d.deptName).join('、') || '—' },
        { title: '角色', key: 'roles', render: (_, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) },
        { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <StatusTag value={s} table={STATUS} /> },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          render: (_, u) => (
            <Flex gap={4}>
              <Button type="link" size="small" onClick={() => setViewing(u.id)}>
                详情
              </Button>
              {canManage && (
                <Can flag="modify">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setRolesOf(u);
                      rolesForm.setFieldsValue({ roleIds: u.roles.map((r) => r.id) });
                    }}
                  >
                    角色
                  </Button>
                </Can>
              )}
              {canManage && (
                <Can flag="delete">
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      feedback.modal().confirm({
                        title: `确认删除用户“${u.realName ?? u.userName}”？`,
                        okText: '删除',
                        cancelText: '取消',
                        okButtonProps: { danger: true },
                        onOk: async () => {
                          await deleteUser(u.id);
                          feedback.success('已删除');
                          await refresh();
                        },
                      })
                    }
                  >
                    删除
                  </Button>
                </Can>
              )}
            </Flex>
          ),
        },
      ]}
    >
      <Drawer open={viewing !== null} width={520} title="用户详情" onClose={() => setViewing(null)} loading={detail.isLoading}>
        {detail.data && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'u', label: '用户名', children: detail.data.userName },
              { key: 'r', label: '姓名', children: detail.data.realName ?? '—' },
              { key: 'p', label: '手机号', children: detail.data.phoneNum ?? '—' },
              { key: 'e', label: '邮箱', children: detail.data.email ?? '—' },
              { key: 'i', label: '研究所', children: detail.data.instituteName ?? '—' },
              {
                key: 'd',
                label: '所属单位',
                children: detail.data.depts.map((d) => (d.teamName ? `${d.deptName}（${d.teamName}）` : d.deptName)).join('、') || '—',
              },
              { key: 'ro', label: '角色', children: detail.data.roles.map((r) => r.name).join('、') || '—' },
              { key: 'v', label: '实名认证', children: detail.data.verification ? '已认证' : '未认证' },
              { key: 'f', label: '首次登录改密', children: detail.data.whetherForceModifyPassword ? '待修改' : '已完成' },
              { key: 'c', label: '创建时间', children: dayjs(detail.data.createdAt).format('YYYY-MM-DD HH:mm') },
            ]}
          />
        )}
      </Drawer>
      <Modal open={adding} title="新增用户" width={560} okText="保存" cancelText="取消" onOk={() => void add()} onCancel={() => setAdding(false)} forceRender>
        <Form form={addForm} layout="vertical" name="user-add">
          <Form.Item
            name="userName"
            label="用户名"
            rules={[{ required: true, pattern: /^[A-Za-z0-9_]{4,32}$/, message: '用户名为 4-32 位字母、数字或下划线' }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="realName" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="phoneNum" label="手机号" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="deptIds" label="所属单位" rules={[{ required: true, message: '请至少选择一个部门' }]}>
            <TreeSelect multiple treeDefaultExpandAll treeData={toOptions(depts.data ?? [])} loading={depts.isLoading} placeholder="请选择部门" />
          </Form.Item>
          <Form.Item name="roleIds" label="角色">
            <Select mode="multiple" options={roleOptions} loading={roles.isLoading} placeholder="请选择角色" />
          </Form.Item>
          <Form.Item
            name="password"
            label="初始密码"
            extra="用户首次登录时须修改"
            rules={[{ required: true, pattern: PASSWORD_RULE, message: '密码需为8-20位，且同时包含字母和数字' }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!rolesOf}
        title={`设置角色：${rolesOf?.realName ?? rolesOf?.userName ?? ''}`}
        okText="保存"
        cancelText="取消"
        onOk={() => void saveRoles()}
        onCancel={() => setRolesOf(null)}
        forceRender
      >
        <Form form={rolesForm} layout="vertical" name="user-roles">
          <Form.Item name="roleIds" label="角色">
            <Select mode="multiple" options={roleOptions} loading={roles.isLoading} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
