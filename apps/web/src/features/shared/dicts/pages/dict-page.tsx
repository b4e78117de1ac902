import { Button, Form } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { dictKeys } from '../api/dict-query-keys.ts';
import { addDictItem, addDictType, type DictTypeVO, deleteDict, getDictTypes, updateDictItem } from '../api/dicts-api.ts';
import { dictColumns } from '../components/dict-columns.tsx';
import { DictFields, type Editing, type Item } from '../components/dict-fields.tsx';
import { DictItemsTable } from '../components/dict-items-table.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '编码或名称', width: 200 }];
type DictForm = { code: string; name: string; remark?: string; value: string; label: string; sort?: number };

/**
 * 字典管理: the platform's dictionary types and their items. The product reads invoice types, tax
 * rates, invoice and pay times, order flags, warning thresholds and qualification types from here;
 * a change reaches every logged-in user within seconds. Built-in types are not deleted (their items
 * are disabled instead); each institute may hide or rename items in 研究所字典配置.
 */
export function DictPage({ entry, home }: MenuPageProps) {
  const list = useListPage<DictTypeVO>({ queryKey: dictKeys.types, fields: FIELDS, request: getDictTypes, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<DictForm>();
  const confirm = useConfirmAction(dictKeys.types);

  const open = (e: Editing) => {
    setEditing(e);
    form.resetFields();
    if (e.kind === 'item' && e.item) form.setFieldsValue({ value: e.item.value, label: e.item.label, sort: e.item.sort });
    else if (e.kind === 'item') form.setFieldsValue({ sort: ((e.type.items.at(-1)?.sort ?? 0) + 10) as number });
  };
  const save = async (v: DictForm) => {
    if (editing?.kind === 'type') await addDictType({ code: v.code.trim(), name: v.name.trim(), remark: v.remark?.trim() ?? '' });
    else if (editing?.kind === 'item' && editing.item)
      await updateDictItem({ id: editing.item.id, label: v.label.trim(), sort: v.sort ?? 0, status: editing.item.status as 0 | 1 });
    else if (editing?.kind === 'item') await addDictItem({ typeId: editing.type.id, value: v.value.trim(), label: v.label.trim(), sort: v.sort ?? 0 });
  };
  const toggle = (item: Item) =>
    confirm({
      title: item.status === 1 ? `确认停用“${item.label}”？` : `确认启用“${item.label}”？`,
      content: item.status === 1 ? '停用后各单位都不再看到该项，已保存的数据不受影响。' : '启用后各单位（未隐藏的）都能看到该项。',
      okText: item.status === 1 ? '停用' : '启用',
      run: () => updateDictItem({ id: item.id, label: item.label, sort: item.sort, status: item.status === 1 ? 0 : 1 }),
      done: '已保存',
    });
  const remove = (t: DictTypeVO) =>
    confirm({
      title: `确认删除字典“${t.name}”？`,
      content: '字典项与各研究所对它的配置一并删除。',
      okText: '删除',
      danger: true,
      run: () => deleteDict('type', t.id),
      done: '已删除',
    });

  return (
    <ListPage<DictTypeVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="dict-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => open({ kind: 'type' })}>
            新增字典
          </Button>
        </Can>
      }
      emptyText="暂无字典"
      table={{
        expandable: {
          expandedRowRender: (t) => <DictItemsTable type={t} open={open} toggle={toggle} />,
        },
      }}
      columns={dictColumns({ open, remove })}
    >
      <EditModal<DictForm>
        open={editing !== null}
        title={
          editing?.kind === 'type'
            ? '新增字典'
            : editing?.kind === 'item' && editing.item
              ? `编辑字典项（${editing.type.name}）`
              : `新增字典项（${editing?.kind === 'item' ? editing.type.name : ''}）`
        }
        form={form}
        name="dict-form"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[dictKeys.types]}
        forceRender={false}
        destroyOnHidden
      >
        <DictFields editing={editing} />
      </EditModal>
    </ListPage>
  );
}
