import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addManual, deleteManual, getManualPage, getManualRoles, type ManualVO, manualKeys, publishManual, updateManual } from '../api/manuals-api.ts';

interface ManualForm {
  title: string;
  description: string;
  roleIds: number[];
  files: UploadedFile[];
  note: string;
}

const MANUAL_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** 操作手册: manuals per role (PDF or Word), every new file a new version; the published one is what users see in the help centre. */
export function ManualAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const roles = useQuery({ queryKey: manualKeys.roles, queryFn: getManualRoles, staleTime: 300_000 });
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name}${r.side === 2 ? '（供应商）' : ''}` })), [roles.data]);
  const fields = useMemo<ListField[]>(
    () => [
      { kind: 'text', name: 'title', label: '名称', placeholder: '请输入手册名称', width: 200 },
      { kind: 'select', name: 'roleId', label: '角色', options: roleOptions.map((o) => ({ value: String(o.value), label: o.label })), width: 160 },
      {
        kind: 'select',
        name: 'status',
        label: '状态',
        options: [
          { value: 'published', label: '已发布' },
          { value: 'unpublished', label: '未发布' },
        ],
        width: 120,
      },
    ],
    [roleOptions],
  );
  const list = useListPage<ManualVO>({ queryKey: [...manualKeys.all, 'admin'], fields, request: getManualPage, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ManualVO | 'new' | null>(null);
  const [versionsOf, setVersionsOf] = useState<ManualVO | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ManualForm>();
  const refresh = () => client.invalidateQueries({ queryKey: manualKeys.all });

  const open = (m: ManualVO | 'new') => {
    setEditing(m);
    const latest = m === 'new' ? undefined : m.versions[0];
    form.setFieldsValue(
      m === 'new'
        ? { title: '', description: '', roleIds: [], files: [], note: '' }
        : {
            title: m.title,
            description: m.description,
            roleIds: m.roleIds,
            files: latest ? [{ id: latest.fileId, name: latest.fileName, size: latest.size, mime: latest.mime, url: latest.url }] : [],
            note: '',
          },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    const fileId = v.files?.[0]?.id;
    setSaving(true);
    try {
      const body = { title: v.title.trim(), description: v.description ?? '', roleIds: v.roleIds, note: v.note ?? '' };
      if (editing === 'new' && fileId) await addManual({ ...body, fileId });
      else if (editing && editing !== 'new') {
        const r = await updateManual({ ...body, id: editing.id, fileId });
        if (r.version !== editing.latestVersion) feedback.info(`已生成新版本 V${r.version}，发布后用户可见`);
      }
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
    <ListPage<ManualVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="manual-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open('new')}>
            新增手册
          </Button>
        </Can>
      }
      emptyText="暂无操作手册：新增的手册发布后，适用角色的用户可在帮助中心查看"
      columns={[
        { title: '名称', dataIndex: 'title', ellipsis: true },
        { title: '适用角色', dataIndex: 'roleNames', width: 220, render: (v: string[]) => v.map((n) => <Tag key={n}>{n}</Tag>) },
        {
          title: '版本',
          key: 'version',
          width: 170,
          render: (_, m) => (
            <Typography.Link onClick={() => setVersionsOf(m)}>
              最新 V{m.latestVersion}
              {m.publishedVersion !== null ? `，发布 V${m.publishedVersion}` : ''}
            </Typography.Link>
          ),
        },
        {
          title: '状态',
          key: 'status',
          width: 100,
          render: (_, m) => (m.publishedVersion !== null ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
        },
        { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: fmt },
        {
          title: '操作',
          key: 'actions',
          width: 240,
          render: (_, m) => (
            <Flex gap={4} wrap>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => open(m)}>
                  编辑
                </Button>
                {m.publishedVersion !== m.latestVersion && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act(`确认发布“${m.title}” V${m.latestVersion}？`, '发布', () => publishManual({ id: m.id, publish: true }), '已发布')}
                  >
                    发布 V{m.latestVersion}
                  </Button>
                )}
                {m.publishedVersion !== null && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act(`确认下线“${m.title}”？`, '下线', () => publishManual({ id: m.id, publish: false }), '已下线')}
                  >
                    下线
                  </Button>
                )}
              </Can>
              <Can flag="delete">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => act(`确认删除“${m.title}”及其全部版本？删除后不可恢复。`, '删除', () => deleteManual(m.id), '已删除', true)}
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
        title={editing === 'new' ? '新增操作手册' : '编辑操作手册'}
        width={640}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="manual-edit">
          <Form.Item name="title" label="手册名称" rules={[{ required: true, whitespace: true, message: '请输入手册名称' }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="roleIds" label="适用角色" rules={[{ required: true, message: '请选择适用角色' }]}>
            <Select mode="multiple" options={roleOptions} loading={roles.isLoading} placeholder="请选择" />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item
            name="files"
            label="手册文件（PDF 或 Word，不超过 10 MB；更换文件即生成新版本）"
            rules={[{ validator: (_, v: UploadedFile[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传手册文件'))) }]}
          >
            <FilePicker upload={(f) => uploadFiles('manual', f)} max={1} accept={MANUAL_ACCEPT} buttonText="上传文件" testId="manual-file" />
          </Form.Item>
          <Form.Item name="note" label="版本说明">
            <Input maxLength={200} placeholder="如：新增报销章节" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!versionsOf} title={`版本记录：${versionsOf?.title ?? ''}`} width={720} footer={null} onCancel={() => setVersionsOf(null)} destroyOnHidden>
        <Table
          size="small"
          rowKey="version"
          pagination={false}
          dataSource={versionsOf?.versions ?? []}
          columns={[
            {
              title: '版本',
              dataIndex: 'version',
              width: 90,
              render: (v: number) => (
                <>
                  V{v} {versionsOf?.publishedVersion === v && <Tag color="green">发布中</Tag>}
                </>
              ),
            },
            {
              title: '文件',
              dataIndex: 'fileName',
              ellipsis: true,
              render: (n: string, r) => (
                <Typography.Link href={r.url} target="_blank" rel="noopener">
                  {n}
                </Typography.Link>
              ),
            },
            { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
            { title: '上传时间', dataIndex: 'createdAt', width: 150, render: fmt },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_, r) =>
                versionsOf && versionsOf.publishedVersion !== r.version ? (
                  <Can flag="modify">
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        act(
                          `确认发布 V${r.version}？用户将看到此版本。`,
                          '发布',
                          async () => {
                            await publishManual({ id: versionsOf.id, version: r.version, publish: true });
                            setVersionsOf(null);
                          },
                          '已发布',
                        )
                      }
                    >
                      发布此版本
                    </Button>
                  </Can>
                ) : null,
            },
          ]}
        />
      </Modal>
    </ListPage>
  );
}
