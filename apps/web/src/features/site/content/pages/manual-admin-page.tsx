import { useQuery } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { EditModal, type ListField, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { UploadedFile } from '../../../../lib/files-api.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contentKeys } from '../api/content-query-keys.ts';
import { addManual, getManualPage, getManualRoles, type ManualVO, manualKeys, updateManual } from '../api/manuals-api.ts';
import { manualColumns } from '../components/manual-columns.tsx';
import { ManualFields } from '../components/manual-fields.tsx';
import { ManualVersionsModal } from '../components/manual-versions-modal.tsx';

interface ManualForm {
  title: string;
  description: string;
  roleIds: number[];
  files: UploadedFile[];
  note: string;
}

/** 操作手册: manuals per role (PDF or Word), every new file a new version; the published one is what users see in the help centre. */
export function ManualAdminPage({ entry, home }: MenuPageProps) {
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
  const list = useListPage<ManualVO>({ queryKey: contentKeys.manualList, fields, request: getManualPage, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ManualVO | 'new' | null>(null);
  const [versionsOf, setVersionsOf] = useState<ManualVO | null>(null);
  const [form] = Form.useForm<ManualForm>();
  const confirm = useConfirmAction(manualKeys.all);

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

  const save = async (v: ManualForm) => {
    const fileId = v.files?.[0]?.id;
    const body = { title: v.title.trim(), description: v.description ?? '', roleIds: v.roleIds, note: v.note ?? '' };
    if (editing === 'new' && fileId) await addManual({ ...body, fileId });
    else if (editing && editing !== 'new') {
      const r = await updateManual({ ...body, id: editing.id, fileId });
      if (r.version !== editing.latestVersion) feedback.info(`已生成新版本 V${r.version}，发布后用户可见`);
    }
  };

  const act = (title: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) => confirm({ title, okText, run, done, danger });

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
      columns={manualColumns({ open, act, showVersions: setVersionsOf })}
    >
      <EditModal<ManualForm>
        open={editing !== null}
        title={editing === 'new' ? '新增操作手册' : '编辑操作手册'}
        width={640}
        form={form}
        name="manual-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[manualKeys.all]}
      >
        <ManualFields roleOptions={roleOptions} rolesLoading={roles.isLoading} />
      </EditModal>
      <ManualVersionsModal manual={versionsOf} act={act} onClose={() => setVersionsOf(null)} />
    </ListPage>
  );
}
