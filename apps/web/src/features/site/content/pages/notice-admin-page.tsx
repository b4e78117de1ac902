import { NOTICE_STATE_NAMES } from '@kc/contracts/site/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { EditModal, type ListField, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contentKeys } from '../api/content-query-keys.ts';
import {
  addNotice,
  getManageNoticePage,
  getNoticeInstitutes,
  getNoticeRoleOptions,
  NOTICE_STATUS_LABELS,
  NOTICE_TYPE_LABELS,
  type NoticeInput,
  type NoticeVO,
  noticeKeys,
  updateNotice,
} from '../api/notice-api.ts';
import { NoticeBatchModal } from '../components/notice-batch-modal.tsx';
import { noticeColumns } from '../components/notice-columns.tsx';
import { NoticeFields, type NoticeForm } from '../components/notice-fields.tsx';
import { NoticeReadersModal } from '../components/notice-readers-modal.tsx';

const choices = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const FIELDS: ListField[] = [
  { kind: 'text', name: 'title', label: '标题', placeholder: '请输入标题', width: 200 },
  { kind: 'select', name: 'type', label: '类型', options: choices(NOTICE_TYPE_LABELS), width: 140 },
  // by name: the client drops a 0 (草稿) from the query (docs/domains/platform.md#empty-query-values)
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: Object.entries(NOTICE_STATE_NAMES).map(([value, code]) => ({ value, label: NOTICE_STATUS_LABELS[code] })),
    width: 120,
  },
];

const num = (v: string | number | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** The form's values for a notice (a new one: a 通知 for everyone, effective on publishing). */
const toForm = (n: NoticeVO | 'new'): NoticeForm =>
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
      };

/** The request of the form's values; `withInstitute`: a new notice the platform admin assigns to an institute (or to none). */
const toBody = (v: NoticeForm, withInstitute: boolean): NoticeInput => ({
  title: v.title.trim(),
  content: v.content ?? '',
  type: v.type,
  top: v.top,
  publishAt: v.window?.[0]?.toISOString() ?? null,
  withdrawAt: v.window?.[1]?.toISOString() ?? null,
  roleIds: v.roleIds ?? [],
  fileIds: (v.files ?? []).map((f) => f.id),
  ...(withInstitute ? { instituteId: v.instituteId ?? null } : {}),
});
/** The institutes a notice may belong to: the platform admin chooses among them (and searches by them); an institute admin has only its own. */
function useInstituteChoice() {
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
  return { manyInstitutes, instituteOptions, fields };
}

/** 公告管理: search, add and edit (HTML, window, roles, attachments), batch import, publish, withdraw, delete, read receipts. */
export function NoticeAdminPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const { manyInstitutes, instituteOptions, fields } = useInstituteChoice();
  const list = useListPage<NoticeVO>({
    queryKey: contentKeys.noticeList,
    fields,
    request: (q) => getManageNoticePage({ ...q, type: num(q.type), status: num(q.status), instituteId: num(q.instituteId) }),
    flags: usePageFlags(entry),
  });
  const [editing, setEditing] = useState<NoticeVO | 'new' | null>(null);
  const [form] = Form.useForm<NoticeForm>();
  const [batchOpen, setBatchOpen] = useState(false);
  const [readersOf, setReadersOf] = useState<NoticeVO | null>(null);
  const type = Form.useWatch('type', form);
  const roles = useQuery({ queryKey: noticeKeys.roles, queryFn: getNoticeRoleOptions, staleTime: 300_000 });
  // a buyers' notice addresses buyer-side roles, a suppliers' one supplier roles, a public one either
  const roleOptions = (roles.data ?? []).filter((r) => type === 1 || (type === 3 ? r.side === 2 : r.side === 1)).map((r) => ({ value: r.id, label: r.name }));
  const confirm = useConfirmAction(noticeKeys.all);
  const refresh = () => client.invalidateQueries({ queryKey: noticeKeys.all });

  const open = (n: NoticeVO | 'new') => {
    setEditing(n);
    form.setFieldsValue(toForm(n));
  };

  const save = async (v: NoticeForm) => {
    const body = toBody(v, editing === 'new' && manyInstitutes);
    if (editing === 'new') await addNotice(body);
    else if (editing) await updateNotice({ ...body, id: editing.id });
  };

  const act = (title: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) => confirm({ title, okText, run, done, danger });

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
      columns={noticeColumns({ open, act, showReaders: setReadersOf })}
    >
      <EditModal<NoticeForm>
        open={editing !== null}
        title={editing === 'new' ? '新增公告' : '编辑公告'}
        width={820}
        form={form}
        name="notice-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[noticeKeys.all]}
      >
        <NoticeFields
          isNew={editing === 'new'}
          manyInstitutes={manyInstitutes}
          instituteOptions={instituteOptions}
          roleOptions={roleOptions}
          rolesLoading={roles.isLoading}
        />
      </EditModal>
      <NoticeBatchModal open={batchOpen} onClose={() => setBatchOpen(false)} onDone={() => void refresh()} />
      <NoticeReadersModal notice={readersOf} onClose={() => setReadersOf(null)} />
    </ListPage>
  );
}
