import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Image, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  addPageConfig,
  deletePageConfig,
  getPageConfigPage,
  PAGE_CONFIG_KIND_LABELS,
  PAGE_CONFIG_KINDS,
  type PageConfigKind,
  type PageConfigVO,
  pageConfigKeys,
  startPageConfig,
  stopPageConfig,
  updatePageConfig,
} from '../api/page-config-api.ts';

/** Kinds whose entries carry text (policies, downloads) rather than only a picture. */
const TEXT_KINDS: PageConfigKind[] = ['privacy', 'serviceAgreement', 'download'];

const TABS = PAGE_CONFIG_KINDS.map((k) => ({ key: k, label: PAGE_CONFIG_KIND_LABELS[k] }));
const STATUS: StatusTable = { 1: { label: '已启用', color: 'green' }, 0: { label: '已停用' } };

interface EditValues {
  kind: PageConfigKind;
  title: string;
  image: UploadedFile[];
  linkUrl?: string;
  content?: string;
  sort: number;
}

/** 页面配置: entries by kind; upload a picture, set link or text, start and stop. */
export function PageConfigAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<PageConfigVO>({
    queryKey: [...pageConfigKeys.all, 'admin'],
    tabs: TABS,
    request: ({ current, size, tab }) => getPageConfigPage({ current, size, kind: tab as PageConfigKind }),
    flags: usePageFlags(entry),
  });
  const kind = (list.tab ?? 'loginSwiper') as PageConfigKind;
  const [editing, setEditing] = useState<PageConfigVO | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const formKind = Form.useWatch('kind', form) ?? kind;
  const refresh = () => client.invalidateQueries({ queryKey: pageConfigKeys.all });

  const open = (c: PageConfigVO | 'new') => {
    setEditing(c);
    form.setFieldsValue(
      c === 'new'
        ? { kind, title: '', image: [], linkUrl: '', content: '', sort: 0 }
        : {
            kind: c.kind,
            title: c.title,
            image: c.imageFileId && c.imageUrl ? [{ id: c.imageFileId, name: c.title, url: c.imageUrl, size: 0, mime: '' }] : [],
            linkUrl: c.linkUrl ?? '',
            content: c.content ?? '',
            sort: c.sort,
          },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        kind: v.kind,
        title: v.title.trim(),
        imageFileId: v.image[0]?.id ?? null,
        linkUrl: v.linkUrl?.trim() || null,
        content: v.content?.trim() ? v.content : null,
        sort: v.sort ?? 0,
      };
      if (editing === 'new') await addPageConfig(body);
      else if (editing) await updatePageConfig({ ...body, id: editing.id });
      feedback.success(editing === 'new' ? '已保存（新配置为停用状态，启用后生效）' : '已保存');
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
    <ListPage<PageConfigVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      showSizeChanger={false}
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增配置
          </Button>
        </Can>
      }
      emptyText={`暂无${PAGE_CONFIG_KIND_LABELS[kind]}配置：新增后启用即可在对应页面展示`}
      columns={[
        {
          title: '图片',
          dataIndex: 'imageUrl',
          width: 120,
          render: (url: string | null, c) => (url ? <Image src={url} alt={c.title} width={96} height={48} style={{ objectFit: 'cover' }} /> : '—'),
        },
        { title: '标题', dataIndex: 'title', ellipsis: true },
        { title: '链接', dataIndex: 'linkUrl', ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: '排序', dataIndex: 'sort', width: 70 },
        { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <StatusTag value={s} table={STATUS} /> },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          render: (_, c) => (
            <Flex gap={4}>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open(c)}>
                  编辑
                </Button>
                {c.status === 1 ? (
                  <Button type="link" size="small" onClick={() => act(`确认停用“${c.title}”？`, '停用', () => stopPageConfig(c.id), '已停用')}>
                    停用
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => act(`确认启用“${c.title}”？`, '启用', () => startPageConfig(c.id), '已启用')}>
                    启用
                  </Button>
                )}
              </Can>
              <Can flag="delete">
                <Button type="link" size="small" danger onClick={() => act(`确认删除“${c.title}”？`, '删除', () => deletePageConfig(c.id), '已删除', true)}>
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
        title={editing === 'new' ? '新增页面配置' : '编辑页面配置'}
        width={760}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="page-config-edit">
          <Flex gap={16}>
            <Form.Item name="kind" label="配置类型" rules={[{ required: true }]} style={{ width: 200 }}>
              <Select disabled={editing !== 'new'} options={PAGE_CONFIG_KINDS.map((k) => ({ value: k, label: PAGE_CONFIG_KIND_LABELS[k] }))} />
            </Form.Item>
            <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]} style={{ flex: 1 }}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="sort" label="排序" style={{ width: 100 }}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.Item name="image" label="图片" extra="JPG、PNG 或 WebP，不超过 5 MB">
            <FilePicker
              upload={(files) => uploadFiles('pageConfig', files)}
              max={1}
              accept="image/jpeg,image/png,image/webp"
              buttonText="上传图片"
              testId="page-config-image"
            />
          </Form.Item>
          <Form.Item name="linkUrl" label="链接地址" rules={[{ pattern: /^(https?:\/\/|\/)/, message: '链接须以 http(s):// 或 / 开头' }]}>
            <Input placeholder="点击图片或下载时打开的地址，如 /notice 或 https://…" maxLength={500} />
          </Form.Item>
          {TEXT_KINDS.includes(formKind) && (
            <Form.Item name="content" label="内容">
              <HtmlEditor />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </ListPage>
  );
}
