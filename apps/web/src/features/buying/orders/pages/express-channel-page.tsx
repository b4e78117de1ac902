import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, type ListRequest, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { contains, pageOfList, trackingPreview } from '../../../../lib/admin-lists.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { type ExpressChannel, type ExpressChannelInput, getExpressChannels, saveExpressChannel } from '../api/express-channels-api.ts';

const KEY = ['mall', 'expChannel'];
const SAMPLE_NO = 'SF1234567890';
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
const TEMPLATE_RULE = /^https?:\/\/\S+$/;
const UNKNOWN_PLACEHOLDER = /\{(?!com\}|no\})[^}]*\}/;

/**
 * 快递渠道: the express companies suppliers deliver with, and each one's tracking address — a
 * template whose {no} becomes the tracking number ({com}: the channel's code), which the order
 * views link every tracking number to. Channels are disabled, not deleted: past deliveries name them.
 */
export function ExpressChannelPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<ExpressChannel>({ queryKey: KEY, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ExpressChannel | 'new' | null>(null);
  const [form] = Form.useForm<ChannelForm>();
  const { saving, run } = useSaving();
  const template = Form.useWatch('trackingUrl', form);
  const code = Form.useWatch('code', form);
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

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
  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      const input: ExpressChannelInput = {
        name: v.name.trim(),
        code: v.code.trim(),
        trackingUrl: v.trackingUrl?.trim() || null,
        status: v.enabled ? 1 : 0,
        sort: v.sort ?? 0,
      };
      await saveExpressChannel(editing === 'new' || !editing ? input : { ...input, id: editing.id });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    });
  const toggle = (c: ExpressChannel) =>
    feedback.modal().confirm({
      title: c.status === 1 ? `确认停用快递渠道“${c.name}”？` : `确认启用快递渠道“${c.name}”？`,
      content: c.status === 1 ? '停用后供应商发货时不能再选择它；已发货记录的查询链接不受影响。' : '启用后供应商发货时可以选择它。',
      okText: c.status === 1 ? '停用' : '启用',
      cancelText: '取消',
      okButtonProps: { danger: c.status === 1 },
      onOk: async () => {
        await saveExpressChannel(body(c, c.status === 1 ? 0 : 1));
        feedback.success(c.status === 1 ? '已停用' : '已启用');
        await refresh();
      },
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
      columns={[
        { title: '名称', dataIndex: 'name', width: 160 },
        { title: '编码', dataIndex: 'code', width: 120 },
        {
          title: '物流查询地址',
          dataIndex: 'trackingUrl',
          ellipsis: true,
          render: (u: string | null) =>
            u ? <Typography.Text copyable={{ text: u }}>{u}</Typography.Text> : <Typography.Text type="secondary">未设置（运单号不带链接）</Typography.Text>,
        },
        { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '操作',
          key: 'actions',
          width: 140,
          render: (_, c) => (
            <Can flag="modify">
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => open(c)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger={c.status === 1} onClick={() => toggle(c)}>
                  {c.status === 1 ? '停用' : '启用'}
                </Button>
              </Flex>
            </Can>
          ),
        },
      ]}
    >
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增快递渠道' : '编辑快递渠道'}
        okText="保存"
        cancelText="取消"
        width={600}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="exp-channel-edit">
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, min: 2, max: 30, message: '渠道名称为 2-30 个字' }]}>
            <Input maxLength={30} placeholder="如 顺丰速运" />
          </Form.Item>
          <Form.Item name="code" label="编码" rules={[{ required: true, pattern: /^[A-Za-z0-9_]{2,20}$/, message: '编码为 2-20 位字母、数字或下划线' }]}>
            <Input maxLength={20} placeholder="如 shunfeng（物流查询地址中的 {com}）" />
          </Form.Item>
          <Form.Item
            name="trackingUrl"
            label="物流查询地址"
            extra="{no} 替换为运单号，{com} 替换为编码；不填则运单号不带查询链接"
            rules={[
              {
                validator: async (_, v?: string) => {
                  const u = v?.trim();
                  if (!u) return;
                  if (!TEMPLATE_RULE.test(u)) throw new Error('查询地址须以 http(s):// 开头且不含空格');
                  if (UNKNOWN_PLACEHOLDER.test(u)) throw new Error('查询地址只能使用 {com}（渠道编码）与 {no}（运单号）两个占位符');
                },
              },
            ]}
          >
            <Input maxLength={300} placeholder="https://www.kuaidi100.com/chaxun?com={com}&nu={no}" />
          </Form.Item>
          {preview && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              示例（运单号 {SAMPLE_NO}）：<Typography.Text code>{preview}</Typography.Text>
            </Typography.Paragraph>
          )}
          <Flex gap={24}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </ListPage>
  );
}
