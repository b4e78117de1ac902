import { NOTICE_STATE_NAMES } from '@kc/contracts/content';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HtmlEditor } from '../../../components/html-editor.tsx';
import { type ListField, ListPage, useListPage } from '../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../components/page-flags.tsx';
import { StatusTag, statusTable } from '../../../components/status-tag.tsx';
import { feedback } from '../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../lib/menu-entries.ts';
import {
  addNotice,
  deleteNotice,
  getNoticePage,
  NOTICE_STATUS_LABELS,
  NOTICE_TYPE_LABELS,
  type NoticeInput,
  type NoticeVO,
  noticeKeys,
  publishNotice,
  updateNotice,
  withdrawNotice,
} from '../api/notice-api.ts';

const TYPE_OPTIONS = Object.entries(NOTICE_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const STATUS = statusTable(NOTICE_STATUS_LABELS, { 0: 'default', 1: 'green', 2: 'orange' });
const choices = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const FIELDS: ListField[] = [
  { kind: 'text', name: 'title', label: '标题', placeholder: '请输入标题', width: 200 },
  { kind: 'select', name: 'type', label: '类型', options: choices(NOTICE_TYPE_LABELS), width: 140 },
  // by name: the client drops a 0 (草稿) from the query (SPEC.md §5)
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: Object.entries(NOTICE_STATE_NAMES).map(([value, code]) => ({ value, label: NOTICE_STATUS_LABELS[code] })),
    width: 120,
  },
];

const num = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));

/** 公告管理: search, add and edit (HTML with preview), publish, withdraw, delete. */
export function NoticeAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<NoticeVO>({
    queryKey: [...noticeKeys.all, 'admin'],
    fields: FIELDS,
    request: (q) => getNoticePage({ ...q, type: num(q.type), status: num(q.status) }),
    flags: usePageFlags(entry),
  });
  const [editing, setEditing] = useState<NoticeVO | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<NoticeInput>();
  const refresh = () => client.invalidateQueries({ queryKey: noticeKeys.all });

  const open = (n: NoticeVO | 'new') => {
    setEditing(n);
    form.setFieldsValue(n === 'new' ? { title: '', content: '', type: 2, top: false } : { title: n.title, content: n.content, type: n.type, top: n.top });
  };

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { ...v, title: v.title.trim(), content: v.content ?? '' };
      if (editing === 'new') await addNotice(body);
      else if (editing) await updateNotice({ ...body, id: editing.id });
      feedback.success('已保存');
      setEditing(null);
      await refresh();
    } catch {
      // The api client already reported the failure.
    } finally {
      setSaving(false);
    }
  };

  const act = (title: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) =>
    feedback.modal().confirm({
      title,
      okText,
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: async () => {
        await run();
        feedback.success(done);
        await refresh();
      },
    });

  return (
    <ListPage<NoticeVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="notice-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增公告
          </Button>
        </Can>
      }
      emptyText="暂无公告：新增的公告将在此列出"
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          ellipsis: true,
          render: (t: string, n) =>
            n.top ? (
              <>
                {t} <Tag color="red">置顶</Tag>
              </>
            ) : (
              t
            ),
        },
        { title: '类型', dataIndex: 'type', width: 120, render: (t: number) => NOTICE_TYPE_LABELS[t] ?? t },
        { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatusTag value={s} table={STATUS} /> },
        { title: '发布时间', dataIndex: 'publishedAt', width: 160, render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—') },
        {
          title: '操作',
          key: 'actions',
          width: 220,
          render: (_, n) => (
            <Flex gap={4} wrap>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open(n)}>
                  编辑
                </Button>
                {n.status !== 1 ? (
                  <Button type="link" size="small" onClick={() => act(`确认发布“${n.title}”？`, '发布', () => publishNotice(n.id), '已发布')}>
                    发布
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => act(`确认下线“${n.title}”？`, '下线', () => withdrawNotice(n.id), '已下线')}>
                    下线
                  </Button>
                )}
              </Can>
              <Can flag="delete">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => act(`确认删除“${n.title}”？删除后不可恢复。`, '删除', () => deleteNotice(n.id), '已删除', true)}
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
        title={editing === 'new' ? '新增公告' : '编辑公告'}
        width={820}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="notice-edit">
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Flex gap={24}>
            <Form.Item name="type" label="公告类型" rules={[{ required: true, message: '请选择公告类型' }]} style={{ width: 220 }}>
              <Select options={TYPE_OPTIONS} />
            </Form.Item>
            <Form.Item name="top" label="置顶" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
          <Form.Item name="content" label="内容">
            <HtmlEditor />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
