import { SupplierRegisterBody } from '@kc/contracts/supply/supplier-registration';
import { Button, Card, Col, Divider, Flex, Form, Input, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { ApiError } from '../../../../lib/error-catalogue.ts';
import { type UploadedFile, uploadQualification } from '../../../../lib/files-api.ts';
import { APP_NAME } from '../../../../lib/route-meta.ts';
import { useThrottledClick } from '../../../../lib/use-throttled-click.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { checkCompanyName, checkUserName, registerSupplier } from '../api/registration-api.ts';
import { companyCoreName, creditCodeProblem, USER_NAME_RULE } from '../registration-rules.ts';

interface Values {
  companyName: string;
  creditCode: string;
  license: UploadedFile[];
  permits: UploadedFile[];
  contactName: string;
  contactPhone: string;
  email: string;
  userName: string;
  password: string;
  confirm: string;
}

/** A duplicate answer (40020 / 40021, docs/domains/supply.md#registration-duplicates) becomes the field's error; other failures wait for the submit. */
async function remoteCheck(check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && e.message) throw new Error(e.message);
  }
}

const REGISTER = SupplierRegisterBody.shape;

/** 供应商注册: company, qualifications, contact and account; the live duplicate checks run as each field is left. */
export function SupplierRegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const companyName = Form.useWatch('companyName', form) ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = useThrottledClick(async (v: Values) => {
    setSubmitting(true);
    try {
      await registerSupplier({
        userName: v.userName.trim(),
        password: v.password,
        companyName: v.companyName.trim(),
        creditCode: v.creditCode.trim().toUpperCase(),
        contactName: v.contactName.trim(),
        contactPhone: v.contactPhone.trim(),
        email: v.email.trim(),
        licenseFileId: v.license[0].id,
        permitFileIds: (v.permits ?? []).map((f) => f.id),
      });
      setDone(true);
    } catch (e) {
      // Duplicates found at submit time go back to their fields; everything else the client already reported.
      if (e instanceof ApiError && e.code === 40020) form.setFields([{ name: 'userName', errors: [e.message] }]);
      if (e instanceof ApiError && e.code === 40021) form.setFields([{ name: 'companyName', errors: [e.message] }]);
    } finally {
      setSubmitting(false);
    }
  });

  const shell = (children: React.ReactNode) => (
    <Flex justify="center" style={{ minHeight: '100vh', padding: '32px 16px', background: 'linear-gradient(135deg, #f0eefe 0%, #e6e9f7 50%, #f7f7fb 100%)' }}>
      <div style={{ width: 880, maxWidth: '100%' }}>
        <Typography.Title level={2} style={{ textAlign: 'center', color: '#796AEE' }}>
          {APP_NAME} · 供应商注册
        </Typography.Title>
        {children}
      </div>
    </Flex>
  );

  if (done) {
    return shell(
      <Card>
        <Result
          status="success"
          title="注册申请已提交，请等待平台审核"
          subTitle="平台审核通过后将通过短信和邮件通知您，届时即可使用注册的用户名登录。"
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              返回登录
            </Button>
          }
        />
      </Card>,
    );
  }

  const core = companyCoreName(companyName);
  return shell(
    <Card>
      <Form<Values> form={form} layout="vertical" name="supplier-register" onFinish={submit} initialValues={{ license: [], permits: [] }} scrollToFirstError>
        <Divider titlePlacement="start">企业信息</Divider>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              label="公司名称"
              name="companyName"
              validateTrigger="onBlur"
              extra={core ? `查重名称：${core}（已去除省份与“公司”“有限”“有限公司”字样）` : '请填写营业执照上的公司全称'}
              rules={[
                ...contractRules(REGISTER.companyName, { required: '请输入公司名称' }),
                { validator: (_, v: string) => (v && v.trim().length >= 4 ? remoteCheck(() => checkCompanyName(v.trim())) : Promise.resolve()) },
              ]}
            >
              <Input maxLength={100} placeholder="如：上海某某生物科技有限公司" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="统一社会信用代码"
              name="creditCode"
              validateTrigger="onBlur"
              rules={[
                {
                  required: true,
                  validator: (_, v: string) => {
                    const problem = creditCodeProblem(v ?? '');
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input maxLength={18} placeholder="18 位统一社会信用代码" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="营业执照"
              name="license"
              extra="JPG、PNG 或 PDF，单个不超过 5 MB"
              rules={[{ validator: (_, v: UploadedFile[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传营业执照'))) }]}
            >
              <FilePicker upload={uploadQualification} max={1} accept="image/jpeg,image/png,application/pdf" buttonText="上传营业执照" testId="license-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="其他资质（选填）" name="permits" extra="经营许可证、危化品经营许可证等，最多 10 个">
              <FilePicker
                upload={uploadQualification}
                max={10}
                accept="image/jpeg,image/png,application/pdf"
                buttonText="上传资质文件"
                testId="permits-input"
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">联系人</Divider>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item label="联系人姓名" name="contactName" rules={contractRules(REGISTER.contactName)}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="联系电话" name="contactPhone" rules={contractRules(REGISTER.contactPhone, { required: '请输入手机号' })}>
              <Input maxLength={11} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="电子邮箱" name="email" rules={contractRules(REGISTER.email, { required: '请输入邮箱' })}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">登录账号</Divider>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item
              label="用户名"
              name="userName"
              validateTrigger="onBlur"
              rules={[
                ...contractRules(REGISTER.userName, { required: '请输入用户名' }),
                { validator: (_, v: string) => (v && USER_NAME_RULE.test(v.trim()) ? remoteCheck(() => checkUserName(v.trim())) : Promise.resolve()) },
              ]}
            >
              <Input maxLength={32} autoComplete="username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="密码"
              name="password"
              rules={contractRules(REGISTER.password, { required: '请输入密码', invalid: '密码需为8-20位，且同时包含字母和数字' })}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="确认密码"
              name="confirm"
              dependencies={['password']}
              rules={[
                { required: true, message: '请再次输入密码' },
                ({ getFieldValue }) => ({
                  validator: (_, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="center" gap={16}>
          <Button onClick={() => navigate('/login')}>返回登录</Button>
          <Button type="primary" htmlType="submit" loading={submitting}>
            提交注册申请
          </Button>
        </Flex>
      </Form>
    </Card>,
  );
}
