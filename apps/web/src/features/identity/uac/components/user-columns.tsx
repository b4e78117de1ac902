import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag } from 'antd';
import type { ConfirmAction } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import { type AdminUserVO, deleteUser } from '../api/users-api.ts';

export const STATUS: StatusTable = { 1: { label: '正常', color: 'green' }, 0: { label: '停用', color: 'red' } };

/** 用户的列；详情、角色与删除回到页面（角色与删除须有管理权限）。 */
export const userColumns = ({
  canManage,
  view,
  editRoles,
  confirm,
}: {
  canManage: boolean;
  view: (id: number) => void;
  editRoles: (u: AdminUserVO) => void;
  confirm: (a: ConfirmAction) => void;
}): TableColumnsType<AdminUserVO> => [
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
        <Button type="link" size="small" onClick={() => view(u.id)}>
          详情
        </Button>
        {canManage && (
          <Can flag="modify">
            <Button type="link" size="small" onClick={() => editRoles(u)}>
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
                confirm({
                  title: `确认删除用户“${u.realName ?? u.userName}”？`,
                  okText: '删除',
                  danger: true,
                  run: () => deleteUser(u.id),
                  done: '已删除',
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
];
