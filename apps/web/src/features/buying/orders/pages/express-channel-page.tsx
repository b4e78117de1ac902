import { Button, Form } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, type ListRequest, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { contains, pageOfList, trackingPreview } from '../../../../lib/admin-lists.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type ExpressChannel, type ExpressChannelInput, getExpressChannels, saveExpressChannel } from '../api/express-channels-api.ts';
import { orderKeys } from '../api/order-query-keys.ts';
import { expressChannelColumns } from '../components/express-channel-columns.tsx';
import { ExpressChannelFields, SAMPLE_NO } from '../components/express-channel-fields.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'name', label: '名称或编码', width: 200 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    width: 120,
    options: [
      { value: '1', label: '启用' },
      { value: '0', label: '停用' },
    ],
  },
];
const request = async (q: ListRequest) =>
  pageOfList(
    await getExpressChannels(),
    q,
    (c) => (contains(c.name, q.name) || contains(c.code, q.name)) && (q.status === undefined || String(c.status) === q.status),
  );

type ChannelForm = { name: string; code: string; trackingUrl?: string; enabled: boolean; sort: number };

/**
 * 快递渠道: the express companies suppliers deliver with, and each one's tracking address — a
 * template whose {no} becomes the tracking number ({com}: the channel's code), which the order
 * views link every tracking number to. Channels are disabled, not deleted: past deliveries name them.
 */
export function ExpressChannelPage({ entry, home }: MenuPageProps) {
  const list = useListPage<ExpressChannel>({ queryKey: orderKeys.expressChannels, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ExpressChannel | 'new' | null>(null);
  const [form] = Form.useForm<ChannelForm>();
  const template = Form.useWatch('trackingUrl', form);
  const code = Form.useWatch('code', form);
  const confirm = useConfirmAction(orderKeys.expressChannels);

  const open = (c: ExpressChannel | 'new') => {
    setEditing(c);
    form.setFieldsValue(
      c === 'new'
        ? { name: '', code: '', trackingUrl: 'https://www.kuaidi100.com/chaxun?com={com}&nu={no}', enabled: true, sort: 0 }
        : { name: c.name, code: c.code, trackingUrl: c.trackingUrl ?? '', enabled: c.status === 1, sort: c.sort },
    );
  };
  const body = (c: ExpressChannel, status: 0 | 1): ExpressChannelInput => ({
    id: c.id,
    name: c.name,
    code: c.code,
    trackingUrl: c.trackingUrl,
    status,
    sort: c.sort,
  });
  const save = async (v: ChannelForm) => {
    const input: ExpressChannelInput = {
      name: v.name.trim(),
      code: v.code.trim(),
      trackingUrl: v.trackingUrl?.trim() || null,
      status: v.enabled ? 1 : 0,
      sort: v.sort ?? 0,
    };
    await saveExpressChannel(editing === 'new' || !editing ? input : { ...input, id: editing.id });
  };
  const toggle = (c: ExpressChannel) =>
    confirm({
      title: c.status === 1 ? `确认停用快递渠道“${c.name}”？` : `确认启用快递渠道“${c.name}”？`,
      content: c.status === 1 ? '停用后供应商发货时不能再选择它；已发货记录的查询链接不受影响。' : '启用后供应商发货时可以选择它。',
      okText: c.status === 1 ? '停用' : '启用',
      danger: c.status === 1,
      run: () => saveExpressChannel(body(c, c.status === 1 ? 0 : 1)),
      done: c.status === 1 ? '已停用' : '已启用',
    });
  const preview = trackingPreview(template, code?.trim() || 'CODE', SAMPLE_NO);

  return (
    <ListPage<ExpressChannel>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="exp-channel-search"
      toolbar={
        <Can flag="modify">
          <Button type="primary" onClick={() => open('new')}>
            新增渠道
          </Button>
        </Can>
      }
      emptyText="暂无快递渠道：新增后供应商发货时即可选择"
      columns={expressChannelColumns({ open, toggle })}
    >
      <EditModal<ChannelForm>
        open={editing !== null}
        title={editing === 'new' ? '新增快递渠道' : '编辑快递渠道'}
        width={600}
        form={form}
        name="exp-channel-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[orderKeys.expressChannels]}
      >
        <ExpressChannelFields preview={preview} />
      </EditModal>
    </ListPage>
  );
}
