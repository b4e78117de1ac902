import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag } from 'antd';
import type { ConfirmAction } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import { deleteRole, type RoleVO } from '../api/rbac-api.ts';
import { SCOPES } from './role-fields.tsx';

const SCOPE_LABEL = Object.fromEntries(SCOPES.map((s) => [s.value, s.label]));

/** 角色的列；授权、编辑与删除回到页面（内置角色只可授权查看）。 */
export const roleColumns = ({
  open,
  grant,
  confirm,
}: {
  open: (r: RoleVO) => void;
  grant: (r: RoleVO) => void;
  confirm: (a: ConfirmAction) => void;
}): TableColumnsType<RoleVO> => [
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
          <Button type="link" size="small" onClick={() => grant(r)}>
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
            onClick={() => confirm({ title: `确认删除角色“${r.name}”？`, okText: '删除', danger: true, run: () => deleteRole(r.id), done: '已删除' })}
          >
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
