import { API_CLIENT_SCOPE_TEXT, API_CLIENT_SCOPES, ApiClientBody } from '@kc/contracts/identity/api-clients';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, type ListRequest, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { ShownOnceModal } from '../../../../components/shown-once-modal.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import {
  type ApiClientScope,
  type ApiClientSecretVO,
  type ApiClientVO,
  addApiClient,
  getApiClients,
  getInstitutes,
  revokeApiClient,
  rotateApiClient,
  updateApiClient,
} from '../api/api-client-api.ts';
import { apiClientKeys } from '../api/api-client-query-keys.ts';
import { apiClientColumns } from '../components/api-client-columns.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'name', label: '名称或客户端号', width: 200 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    width: 120,
    options: [
      { value: 'active', label: '有效' },
      { value: 'revoked', label: '已吊销' },
    ],
  },
];
const request = (q: ListRequest) =>
  getApiClients({ current: q.current, size: q.size, name: q.name as string | undefined, status: q.status as string | undefined });
type ClientForm = { name: string; instituteId?: number | null; scopes?: ApiClientScope[] };
const SCOPE_OPTIONS = API_CLIENT_SCOPES.map((s) => ({ value: s, label: API_CLIENT_SCOPE_TEXT[s] }));

/** 接口客户端: credentials issued to other systems (an institute's finance system); the secret is shown once. */
export function ApiClientPage({ entry, home }: MenuPageProps) {
  const list = useListPage<ApiClientVO>({ queryKey: apiClientKeys.all, fields: FIELDS, request, flags: usePageFlags(entry) });
  const institutes = useQuery({ queryKey: apiClientKeys.institutes, queryFn: getInstitutes });
  const [editing, setEditing] = useState<ApiClientVO | 'new' | null>(null);
  const [issued, setIssued] = useState<ApiClientSecretVO | null>(null);
  const [form] = Form.useForm<ClientForm>();
  const confirm = useConfirmAction(apiClientKeys.all);

  const edit = (c: ApiClientVO | 'new') => {
    setEditing(c);
    form.setFieldsValue(c === 'new' ? { name: '', instituteId: null, scopes: [] } : { name: c.name, instituteId: c.instituteId, scopes: c.scopes });
  };
  const save = async (v: ClientForm) => {
    const b = { name: v.name.trim(), instituteId: v.instituteId ?? null, scopes: v.scopes ?? [] };
    if (editing === 'new') setIssued(await addApiClient(b));
    else if (editing) await updateApiClient({ ...b, id: editing.id });
  };
  const rotate = (c: ApiClientVO) =>
    confirm({
      title: `确认更换“${c.name}”的密钥？`,
      content: '旧密钥与签名密钥立即失效（其他服务进程最迟 1 分钟），对方系统须换上新密钥。',
      okText: '更换',
      run: async () => setIssued(await rotateApiClient(c.id)),
    });
  const revoke = (c: ApiClientVO) =>
    confirm({
      title: `确认吊销“${c.name}”？`,
      content: '吊销后该客户端的所有调用都被拒绝，且不能恢复；需要时请重新签发。',
      okText: '吊销',
      danger: true,
      run: () => revokeApiClient(c.id),
      done: '已吊销',
    });

  return (
    <ListPage<ApiClientVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="api-client-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => edit('new')}>
            签发客户端
          </Button>
        </Can>
      }
      emptyText="暂无接口客户端：为研究所的财务系统等签发后，对方以客户端号与密钥调用接口"
      columns={apiClientColumns({ edit, rotate, revoke })}
    >
      <EditModal<ClientForm>
        open={editing !== null}
        title={editing === 'new' ? '签发接口客户端' : '编辑接口客户端'}
        form={form}
        name="api-client-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[apiClientKeys.all]}
      >
        <Form.Item name="name" label="名称" rules={contractRules(ApiClientBody.shape.name, '名称为 2-40 个字')}>
          <Input maxLength={40} placeholder="如 化学所财务系统" />
        </Form.Item>
        <Form.Item name="instituteId" label="绑定研究所" extra="财务系统同步经费卡、推送结算单时只作用于所绑定的研究所">
          <Select allowClear placeholder="不绑定" options={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name }))} />
        </Form.Item>
        <Form.Item name="scopes" label="接口权限" extra="未勾选的接口，该客户端调用时一律被拒绝；修改立即生效（其他服务进程最迟 1 分钟）">
          <Checkbox.Group options={SCOPE_OPTIONS} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} />
        </Form.Item>
      </EditModal>
      <ShownOnceModal
        title="客户端凭证"
        warning="密钥与签名密钥只显示这一次，请立即复制交给对方系统；遗失后只能更换。"
        items={
          issued === null
            ? null
            : [
                { label: '客户端号', value: issued.clientId },
                { label: '密钥', value: issued.secret },
                { label: '签名密钥', value: issued.signKey },
              ]
        }
        onClose={() => setIssued(null)}
      />
    </ListPage>
  );
}
