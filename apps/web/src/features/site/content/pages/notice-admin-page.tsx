import { NOTICE_STATE_NAMES } from '@kc/contracts/site/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Modal, Select, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag, statusTable } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  addNotice,
  deleteNotice,
  getManageNoticePage,
  getNoticeInstitutes,
  getNoticeRoleOptions,
  NOTICE_STATUS_LABELS,
  NOTICE_TYPE_LABELS,
  type NoticeInput,
  type NoticeVO,
  noticeKeys,
  publishNotice,
  updateNotice,
  withdrawNotice,
} from '../api/notice-api.ts';
import { NoticeBatchModal } from '../components/notice-batch-modal.tsx';
import { NoticeReadersModal } from '../components/notice-readers-modal.tsx';

interface NoticeForm {
  instituteId?: number | null;
  title: string;
  content: string;
  type: number;
  top: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
  roleIds: number[];
  files: UploadedFile[];
}

const fmt = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
/** Where a published notice stands against its window now. */
function windowState(n: NoticeVO): { text: string; color: string } | null {
  if (n.status !== 1) return null;
  if (n.visible) return { text: '生效中', color: 'green' };
  if (n.publishAt && dayjs(n.publishAt).isAfter(dayjs())) return { text: '待生效', color: 'blue' };
  return { text: '已过期', color: 'default' };
}

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

