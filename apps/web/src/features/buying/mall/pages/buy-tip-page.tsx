import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, type ListRequest, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { contains, pageOfList } from '../../../../lib/admin-lists.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { addBuyTip, type BuyTip, deleteBuyTip, getBuyTips, updateBuyTip } from '../api/buy-tips-api.ts';

const KEY = ['mall', 'buyTip'];
const STATUS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];
const FIELDS: ListField[] = [
  { kind: 'text', name: 'title', label: '标题', width: 200 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS, width: 120 },
];
const request = async (q: ListRequest) =>
  pageOfList(await getBuyTips(), q, (t) => contains(t.title, q.title) && (q.status === undefined || String(t.status) === q.status));

type TipForm = { title: string; content: string; enabled: boolean; sort: number };

/** 购买须知: the notes buyers confirm before ordering; the platform admin adds, edits, enables and deletes them. */
export function BuyTipPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<BuyTip>({ queryKey: KEY, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<BuyTip | 'new' | null>(null);
  const [form] = Form.useForm<TipForm>();
  const { saving, run } = useSaving();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const open = (t: BuyTip | 'new') => {
    setEditing(t);
    form.setFieldsValue(
      t === 'new' ? { title: '', content: '', enabled: true, sort: 0 } : { title: t.title, content: t.content, enabled: t.status === 1, sort: t.sort },
    );
  };
  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      const body = { title: v.title.trim(), content: v.content.trim(), status: v.enabled ? (1 as const) : (0 as const), sort: v.sort ?? 0 };
      if (editing === 'new') await addBuyTip(body);
      else if (editing) await updateBuyTip({ ...body, id: editing.id });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    });

  return (
    <ListPage<BuyTip>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="buy-tip-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增须知
          </Button>
        </Can>
      }
      emptyText="暂无购买须知：新增后，买家下单前将看到启用的须知"
      columns={[
        { title: '标题', dataIndex: 'title', width: 220 },
        {
          title: '内容',
          dataIndex: 'content',
          render: (c: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ marginBottom: 0 }}>
              {c}
            </Typography.Paragraph>
          ),
        },
        { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '操作',
          key: 'actions',
          width: 140,
          render: (_, t) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open(t)}>
                  编辑
                </Button>
              </Can>
              <Can flag="delete">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    feedback.modal().confirm({
                      title: `确认删除购买须知“${t.title}”？`,
                      content: '删除后买家下单时不再看到这条须知。',
                      okText: '删除',
                      cancelText: '取消',
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await deleteBuyTip(t.id);
                        feedback.success('已删除');
                        await refresh();
                      },
                    })
                  }
                >
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
        title={editing === 'new' ? '新增购买须知' : '编辑购买须知'}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="buy-tip-edit">
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
            <Input maxLength={60} showCount />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}>
            <Input.TextArea rows={6} maxLength={2000} showCount />
          </Form.Item>
          <Flex gap={24}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序（小的在前）" rules={[{ type: 'integer', min: 0, max: 9999, message: '排序为 0-9999 的整数' }]}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </ListPage>
  );
}
