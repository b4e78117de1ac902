import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { Can } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import type { ChildUserVO } from '../api/child-users-api.ts';

export const STATUS: StatusTable = { 1: { label: '正常', color: 'green' }, 0: { label: '已停用', color: 'default' }, 2: { label: '已冻结', color: 'red' } };

/** 子账号的列：账号、姓名、岗位、状态；编辑、重置密码、停用/启用回到页面。 */
export const childUserColumns = ({
  open,
  toggle,
  setResetting,
}: {
  open: (row: ChildUserVO | 'new') => void;
  toggle: (row: ChildUserVO) => void;
  setResetting: (row: ChildUserVO) => void;
}): TableColumnsType<ChildUserVO> => [
  { title: '用户名', dataIndex: 'userName', width: 140 },
  { title: '姓名', dataIndex: 'realName', width: 100, render: (v: string | null) => v ?? '—' },
  { title: '手机号', dataIndex: 'phoneNum', width: 130, render: (v: string | null) => v ?? '—' },
  { title: '角色', key: 'roles', render: (_, u) => (u.roles.length ? u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : '—') },
  {
    title: '状态',
    dataIndex: 'status',
    width: 150,
    render: (s: number, u) => (
      <Flex gap={4} wrap>
        <StatusTag value={s} table={STATUS} />
        {u.mustChangePassword && s !== 0 && <Tag color="gold">待修改初始密码</Tag>}
      </Flex>
    ),
  },
  { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  {
    title: '操作',
    key: 'actions',
    width: 200,
    render: (_, u) => (
      <Can flag="modify">
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => open(u)}>
            编辑
          </Button>
          <Button type="link" size="small" danger={u.status !== 0} onClick={() => toggle(u)}>
            {u.status === 0 ? '启用' : '停用'}
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(u)}>
            重置密码
          </Button>
        </Flex>
      </Can>
    ),
  },
];
