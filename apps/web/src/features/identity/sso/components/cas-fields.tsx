import { CasConfigBody, SSO_MATCH_FIELD_TEXT, type SsoMatchField } from '@kc/contracts/identity/sso';
import { Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';

const CAS = CasConfigBody.shape;
const URL_MESSAGE = '请输入 http(s) 地址，不含查询参数';

/** CAS 配置的字段，及须在 CAS 服务端登记的服务地址。 */
export function CasFields({ institutes, origin, code }: { institutes: { id: number; name: string }[]; origin?: string; code?: string }) {
  return (
    <>
      <Form.Item name="instituteId" label="研究所" rules={contractRules(CAS.instituteId, '请选择研究所')}>
        <Select showSearch optionFilterProp="label" options={institutes.map((i) => ({ value: i.id, label: i.name }))} />
      </Form.Item>
      <Form.Item name="code" label="单位代码" rules={contractRules(CAS.code, '2-32 位小写字母、数字、下划线或短横线，以字母开头')}>
        <Input maxLength={32} placeholder="如 iccas（登录入口 /casSSO?org=iccas）" />
      </Form.Item>
      <Form.Item
        name="casBaseUrl"
        label="CAS 服务地址"
        extra="如 https://cas.iccas.ac.cn/cas；登录与票据校验地址在其后拼接"
        rules={contractRules(CAS.casBaseUrl, URL_MESSAGE)}
      >
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="casVersion" label="协议版本">
        <Radio.Group
          options={[
            { value: '3.0', label: 'CAS 3.0（/p3/serviceValidate，带属性）' },
            { value: '2.0', label: 'CAS 2.0（/serviceValidate）' },
          ]}
        />
      </Form.Item>
      <Form.Item name="serviceOrigin" label="本平台访问地址" rules={contractRules(CAS.serviceOrigin, URL_MESSAGE)}>
        <Input maxLength={300} />
      </Form.Item>
      {origin && code && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          请在 CAS 服务端登记服务地址：<Typography.Text code copyable>{`${origin.replace(/\/+$/, '')}/api/zjs/cas/sso.lf?org=${code}`}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Flex gap={16}>
        <Form.Item name="userAttribute" label="身份属性" extra="留空则用 CAS 用户名" style={{ flex: 1 }}>
          <Input maxLength={64} placeholder="如 mail、employeeNumber" />
        </Form.Item>
        <Form.Item name="matchField" label="对应平台账号的" style={{ flex: 1 }}>
          <Select options={Object.entries(SSO_MATCH_FIELD_TEXT).map(([value, label]) => ({ value: value as SsoMatchField, label }))} />
        </Form.Item>
      </Flex>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
