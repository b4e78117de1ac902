import { PartnerBody } from '@kc/contracts/identity/sso';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { EditModal, useConfirmAction } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import { ShownOnceModal } from '../../../../components/shown-once-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { addPartner, deletePartner, getInstitutes, getPartners, type PartnerInput, type PartnerVO, rotatePartner, updatePartner } from '../api/sso-api.ts';
import { ssoKeys } from '../api/sso-query-keys.ts';

/** 外部系统: the partner systems users enter from /CassToOtherWeb with a signed 60-second ticket. */
export function PartnersDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading } = useQuery({ queryKey: ssoKeys.partnersAdmin, queryFn: getPartners, enabled: open });
  const institutes = useQuery({ queryKey: ssoKeys.institutes, queryFn: getInstitutes, enabled: open });
  const [editing, setEditing] = useState<PartnerVO | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<PartnerInput>();
  const confirm = useConfirmAction(ssoKeys.partnersAdmin);

  const edit = (p: PartnerVO | 'new') => {
    setEditing(p);
    form.setFieldsValue(
      p === 'new'
        ? { code: '', name: '', targetUrl: 'https://', instituteId: null, enabled: true }
        : { code: p.code, name: p.name, targetUrl: p.targetUrl, instituteId: p.instituteId, enabled: p.enabled },
    );
  };
  const save = async (v: PartnerInput) => {
    const body = { ...v, instituteId: v.instituteId ?? null };
    if (editing === 'new') setSecret((await addPartner(body)).secret);
    else if (editing) await updatePartner({ ...body, id: editing.id });
  };
  const rotate = (p: PartnerVO) =>
    feedback.modal().confirm({
      title: `确认更换“${p.name}”的签名密钥？`,
      content: '旧密钥立即失效，对方系统换上新密钥之前无法验证本平台签发的票据。',
      okText: '更换',
      cancelText: '取消',
      onOk: async () => setSecret((await rotatePartner(p.id)).secret),
    });
  const remove = (p: PartnerVO) =>
    confirm({ title: `确认删除外部系统“${p.name}”？`, okText: '删除', danger: true, run: () => deletePartner(p.id), done: '已删除' });

  return (
    <Drawer open={open} onClose={onClose} width={960} title="外部系统（从本平台单点进入）">
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Can flag="add">
          <Button type="primary" onClick={() => edit('new')}>
            新增外部系统
          </Button>
        </Can>
      </Flex>
      <Table<PartnerVO>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无外部系统：新增后，用户可从“进入外部系统”页面带签名票据进入' }}
        columns={[
          { title: '名称', dataIndex: 'name', width: 180 },
          { title: '代码', dataIndex: 'code', width: 100 },
          { title: '接收地址', dataIndex: 'targetUrl', ellipsis: true },
          { title: '适用单位', dataIndex: 'instituteName', width: 180, render: (n: string | null) => n ?? '全部单位' },
          { title: '状态', dataIndex: 'enabled', width: 80, render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_, p) => (
              <Flex gap={4}>
                <Can flag="modify">
                  <Button type="link" size="small" onClick={() => edit(p)}>
                    编辑
                  </Button>
                  <Button type="link" size="small" onClick={() => rotate(p)}>
                    更换密钥
                  </Button>
                </Can>
                <Can flag="delete">
                  <Button type="link" size="small" danger onClick={() => remove(p)}>
                    删除
                  </Button>
                </Can>
              </Flex>
            ),
          },
        ]}
      />
      <EditModal<PartnerInput>
        open={editing !== null}
        title={editing === 'new' ? '新增外部系统' : '编辑外部系统'}
        form={form}
        name="sso-partner-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[ssoKeys.partnersAdmin]}
      >
        <Form.Item name="name" label="系统名称" rules={contractRules(PartnerBody.shape.name, '系统名称为 2-40 个字')}>
          <Input maxLength={40} placeholder="如 化学所仪器共享平台" />
        </Form.Item>
        <Form.Item name="code" label="代码" rules={contractRules(PartnerBody.shape.code, '2-32 位小写字母、数字、下划线或短横线，以字母开头')}>
          <Input maxLength={32} placeholder="如 lims（链接 /CassToOtherWeb?partner=lims）" />
        </Form.Item>
        <Form.Item
          name="targetUrl"
          label="接收地址"
          extra="本平台在其后加 ?ticket=…（60 秒有效，HMAC-SHA256 签名），对方用密钥验证"
          rules={contractRules(PartnerBody.shape.targetUrl, '请输入 http(s) 地址，不含查询参数')}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="instituteId" label="适用单位" extra="不选则所有单位的用户都可进入">
          <Select allowClear placeholder="全部单位" options={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name }))} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </EditModal>
      <ShownOnceModal
        title="外部系统签名密钥"
        warning="密钥只显示这一次，请立即复制并交给对方系统的管理员；遗失后只能更换新密钥。"
        items={secret === null ? null : [{ label: '签名密钥', value: secret }]}
        onClose={() => setSecret(null)}
      />
    </Drawer>
  );
}
