import { Button, Form } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, type ListRequest, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { contains, pageOfList } from '../../../../lib/admin-lists.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { addBuyTip, type BuyTip, getBuyTips, updateBuyTip } from '../api/buy-tips-api.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { buyTipColumns } from '../components/buy-tip-columns.tsx';
import { BuyTipFields } from '../components/buy-tip-fields.tsx';

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
  const list = useListPage<BuyTip>({ queryKey: mallKeys.buyTips, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<BuyTip | 'new' | null>(null);
  const [form] = Form.useForm<TipForm>();
  const confirm = useConfirmAction(mallKeys.buyTips);

  const open = (t: BuyTip | 'new') => {
    setEditing(t);
    form.setFieldsValue(
      t === 'new' ? { title: '', content: '', enabled: true, sort: 0 } : { title: t.title, content: t.content, enabled: t.status === 1, sort: t.sort },
    );
  };
  const save = async (v: TipForm) => {
    const body = { title: v.title.trim(), content: v.content.trim(), status: v.enabled ? (1 as const) : (0 as const), sort: v.sort ?? 0 };
    if (editing === 'new') await addBuyTip(body);
    else if (editing) await updateBuyTip({ ...body, id: editing.id });
  };

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
      columns={buyTipColumns({ open, confirm })}
    >
      <EditModal<TipForm>
        open={editing !== null}
        title={editing === 'new' ? '新增购买须知' : '编辑购买须知'}
        form={form}
        name="buy-tip-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[mallKeys.buyTips]}
      >
        <BuyTipFields />
      </EditModal>
    </ListPage>
  );
}
