import type { CasConfigBody } from '@kc/contracts/identity/sso';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, type ListRequest, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addCasConfig, type CasConfigVO, deleteCasConfig, getCasConfigs, getInstitutes, updateCasConfig } from '../api/sso-api.ts';
import { ssoKeys } from '../api/sso-query-keys.ts';
import { CasFields } from '../components/cas-fields.tsx';
import { PartnersDrawer } from '../components/partners-drawer.tsx';
import { casColumns } from '../components/sso-columns.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '研究所或代码', width: 200 }];
const request = (q: ListRequest) => getCasConfigs({ current: q.current, size: q.size, keyword: q.keyword as string | undefined });

/**
 * 单点登录: each institute's CAS server (protocol 2.0 or 3.0), the service URL to register with it,
 * and how its identity maps to an account; the partner systems users are handed to.
 */
export function SsoAdminPage({ entry, home }: MenuPageProps) {
  const list = useListPage<CasConfigVO>({ queryKey: ssoKeys.cas, fields: FIELDS, request, flags: usePageFlags(entry) });
  const institutes = useQuery({ queryKey: ssoKeys.institutes, queryFn: getInstitutes });
  const [editing, setEditing] = useState<CasConfigVO | 'new' | null>(null);
  const [partnersOpen, setPartnersOpen] = useState(false);
  const [form] = Form.useForm<CasConfigBody>();
  const confirm = useConfirmAction(ssoKeys.cas);
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
  const save = async (v: CasConfigBody) => {
    if (editing === 'new') await addCasConfig(v);
    else if (editing) await updateCasConfig({ ...v, id: editing.id });
  };
  const remove = (c: CasConfigVO) =>
    confirm({
      title: `确认删除${c.instituteName}的单点登录配置？`,
      content: '删除后该所用户只能使用平台账号登录。',
      okText: '删除',
      danger: true,
      run: () => deleteCasConfig(c.id),
      done: '已删除',
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
      columns={casColumns({ edit, remove })}
    >
      <EditModal<CasConfigBody>
        open={editing !== null}
        title={editing === 'new' ? '新增 CAS 配置' : '编辑 CAS 配置'}
        width={640}
        form={form}
        name="sso-cas-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[ssoKeys.cas]}
      >
        <CasFields institutes={institutes.data ?? []} origin={origin} code={code} />
      </EditModal>
      <PartnersDrawer open={partnersOpen} onClose={() => setPartnersOpen(false)} />
    </ListPage>
  );
}
