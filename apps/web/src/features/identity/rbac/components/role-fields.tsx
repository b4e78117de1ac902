import { RoleAddBody } from '@kc/contracts/identity/rbac';
import { Form, Input, Select } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';

/** 数据范围: whose records a role's holders see. */
export const SCOPES = [
  { value: 'all', label: '全部数据' },
  { value: 'institute', label: '本研究所' },
  { value: 'dept', label: '本部门' },
  { value: 'team', label: '本课题组' },
  { value: 'self', label: '仅本人' },
];

/** 角色的字段：名称、编码、数据范围、备注。 */
export function RoleFields() {
  return (
    <>
      <Form.Item name="name" label="角色名称" rules={contractRules(RoleAddBody.shape.name)}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="code" label="角色编码" rules={contractRules(RoleAddBody.shape.code)}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="dataScope" label="数据范围" rules={[{ required: true }]}>
        <Select options={SCOPES} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </>
  );
}
