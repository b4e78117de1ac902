import { EXTERNAL_KIND_TEXT, EXTERNAL_TIMEOUT_MS, ExternalInterfaceBody } from '@kc/contracts/supply/external';
import { Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';

export const KIND_OPTIONS = Object.entries(EXTERNAL_KIND_TEXT).map(([value, label]) => ({ value, label }));

/** 外部接口的字段：名称、代码、类型、地址、方法、超时、启用、备注。 */
export function ExternalInterfaceFields() {
  return (
    <>
      <Flex gap={16}>
        <Form.Item name="name" label="名称" style={{ flex: 1 }} rules={contractRules(ExternalInterfaceBody.shape.name, '名称为 2-40 个字')}>
          <Input maxLength={40} placeholder="如 试剂数据库" />
        </Form.Item>
        <Form.Item
          name="code"
          label="代码"
          style={{ flex: 1 }}
          rules={contractRules(ExternalInterfaceBody.shape.code, '2-32 位小写字母、数字、下划线或短横线')}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Flex>
      <Form.Item name="kind" label="类型">
        <Radio.Group options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="url"
        label="地址"
        extra="{id} 替换为查询的编号（商品数据按 CAS 号，没有则按货号）"
        rules={[
          { required: true, pattern: /^https?:\/\/[^\s/?#]+\S*$/, message: '地址应以 http:// 或 https:// 开头且不含空格' },
          { validator: async (_, v?: string) => (v?.includes('{id}') ? undefined : Promise.reject(new Error('地址中须包含 {id}'))) },
        ]}
      >
        <Input maxLength={300} placeholder="https://api.example.com/products/{id}" />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="method" label="方法">
          <Select style={{ width: 120 }} options={[{ value: 'GET' }, { value: 'POST' }]} />
        </Form.Item>
        <Form.Item name="timeoutMs" label="超时（毫秒，最多 1000）">
          <InputNumber min={100} max={EXTERNAL_TIMEOUT_MS} precision={0} step={100} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}
