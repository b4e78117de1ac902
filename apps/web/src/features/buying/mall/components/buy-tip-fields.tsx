import { BuyTipBody } from '@kc/contracts/buying/mall';
import { Flex, Form, Input, InputNumber, Switch } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';

/** 购买须知的字段：标题、内容、启用与排序。 */
export function BuyTipFields() {
  return (
    <>
      <Form.Item name="title" label="标题" rules={contractRules(BuyTipBody.shape.title)}>
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item name="content" label="内容" rules={contractRules(BuyTipBody.shape.content)}>
        <Input.TextArea rows={6} maxLength={2000} showCount />
      </Form.Item>
      <Flex gap={24}>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={contractRules(BuyTipBody.shape.sort, '排序为 0-9999 的整数')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Flex>
    </>
  );
}
