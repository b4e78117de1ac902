import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { MenuPageProps } from '../../../app/menu-pages.ts';
import { feedback } from '../../../lib/feedback.ts';
import { PageFrame } from '../../menu-frame/components/page-frame.tsx';
import { HtmlEditor } from '../../public/components/html-editor.tsx';
import {
  addNotice,
  deleteNotice,
  getNoticePage,
  NOTICE_STATUS_LABELS,
  NOTICE_TYPE_LABELS,
  type NoticeInput,
  type NoticeQuery,
  type NoticeVO,
  noticeKeys,
  publishNotice,
  updateNotice,
  withdrawNotice,
} from '../api/notice-api.ts';

const TYPE_OPTIONS = Object.entries(NOTICE_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const STATUS_OPTIONS = Object.entries(NOTICE_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange' };

/** 公告管理: search, add and edit (HTML with preview), publish, withdraw, delete. */
export function NoticeAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const [filters, setFilters] = useState<Omit<NoticeQuery, 'current' | 'size'>>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<NoticeVO | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<NoticeInput>();
  const [search] = Form.useForm();

  const query: NoticeQuery = { ...page, ...filters };
  const list = useQuery({ queryKey: noticeKeys.admin(query), queryFn: () => getNoticePage(query), placeholderData: keepPreviousData });
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
    <PageFrame
      title={entry.name}
      parents={entry.parents}
      home={home}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新增公告
        </Button>
      }
    >
      <Form
        form={search}
        layout="inline"
        name="notice-search"
        style={{ marginBottom: 16, rowGap: 12 }}
        onFinish={(v) => {
          setFilters({ title: v.title?.trim() || undefined, type: v.type, status: v.status });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Select allowClear placeholder="全部" options={TYPE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              search.resetFields();
              setFilters({});
            }}
          >
            重置
          </Button>
        </Form.Item>
      </Form>
      <Table<NoticeVO>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无公告：新增的公告将在此列出' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current, size }),
        }}
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
          { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <Tag color={STATUS_COLORS[s]}>{NOTICE_STATUS_LABELS[s] ?? s}</Tag> },
          { title: '发布时间', dataIndex: 'publishedAt', width: 160, render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—') },
          {
            title: '操作',
            key: 'actions',
            width: 220,
            render: (_, n) => (
              <Flex gap={4} wrap>
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
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => act(`确认删除“${n.title}”？删除后不可恢复。`, '删除', () => deleteNotice(n.id), '已删除', true)}
                >
                  删除
                </Button>
              </Flex>
            ),
          },
        ]}
      />
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
    </PageFrame>
  );
}
