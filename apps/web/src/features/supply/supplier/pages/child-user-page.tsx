import type { ChildUserPage as ChildUserPageData } from '@kc/contracts/supply/supplier-accounts';
import { ChildUserAddBody, ChildUserPasswordBody } from '@kc/contracts/supply/supplier-accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import {
  addChildUser,
  type ChildUserVO,
  getChildUserPage,
  getChildUserRoles,
  resetChildUserPassword,
  setChildUserEnabled,
  updateChildUser,
} from '../api/child-users-api.ts';
import { supplierKeys } from '../api/supplier-query-keys.ts';
import { childUserColumns } from '../components/child-user-columns.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'userName', label: '用户名', width: 160 },
  { kind: 'text', name: 'realName', label: '姓名', width: 140 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    width: 140,
    options: [
      // by name: the client drops a 0 from the query (docs/domains/platform.md#empty-query-values)
      { value: 'active', label: '正常' },
      { value: 'disabled', label: '已停用' },
    ],
  },
];

interface AccountForm {
  userName: string;
  realName: string;
  phoneNum: string;
  email?: string;
  roleIds: number[];
  password: string;
}

const passwordRules = contractRules(ChildUserPasswordBody.shape.password, '密码需为8-20位，且同时包含字母和数字');

/**
 * 子账号管理 (supplier main account): the staff accounts with their jobs (roles), how many places of
 * the limit are used, and the actions on each: edit, disable / enable, reset the password.
 */
export function ChildUserPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const list = useListPage<ChildUserVO>({ queryKey: supplierKeys.childUsers, fields: FIELDS, request: getChildUserPage, flags });
  const page = list.query.data as ChildUserPageData | undefined;
  const [editing, setEditing] = useState<ChildUserVO | 'new' | null>(null);
  const [resetting, setResetting] = useState<ChildUserVO | null>(null);
  const [form] = Form.useForm<AccountForm>();
  const [resetForm] = Form.useForm<{ password: string }>();
  const roles = useQuery({ queryKey: supplierKeys.childUserRoles, queryFn: getChildUserRoles, enabled: editing !== null });
  const refresh = () => client.invalidateQueries({ queryKey: supplierKeys.childUsers });
  const full = page !== undefined && page.used >= page.limit;

  const open = (row: ChildUserVO | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new')
      form.setFieldsValue({ realName: row.realName ?? '', phoneNum: row.phoneNum ?? '', email: row.email ?? undefined, roleIds: row.roles.map((r) => r.id) });
  };

  const save = async () => {
    const v = await form.validateFields();
    if (editing === 'new') {
      await addChildUser({
        userName: v.userName.trim(),
        realName: v.realName.trim(),
        phoneNum: v.phoneNum.trim(),
        email: v.email?.trim() || undefined,
        roleIds: v.roleIds,
        password: v.password,
      });
      void feedback.successDialog(`子账号 ${v.userName.trim()} 已新增。请把初始密码告知本人，首次登录时须修改。`);
    } else if (editing) {
      await updateChildUser({ id: editing.id, realName: v.realName.trim(), phoneNum: v.phoneNum.trim(), email: v.email?.trim() || null, roleIds: v.roleIds });
      feedback.success('已保存');
    }
    setEditing(null);
    await refresh();
  };

  const reset = async () => {
    if (!resetting) return;
    const v = await resetForm.validateFields();
    await resetChildUserPassword(resetting.id, v.password);
    void feedback.successDialog(`已为 ${resetting.userName} 设置新的初始密码，该账号已退出登录，下次登录时须修改密码。`);
    setResetting(null);
    resetForm.resetFields();
  };

  const toggle = (row: ChildUserVO) => {
    const enabling = row.status === 0;
    feedback.modal().confirm({
      title: enabling ? `启用子账号“${row.realName ?? row.userName}”？` : `停用子账号“${row.realName ?? row.userName}”？`,
      content: enabling ? '启用后该账号重新占用一个子账号名额。' : '停用后该账号立即退出登录且不能再登录，不再占用子账号名额；可随时重新启用。',
      okText: enabling ? '启用' : '停用',
      cancelText: '取消',
      okButtonProps: enabling ? undefined : { danger: true },
      onOk: async () => {
        await setChildUserEnabled(row.id, enabling);
        feedback.success(enabling ? '已启用' : '已停用');
        await refresh();
      },
    });
  };

  return (
    <ListPage<ChildUserVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="child-user-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" disabled={full} onClick={() => open('new')} data-testid="child-add">
            新增子账号
          </Button>
        </Can>
      }
      searchExtra={
        page && (
          <Typography.Text type={full ? 'danger' : 'secondary'} data-testid="child-quota">
            已用名额 {page.used} / {page.limit}
            {full && '，已达上限：停用不再使用的子账号后可新增'}
          </Typography.Text>
        )
      }
      emptyText="还没有子账号：为负责订单处理、商品维护、开票的同事各开一个账号，分工与操作记录更清楚"
      columns={childUserColumns({ open, toggle, setResetting })}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增子账号' : `编辑子账号 ${editing?.userName ?? ''}`}
        width={560}
        okText="保存"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="child-user">
          {editing === 'new' && (
            <Form.Item name="userName" label="用户名" rules={contractRules(ChildUserAddBody.shape.userName)}>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="realName" label="姓名" rules={contractRules(ChildUserAddBody.shape.realName)}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="phoneNum" label="手机号" rules={contractRules(ChildUserAddBody.shape.phoneNum)}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={contractRules(ChildUserAddBody.shape.email)}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="roleIds"
            label="角色"
            extra="按分工选择：订单处理可确认与发货，商品维护可编辑商品，财务开票可查看订单"
            rules={[{ required: true, message: '请至少选择一个角色' }]}
          >
            <Select
              mode="multiple"
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              loading={roles.isLoading}
              placeholder="请选择角色"
            />
          </Form.Item>
          {editing === 'new' && (
            <Form.Item name="password" label="初始密码" extra="子账号首次登录时须修改" rules={passwordRules}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={resetting !== null}
        title={`重置 ${resetting?.userName ?? ''} 的密码`}
        okText="重置"
        cancelText="取消"
        onOk={() => void reset()}
        onCancel={() => setResetting(null)}
        forceRender
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="重置后该账号立即退出登录，用新的初始密码登录后须再修改。" />
        <Form form={resetForm} layout="vertical" name="child-user-reset">
          <Form.Item name="password" label="新的初始密码" rules={passwordRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
