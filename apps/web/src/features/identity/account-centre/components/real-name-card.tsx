import { UserInfoApplyBody } from '@kc/contracts/identity/account-centre';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { applyUserInfo, myUserInfoRequest } from '../api/account-centre-api.ts';
import { accountKeys } from '../api/account-query-keys.ts';
import { requestTag } from './request-tag.tsx';

/** 实名信息: an unverified buyer submits name, unit and title for the platform's review. */
export function RealNameCard({ unverified, onDone }: { unverified: boolean; onDone: () => void }) {
  const mine = useQuery({ queryKey: accountKeys.userInfoRequest, queryFn: myUserInfoRequest });
  const pending = mine.data?.status === 'pending';
  return (
    <Card title={<Space>实名信息 {requestTag(mine.data)}</Space>} size="small">
      {mine.data?.status === 'rejected' && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`上次提交未通过：${mine.data.reason ?? ''}`} />}
      {!unverified ? (
        <Typography.Text type="secondary">账号已实名认证。</Typography.Text>
      ) : pending ? (
        <Typography.Text>已提交，等待平台审核。审核通过后页面水印即消失。</Typography.Text>
      ) : (
        <RealNameForm
          onSent={async () => {
            await mine.refetch();
            onDone();
          }}
        />
      )}
    </Card>
  );
}

function RealNameForm({ onSent }: { onSent: () => Promise<void> }) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="inline"
      name="real-name"
      onFinish={async (v) => {
        await applyUserInfo({ realName: v.realName.trim(), workUnit: v.workUnit.trim(), title: v.title?.trim() ?? '', remark: '' });
        feedback.success('已提交，请等待审核');
        await onSent();
      }}
    >
      <Form.Item name="realName" label="真实姓名" rules={contractRules(UserInfoApplyBody.shape.realName)}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="workUnit" label="工作单位" rules={contractRules(UserInfoApplyBody.shape.workUnit)}>
        <Input maxLength={60} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="title" label="职称">
        <Input maxLength={30} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        提交审核
      </Button>
    </Form>
  );
}
