import { Button, Form } from 'antd';
import { useState } from 'react';
import { EditModal, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { UploadedFile } from '../../../../lib/files-api.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contentKeys } from '../api/content-query-keys.ts';
import {
  addPageConfig,
  getPageConfigPage,
  PAGE_CONFIG_KIND_LABELS,
  PAGE_CONFIG_KINDS,
  type PageConfigKind,
  type PageConfigVO,
  updatePageConfig,
} from '../api/page-config-api.ts';
import { pageConfigColumns } from '../components/page-config-columns.tsx';
import { PageConfigFields } from '../components/page-config-fields.tsx';

/** Kinds whose entries carry text (policies, downloads) rather than only a picture. */
const TEXT_KINDS: PageConfigKind[] = ['privacy', 'serviceAgreement', 'download'];

const TABS = PAGE_CONFIG_KINDS.map((k) => ({ key: k, label: PAGE_CONFIG_KIND_LABELS[k] }));

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
  const list = useListPage<PageConfigVO>({
    queryKey: contentKeys.pageConfigList,
    tabs: TABS,
    request: ({ current, size, tab }) => getPageConfigPage({ current, size, kind: tab as PageConfigKind }),
    flags: usePageFlags(entry),
  });
  const kind = (list.tab ?? 'loginSwiper') as PageConfigKind;
  const [editing, setEditing] = useState<PageConfigVO | 'new' | null>(null);
  const [form] = Form.useForm<EditValues>();
  const formKind = Form.useWatch('kind', form) ?? kind;
  const confirm = useConfirmAction(contentKeys.pageConfigAll);

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

  const save = async (v: EditValues) => {
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
  };

  const act = (title: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) => confirm({ title, okText, run, done, danger });

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
      columns={pageConfigColumns({ open, act })}
    >
      <EditModal<EditValues>
        open={editing !== null}
        title={editing === 'new' ? '新增页面配置' : '编辑页面配置'}
        width={760}
        form={form}
        name="page-config-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        success={editing === 'new' ? '已保存（新配置为停用状态，启用后生效）' : '已保存'}
        invalidate={[contentKeys.pageConfigAll]}
      >
        <PageConfigFields isNew={editing === 'new'} showText={TEXT_KINDS.includes(formKind)} />
      </EditModal>
    </ListPage>
  );
}