const num = (v: string | number | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** 公告管理: search, add and edit (HTML, window, roles, attachments), batch import, publish, withdraw, delete, read receipts. */
export function NoticeAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const institutes = useQuery({ queryKey: noticeKeys.institutes, queryFn: getNoticeInstitutes, staleTime: 300_000 });
  // the platform admin chooses among institutes; an institute admin has only its own
  const manyInstitutes = (institutes.data?.length ?? 0) > 1;
  const instituteOptions = useMemo(() => (institutes.data ?? []).map((i) => ({ value: i.id, label: i.name })), [institutes.data]);
  const fields = useMemo<ListField[]>(
    () =>
      manyInstitutes
        ? [
            ...FIELDS,
            {
              kind: 'select',
              name: 'instituteId',
              label: '所属研究所',
              options: instituteOptions.map((o) => ({ value: String(o.value), label: o.label })),
              width: 200,
            },
          ]
        : FIELDS,
    [manyInstitutes, instituteOptions],
  );
  const list = useListPage<NoticeVO>({
    queryKey: [...noticeKeys.all, 'admin'],
    fields,
    request: (q) => getManageNoticePage({ ...q, type: num(q.type), status: num(q.status), instituteId: num(q.instituteId) }),
    flags: usePageFlags(entry),
  });
  const [editing, setEditing] = useState<NoticeVO | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<NoticeForm>();
  const [batchOpen, setBatchOpen] = useState(false);
  const [readersOf, setReadersOf] = useState<NoticeVO | null>(null);
  const type = Form.useWatch('type', form);
  const roles = useQuery({ queryKey: noticeKeys.roles, queryFn: getNoticeRoleOptions, staleTime: 300_000 });
  // a buyers' notice addresses buyer-side roles, a suppliers' one supplier roles, a public one either
  const roleOptions = (roles.data ?? []).filter((r) => type === 1 || (type === 3 ? r.side === 2 : r.side === 1)).map((r) => ({ value: r.id, label: r.name }));
  const refresh = () => client.invalidateQueries({ queryKey: noticeKeys.all });

  const open = (n: NoticeVO | 'new') => {
    setEditing(n);
    form.setFieldsValue(
      n === 'new'
        ? { instituteId: null, title: '', content: '', type: 2, top: false, window: null, roleIds: [], files: [] }
        : {
            instituteId: n.instituteId ?? null,
            title: n.title,
            content: n.content,
            type: n.type,
            top: n.top,
            window: n.publishAt || n.withdrawAt ? [n.publishAt ? dayjs(n.publishAt) : null, n.withdrawAt ? dayjs(n.withdrawAt) : null] : null,
            roleIds: n.roleIds ?? [],
            files: n.attachments ?? [],
          },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body: NoticeInput = {
        title: v.title.trim(),
        content: v.content ?? '',
        type: v.type,
        top: v.top,
        publishAt: v.window?.[0]?.toISOString() ?? null,
        withdrawAt: v.window?.[1]?.toISOString() ?? null,
        roleIds: v.roleIds ?? [],
        fileIds: (v.files ?? []).map((f) => f.id),
        ...(editing === 'new' && manyInstitutes ? { instituteId: v.instituteId ?? null } : {}),
      };
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
          <Flex gap={8}>
            <Button type="primary" onClick={() => open('new')}>
              新增公告
            </Button>
            <Button onClick={() => setBatchOpen(true)} data-testid="notice-batch-open">
              批量导入
            </Button>
          </Flex>
        </Can>
      }
      emptyText="暂无公告：新增的公告将在此列出"
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          // the rest are narrow so the title, what the list is for, keeps most of the width
          ellipsis: { showTitle: true },
          render: (t: string, n) =>
            n.top ? (
              <>
                {t} <Tag color="red">置顶</Tag>
              </>
            ) : (
              t
            ),
        },
        { title: '类型', dataIndex: 'type', width: 96, render: (t: number) => NOTICE_TYPE_LABELS[t] ?? t },
        { title: '所属', dataIndex: 'instituteName', width: 110, ellipsis: true, render: (v: string | null) => v ?? '平台' },
        {
          title: '面向角色',
          dataIndex: 'roleNames',
          width: 100,
          ellipsis: true,
          render: (v: string[] | undefined) => (v?.length ? v.join('、') : '全部'),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 136,
          render: (s: number, n) => {
            const w = windowState(n);
            return (
              <Flex gap={4}>
                <StatusTag value={s} table={STATUS} />
                {w && <Tag color={w.color}>{w.text}</Tag>}
              </Flex>
            );
          },
        },
        {
          title: '发布窗口',
          key: 'window',
          width: 150,
          render: (_, n) =>
            n.publishAt || n.withdrawAt ? (
              <Typography.Text style={{ fontSize: 12 }}>
                {fmt(n.publishAt) || '发布即生效'} 至 {fmt(n.withdrawAt) || '长期'}
              </Typography.Text>
            ) : (
              fmt(n.publishedAt) || '—'
            ),
        },
        {
          title: '已读 / 应读',
          key: 'reads',
          width: 96,
          render: (_, n) => (
            <Typography.Link onClick={() => setReadersOf(n)} data-testid={`notice-reads-${n.id}`}>
              {n.readCount ?? 0} / {(n.readCount ?? 0) + (n.unreadCount ?? 0)}
            </Typography.Link>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 168,
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
          {manyInstitutes && (
            <Form.Item name="instituteId" label="所属研究所（不选为平台公告；研究所公告只有本所用户可见）">
              <Select allowClear options={instituteOptions} placeholder="平台公告" disabled={editing !== 'new'} style={{ width: 320 }} />
            </Form.Item>
          )}
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
            <Form.Item name="roleIds" label="面向角色（不选为全部）" style={{ flex: 1 }}>
              <Select mode="multiple" allowClear options={roleOptions} placeholder="全部" loading={roles.isLoading} />
            </Form.Item>
          </Flex>
          <Form.Item
            name="window"
            label="发布窗口（发布后在此时间段内可见；不填开始时间即发布即生效，不填结束时间即长期有效）"
            rules={[
              {
                validator: (_, v: NoticeForm['window']) =>
                  v?.[0] && v?.[1] && !v[1].isAfter(v[0]) ? Promise.reject(new Error('下线时间须晚于发布时间')) : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} placeholder={['发布时间', '下线时间']} />
          </Form.Item>
          <Form.Item name="files" label="附件（图片或 PDF，每个不超过 5 MB）">
            <FilePicker upload={(f) => uploadFiles('notice', f)} max={20} accept="image/jpeg,image/png,image/webp,application/pdf" buttonText="上传附件" />
          </Form.Item>
          <Form.Item name="content" label="内容">
            <HtmlEditor />
          </Form.Item>
        </Form>
      </Modal>
      <NoticeBatchModal open={batchOpen} onClose={() => setBatchOpen(false)} onDone={() => void refresh()} />
      <NoticeReadersModal notice={readersOf} onClose={() => setReadersOf(null)} />
    </ListPage>
  );
}
