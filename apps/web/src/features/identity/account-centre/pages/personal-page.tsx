import { CHANGE_STATUS_TEXT } from '@kc/contracts/identity/account-centre';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Image, Input, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useDicts } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { userAllInfoKey, useUserAllInfo } from '../../../../lib/session-queries.ts';
import {
  applyUserInfo,
  applyUserName,
  type ChangeRequestVO,
  changeEmail,
  changePhone,
  getBindQr,
  getBindStatus,
  modifyPasswordWithCode,
  myUserInfoRequest,
  myUserNameRequest,
  sendChangeEmailCode,
  sendChangePhoneCode,
  sendPasswordCode,
  sendUserNameCode,
  userNameAvailable,
} from '../api/account-centre-api.ts';

const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;
const requestTag = (r: ChangeRequestVO | null | undefined) =>
  r ? <Tag color={r.status === 'pending' ? 'orange' : r.status === 'approved' ? 'green' : 'red'}>{CHANGE_STATUS_TEXT[r.status]}</Tag> : null;

/** Sends a code, then counts down 60 s (the server allows one a minute). */
function useCodeButton() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return {
    label: left > 0 ? `${left} 秒后重发` : '发送验证码',
    disabled: left > 0,
    send: async (fn: () => Promise<{ sentTo: string | null }>) => {
      const r = await fn();
      feedback.success(`验证码已发送至 ${r.sentTo ?? ''}`);
      setLeft(60);
    },
  };
}

/**
 * 个人中心: the account's profile and the institute's invoice and pay terms (from the dictionaries:
 * a label the administrator changes shows here within seconds, without logging in again), real-name
 * information for review, phone and e-mail changes with a code sent to the new one, a user-name
 * change (mail code, then review), the password by SMS code and binding the mobile app by QR code.
 */
export function PersonalPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const info = useUserAllInfo();
  const user = info.data?.user;
  const dicts = useDicts(user?.instituteId);
  // a dictionary change also changes the session's invoice terms: read them again
  const version = dicts.data?.version;
  useEffect(() => {
    if (version !== undefined) void client.invalidateQueries({ queryKey: userAllInfoKey });
  }, [version, client]);
  const refreshUser = () => client.invalidateQueries({ queryKey: userAllInfoKey });
  const terms = info.data?.invoiceTerms;
  const unverified = user?.accountType === 1 && user.deptVOList[0]?.id === 1 && !user.verification;

  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Flex vertical gap={16}>
        <Card title="基本信息" size="small">
          <Descriptions column={2} size="small" data-testid="profile">
            <Descriptions.Item label="用户名">{user?.userName}</Descriptions.Item>
            <Descriptions.Item label="姓名">{user?.realName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{user?.phoneNum ?? '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{user?.email ?? '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{user?.instituteName ?? user?.deptVOList.map((d) => d.deptName).join('、')}</Descriptions.Item>
            <Descriptions.Item label="实名认证">{unverified ? <Tag color="orange">未认证</Tag> : <Tag color="green">已认证</Tag>}</Descriptions.Item>
          </Descriptions>
        </Card>
        {terms && (
          <Card title="本单位开票与付款规则" size="small">
            <Descriptions column={1} size="small" data-testid="invoice-terms">
              <Descriptions.Item label="发票类型">{terms.invoiceType}</Descriptions.Item>
              <Descriptions.Item label="开票时间">{terms.invoiceTime}</Descriptions.Item>
              <Descriptions.Item label="付款时间">{terms.payTime}</Descriptions.Item>
            </Descriptions>
          </Card>
        )}
        {user?.accountType === 1 && <RealNameCard unverified={!!unverified} onDone={refreshUser} />}
        <ContactChangeCard kind={PHONE_CHANGE} current={user?.phoneNum ?? null} onDone={refreshUser} />
        <ContactChangeCard kind={EMAIL_CHANGE} current={user?.email ?? null} onDone={refreshUser} />
        <UserNameCard hasEmail={!!user?.email} />
        <PasswordCard />
        <BindCard />
      </Flex>
    </PageFrame>
  );
}

