import { ExpressChannelBody } from '@kc/contracts/buying/orders';
import { Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';

const CHANNEL = ExpressChannelBody.shape;

/** The tracking number the preview shows. */
export const SAMPLE_NO = 'SF1234567890';

/** 快递渠道的字段，及按模板生成的查询地址示例。 */
export function ExpressChannelFields({ preview }: { preview: string | null }) {
  return (
    <>
      <Form.Item name="name" label="名称" rules={contractRules(CHANNEL.name)}>
        <Input maxLength={30} placeholder="如 顺丰速运" />
      </Form.Item>
      <Form.Item name="code" label="编码" rules={contractRules(CHANNEL.code)}>
        <Input maxLength={20} placeholder="如 shunfeng（物流查询地址中的 {com}）" />
      </Form.Item>
      <Form.Item
        name="trackingUrl"
        label="物流查询地址"
        extra="{no} 替换为运单号，{com} 替换为编码；不填则运单号不带查询链接"
        rules={contractRules(CHANNEL.trackingUrl)}
      >
        <Input maxLength={300} placeholder="https://www.kuaidi100.com/chaxun?com={com}&nu={no}" />
      </Form.Item>
      {preview && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          示例（运单号 {SAMPLE_NO}）：<Typography.Text code>{preview}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Flex gap={24}>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Flex>
    </>
  );
}
