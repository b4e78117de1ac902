import { SSO_MATCH_FIELD_TEXT, type SsoMatchField } from '@kc/contracts/identity/sso';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Radio, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, type ListRequest, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addCasConfig, type CasConfigBody, type CasConfigVO, deleteCasConfig, getCasConfigs, getInstitutes, updateCasConfig } from '../api/sso-api.ts';
import { PartnersDrawer } from '../components/partners-drawer.tsx';

const KEY = ['sso', 'cas'];
const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '研究所或代码', width: 200 }];
const request = (q: ListRequest) => getCasConfigs({ current: q.current, size: q.size, keyword: q.keyword as string | undefined });
const URL_RULE = { pattern: /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, message: '请输入 http(s) 地址，不含查询参数' };

/**
 * 单点登录: each institute's CAS server (protocol 2.0 or 3.0), the service URL to register with it,
 * and how its identity maps to an account; the partner systems users are handed to.
 */
export function SsoAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<CasConfigVO>({ queryKey: KEY, fields: FIELDS, request, flags: usePageFlags(entry) });
  const institutes = useQuery({ queryKey: ['sso', 'institutes'], queryFn: getInstitutes });
  const [editing, setEditing] = useState<CasConfigVO | 'new' | null>(null);
  const [partnersOpen, setPartnersOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CasConfigBody>();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const origin = Form.useWatch('serviceOrigin', form);
  const code = Form.useWatch('code', form);

  const edit = (c: CasConfigVO | 'new') => {
    setEditing(c);
    form.setFieldsValue(
      c === 'new'
        ? {
            code: '',
            casBaseUrl: 'https://',
            casVersion: '3.0',
            serviceOrigin: window.location.origin,
            userAttribute: '',
            matchField: 'user_name',
            enabled: true,
          }
        : { ...c },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing === 'new') await addCasConfig(v);
      else if (editing) await updateCasConfig({ ...v, id: editing.id });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };
  const remove = (c: CasConfigVO) =>
    feedback.modal().confirm({
      title: `确认删除${c.instituteName}的单点登录配置？`,
      content: '删除后该所用户只能使用平台账号登录。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteCasConfig(c.id);
        feedback.success('已删除');
        await refresh();
      },
    });

  return (
    <ListPage<CasConfigVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="sso-search"
      toolbar={
        <Flex gap={8}>
          <Can flag="add">
            <Button type="primary" onClick={() => edit('new')}>
              新增 CAS 配置
            </Button>
          </Can>
          <Button onClick={() => setPartnersOpen(true)}>外部系统</Button>
        </Flex>
      }
      emptyText="暂无研究所开通统一身份认证登录"
      columns={[
        { title: '研究所', dataIndex: 'instituteName', width: 180 },
        { title: '代码', dataIndex: 'code', width: 90 },
        { title: 'CAS 服务地址', dataIndex: 'casBaseUrl', ellipsis: true },
        { title: '协议', dataIndex: 'casVersion', width: 70, render: (v: string) => `CAS ${v}` },
        {
          title: '身份对应',
          key: 'mapping',
          width: 200,
          render: (_, c) => `${c.userAttribute ? `属性 ${c.userAttribute}` : '用户名'} → ${SSO_MATCH_FIELD_TEXT[c.matchField]}`,
        },
        {
          title: '登录入口',
          key: 'entry',
          width: 180,
          render: (_, c) => <Typography.Text copyable={{ text: `${window.location.origin}/casSSO?org=${c.code}` }}>/casSSO?org={c.code}</Typography.Text>,
        },
        { title: '状态', dataIndex: 'enabled', width: 80, render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        {
          title: '操作',
          key: 'actions',
          width: 130,
          render: (_, c) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => edit(c)}>
                  编辑
                </Button>
              </Can>
              <Can flag="delete">
                <Button type="link" size="small" danger onClick={() => remove(c)}>
                  删除
                </Button>
              </Can>
            </Flex>
          ),
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增 CAS 配置' : '编辑 CAS 配置'}
        okText="保存"
        cancelText="取消"
        width={640}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="sso-cas-edit">
          <Form.Item name="instituteId" label="研究所" rules={[{ required: true, message: '请选择研究所' }]}>
            <Select showSearch optionFilterProp="label" options={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name }))} />
          </Form.Item>
          <Form.Item
            name="code"
            label="单位代码"
            rules={[{ required: true, pattern: /^[a-z][a-z0-9_-]{1,31}$/, message: '2-32 位小写字母、数字、下划线或短横线，以字母开头' }]}
          >
            <Input maxLength={32} placeholder="如 iccas（登录入口 /casSSO?org=iccas）" />
          </Form.Item>
          <Form.Item
            name="casBaseUrl"
            label="CAS 服务地址"
            extra="如 https://cas.iccas.ac.cn/cas；登录与票据校验地址在其后拼接"
            rules={[{ required: true, ...URL_RULE }]}
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
          <Form.Item name="serviceOrigin" label="本平台访问地址" rules={[{ required: true, ...URL_RULE }]}>
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
        </Form>
      </Modal>
      <PartnersDrawer open={partnersOpen} onClose={() => setPartnersOpen(false)} />
    </ListPage>
  );
}