function RealNameCard({ unverified, onDone }: { unverified: boolean; onDone: () => void }) {
  const mine = useQuery({ queryKey: ['account', 'userInfoRequest'], queryFn: myUserInfoRequest });
  const [form] = Form.useForm();
  const pending = mine.data?.status === 'pending';
  return (
    <Card title={<Space>实名信息 {requestTag(mine.data)}</Space>} size="small">
      {mine.data?.status === 'rejected' && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`上次提交未通过：${mine.data.reason ?? ''}`} />}
      {!unverified ? (
        <Typography.Text type="secondary">账号已实名认证。</Typography.Text>
      ) : pending ? (
        <Typography.Text>已提交，等待平台审核。审核通过后页面水印即消失。</Typography.Text>
      ) : (
        <Form
          form={form}
          layout="inline"
          name="real-name"
          onFinish={async (v) => {
            await applyUserInfo({ realName: v.realName.trim(), workUnit: v.workUnit.trim(), title: v.title?.trim() ?? '', remark: '' });
            feedback.success('已提交，请等待审核');
            await mine.refetch();
            onDone();
          }}
        >
          <Form.Item name="realName" label="真实姓名" rules={[{ required: true, min: 2, message: '请填写真实姓名' }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="workUnit" label="工作单位" rules={[{ required: true, min: 2, message: '请填写工作单位' }]}>
            <Input maxLength={60} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="title" label="职称">
            <Input maxLength={30} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            提交审核
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** What differs between changing the phone and changing the e-mail: the field, its rule and the two calls. */
interface ContactChange {
  title: string;
  formName: string;
  field: string;
  label: string;
  rule: Rule;
  inputWidth?: number;
  maxLength?: number;
  sendCode: (to: string) => Promise<{ sentTo: string | null }>;
  change: (to: string, code: string) => Promise<unknown>;
  done: string;
}

const PHONE_CHANGE: ContactChange = {
  title: '更换手机号',
  formName: 'change-phone',
  field: 'phoneNum',
  label: '新手机号',
  rule: { required: true, pattern: PHONE, message: '手机号格式不正确' },
  maxLength: 11,
  sendCode: sendChangePhoneCode,
  change: changePhone,
  done: '手机号已更换',
};

const EMAIL_CHANGE: ContactChange = {
  title: '更换邮箱',
  formName: 'change-email',
  field: 'email',
  label: '新邮箱',
  rule: { required: true, type: 'email', message: '邮箱格式不正确' },
  inputWidth: 240,
  sendCode: sendChangeEmailCode,
  change: changeEmail,
  done: '邮箱已更换',
};

/** A new phone number or e-mail address, proved by the code sent to it. */
function ContactChangeCard({ kind, current, onDone }: { kind: ContactChange; current: string | null; onDone: () => void }) {
  const [form] = Form.useForm();
  const code = useCodeButton();
  const target = () => String(form.getFieldValue(kind.field) ?? '').trim();
  return (
    <Card title={kind.title} size="small" extra={<Typography.Text type="secondary">当前：{current ?? '未绑定'}</Typography.Text>}>
      <Form
        form={form}
        layout="inline"
        name={kind.formName}
        onFinish={async (v) => {
          await kind.change(String(v[kind.field]).trim(), v.code);
          feedback.success(kind.done);
          form.resetFields();
          onDone();
        }}
      >
        <Form.Item name={kind.field} label={kind.label} rules={[kind.rule]}>
          <Input maxLength={kind.maxLength} style={kind.inputWidth ? { width: kind.inputWidth } : undefined} />
        </Form.Item>
        <Button disabled={code.disabled} onClick={async () => code.send(() => kind.sendCode(target()))}>
          {code.label}
        </Button>
        <Form.Item name="code" label="验证码" rules={[{ required: true, pattern: CODE, message: '验证码为 6 位数字' }]} style={{ marginLeft: 16 }}>
          <Input maxLength={6} style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          确认更换
        </Button>
      </Form>
    </Card>
  );
}

function UserNameCard({ hasEmail }: { hasEmail: boolean }) {
  const mine = useQuery({ queryKey: ['account', 'userNameRequest'], queryFn: myUserNameRequest });
  const [form] = Form.useForm();
  const code = useCodeButton();
  const pending = mine.data?.status === 'pending';
  return (
    <Card title={<Space>修改用户名 {requestTag(mine.data)}</Space>} size="small">
      {pending ? (
        <Typography.Text>
          申请改为 <b>{mine.data?.newValue.userName}</b>，审核中（该用户名已为您保留）。
        </Typography.Text>
      ) : !hasEmail ? (
        <Typography.Text type="secondary">验证码发送到本人邮箱，请先绑定邮箱。</Typography.Text>
      ) : (
        <Form
          form={form}
          layout="inline"
          name="change-username"
          onFinish={async (v) => {
            await applyUserName(v.newUserName.trim(), v.code);
            feedback.success('已提交，请等待审核');
            await mine.refetch();
          }}
        >
          <Form.Item
            name="newUserName"
            label="新用户名"
            rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_-]{3,19}$/, message: '用户名为 4–20 位字母、数字、下划线或连字符，以字母开头' }]}
          >
            <Input
              onBlur={async (e) => {
                const name = e.target.value.trim();
                if (name.length >= 4) {
                  const r = await userNameAvailable(name);
                  if (!r.available) form.setFields([{ name: 'newUserName', errors: [r.message] }]);
                }
              }}
            />
          </Form.Item>
          <Button disabled={code.disabled} onClick={async () => code.send(() => sendUserNameCode((form.getFieldValue('newUserName') ?? '').trim()))}>
            {code.label}
          </Button>
          <Form.Item name="code" label="邮箱验证码" rules={[{ required: true, pattern: CODE, message: '验证码为 6 位数字' }]} style={{ marginLeft: 16 }}>
            <Input maxLength={6} style={{ width: 120 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            提交申请
          </Button>
        </Form>
      )}
    </Card>
  );
}

function PasswordCard() {
  const [form] = Form.useForm();
  const code = useCodeButton();
  return (
    <Card title="修改密码（短信验证）" size="small">
      <Form
        form={form}
        layout="inline"
        name="password-by-sms"
        onFinish={async (v) => {
          await modifyPasswordWithCode(v.code, v.newPassword);
          feedback.success('密码修改成功，请重新登录');
        }}
      >
        <Button disabled={code.disabled} onClick={async () => code.send(sendPasswordCode)}>
          {code.label}
        </Button>
        <Form.Item name="code" label="验证码" rules={[{ required: true, pattern: CODE, message: '验证码为 6 位数字' }]} style={{ marginLeft: 16 }}>
          <Input maxLength={6} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={[{ required: true, min: 8, message: '密码至少 8 位' }]}>
          <Input.Password />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

function BindCard() {
  const [qr, setQr] = useState<Awaited<ReturnType<typeof getBindQr>> | null>(null);
  const status = useQuery({
    queryKey: ['account', 'bind', qr?.ticket],
    queryFn: () => getBindStatus(qr!.ticket),
    enabled: !!qr,
    refetchInterval: (q) => (q.state.data?.status === 'waiting' ? 3000 : false),
  });
  return (
    <Card title="绑定移动端" size="small">
      <Flex gap={16} align="center">
        {qr && status.data?.status === 'waiting' && <Image src={qr.qrImage} width={160} preview={false} alt="绑定二维码" />}
        <Space direction="vertical">
          <Typography.Text>
            {status.data?.status === 'bound'
              ? '已绑定。'
              : status.data?.status === 'expired'
                ? '二维码已过期，请重新生成。'
                : '用科研采购 App（同一账号登录）扫描二维码完成绑定，二维码 5 分钟内有效。'}
          </Typography.Text>
          <Button onClick={async () => setQr(await getBindQr())}>{qr ? '重新生成二维码' : '生成二维码'}</Button>
        </Space>
      </Flex>
    </Card>
  );
}
