import { EXTERNAL_TIMEOUT_MS, type ExternalInterfaceBody } from '@kc/contracts/supply/external';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { EditModal, type ListField, ListPage, type ListRequest, useConfirmAction, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  createExternalInterface,
  deleteExternalInterface,
  type ExternalInterfaceVO,
  getExternalInterfaces,
  modifyExternalInterface,
} from '../api/external-admin-api.ts';
import { externalKeys } from '../api/external-query-keys.ts';
import { externalInterfaceColumns } from '../components/external-interface-columns.tsx';
import { ExternalInterfaceFields, KIND_OPTIONS } from '../components/external-interface-fields.tsx';
import { ExternalStatsDrawer } from '../components/external-stats-drawer.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'name', label: '名称或代码', width: 200 },
  { kind: 'select', name: 'kind', label: '类型', width: 140, options: KIND_OPTIONS },
];
const request = (q: ListRequest) =>
  getExternalInterfaces({ current: q.current, size: q.size, name: q.name as string | undefined, kind: q.kind as string | undefined });

/**
 * 外部接口: the outbound lookups the item pages use (商品数据、稀释方案、摘要片段、图片数据), each with
 * a timeout of at most 1000 ms and a circuit breaker; today's calls and failures, and the log.
 */
export function ExternalInterfacePage({ entry, home }: MenuPageProps) {
  const list = useListPage<ExternalInterfaceVO>({ queryKey: externalKeys.interfaces, fields: FIELDS, request, flags: usePageFlags(entry) });
  const [editing, setEditing] = useState<ExternalInterfaceVO | 'new' | null>(null);
  const [stats, setStats] = useState<{ interfaceId?: number } | null>(null);
  const [form] = Form.useForm<ExternalInterfaceBody>();
  const confirm = useConfirmAction(externalKeys.interfaces);

  const edit = (r: ExternalInterfaceVO | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? { code: '', name: '', kind: 'item', url: 'https://', method: 'GET', timeoutMs: EXTERNAL_TIMEOUT_MS, enabled: true, remark: null }
        : { code: r.code, name: r.name, kind: r.kind, url: r.url, method: r.method, timeoutMs: r.timeoutMs, enabled: r.enabled, remark: r.remark },
    );
  };
  const save = async (v: ExternalInterfaceBody) => {
    const b = { ...v, remark: v.remark?.trim() || null };
    if (editing === 'new') await createExternalInterface(b);
    else if (editing) await modifyExternalInterface({ ...b, id: editing.id });
  };
  const remove = (r: ExternalInterfaceVO) =>
    confirm({
      title: `确认删除外部接口“${r.name}”？`,
      content: '删除后商品页不再调用它；调用统计与日志保留。',
      okText: '删除',
      danger: true,
      run: () => deleteExternalInterface(r.id),
      done: '已删除',
    });

  return (
    <ListPage<ExternalInterfaceVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="external-search"
      toolbar={
        <Flex gap={8}>
          <Can flag="add">
            <Button type="primary" onClick={() => edit('new')}>
              新增接口
            </Button>
          </Can>
          <Button onClick={() => setStats({})}>调用统计与日志</Button>
        </Flex>
      }
      emptyText="暂无外部接口：新增“商品数据”接口后，商品页显示外部资料"
      columns={externalInterfaceColumns({ edit, remove, showLog: (interfaceId) => setStats({ interfaceId }) })}
    >
      <EditModal<ExternalInterfaceBody>
        open={editing !== null}
        title={editing === 'new' ? '新增外部接口' : '编辑外部接口'}
        width={640}
        form={form}
        name="external-edit"
        onSave={save}
        onClose={() => setEditing(null)}
        invalidate={[externalKeys.interfaces]}
      >
        <ExternalInterfaceFields />
      </EditModal>
      <ExternalStatsDrawer open={stats !== null} interfaceId={stats?.interfaceId} onClose={() => setStats(null)} />
    </ListPage>
  );
}
