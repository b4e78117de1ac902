import { UserAddBody } from '@kc/contracts/identity/org';
import { Form, Input, Select, TreeSelect } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';
import type { DeptNode } from '../../org/index.ts';

const USER = UserAddBody.shape;
type DeptOption = { value: number; title: string; children: DeptOption[] };
const toOptions = (nodes: DeptNode[]): DeptOption[] => nodes.map((n) => ({ value: n.id, title: n.deptName, children: toOptions(n.child) }));

interface Props {
  depts: DeptNode[];
  deptsLoading: boolean;
  roleOptions: { value: number; label: string }[];
  rolesLoading: boolean;
}

/** 新增用户的字段：用户名、姓名、手机号、邮箱、所属单位、角色与初始密码。 */
export function UserAddFields({ depts, deptsLoading, roleOptions, rolesLoading }: Props) {
  return (
    <>
      <Form.Item name="userName" label="用户名" rules={contractRules(USER.userName)}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="realName" label="姓名" rules={contractRules(USER.realName)}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="phoneNum" label="手机号" rules={contractRules(USER.phoneNum)}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={contractRules(USER.email)}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="deptIds" label="所属单位" rules={[{ required: true, message: '请至少选择一个部门' }]}>
        <TreeSelect multiple treeDefaultExpandAll treeData={toOptions(depts)} loading={deptsLoading} placeholder="请选择部门" />
      </Form.Item>
      <Form.Item name="roleIds" label="角色">
        <Select mode="multiple" options={roleOptions} loading={rolesLoading} placeholder="请选择角色" />
      </Form.Item>
      <Form.Item name="password" label="初始密码" extra="用户首次登录时须修改" rules={contractRules(USER.password, '密码需为8-20位，且同时包含字母和数字')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
