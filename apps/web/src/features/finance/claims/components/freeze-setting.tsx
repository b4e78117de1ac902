import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { finance } from '../api/claims-api.ts';

const MD = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** 结账期: the calendar days (MM-DD, may wrap the new year) when this institute takes no new claims. */
export function FreezeSetting() {
  const client = useQueryClient();
  const q = useQuery({ queryKey: claimKeys.setting, queryFn: finance.setting });
  const [form] = Form.useForm<{ from: string; to: string }>();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ from: q.data.freezeFrom ?? '', to: q.data.freezeTo ?? '' });
  }, [q.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    await finance.saveSetting(v.from?.trim() || null, v.to?.trim() || null);
    feedback.success('结账期已保存');
    await client.invalidateQueries({ queryKey: claimKeys.all });
  };
  return (
    <Flex vertical gap={8} data-testid="freeze-setting">
      {q.data?.frozenNow && <Alert type="warning" showIcon title={q.data.frozenNow} />}
      <Form form={form} layout="inline">
        <Form.Item label="结账期" name="from" rules={[{ pattern: MD, message: '格式 MM-DD' }]}>
          <Input placeholder="12-17" style={{ width: 90 }} />
        </Form.Item>
        <Form.Item label="至" name="to" rules={[{ pattern: MD, message: '格式 MM-DD' }]}>
          <Input placeholder="12-31" style={{ width: 90 }} />
        </Form.Item>
        <Button onClick={() => void save().catch(() => undefined)}>保存</Button>
      </Form>
      <Typography.Text type="secondary">结账期内采购人不能提交报销（已提交的照常审批）；两项留空即取消。</Typography.Text>
    </Flex>
  );
}
