import { STOCKTAKE_STATUS_TEXT } from '@kc/contracts/ledgers/inventory';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  closeStocktake,
  enabledLocations,
  getStocktake,
  getStocktakes,
  openStocktake,
  type StocktakeLineVO,
  type StocktakeVO,
  saveCounts,
} from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';
import { qty } from '../inventory-text.ts';

const FIELDS: ListField[] = [
  { kind: 'select', name: 'status', label: '状态', options: Object.entries(STOCKTAKE_STATUS_TEXT).map(([value, label]) => ({ value, label })) },
];

/**
 * /cass/inventory/stocktakes (库存盘点): open a count of the scope's stock (or one location), enter
 * what is on the shelf, give a reason for every difference, and close: the differences become
 * 盘点调整 rows in each container's ledger.
 */
export function StocktakesPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<StocktakeVO>({ queryKey: inventoryKeys.stocktakes, fields: FIELDS, request: getStocktakes, flags: usePageFlags(entry) });
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [form] = Form.useForm<{ title: string; locationId?: number }>();
  const locations = useQuery({ queryKey: inventoryKeys.enabledLocations, queryFn: enabledLocations, enabled: creating });
  const refresh = () => client.invalidateQueries({ queryKey: inventoryKeys.all });
  return (
    <ListPage<StocktakeVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="stocktake-search"
      toolbar={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="stocktake-add">
          发起盘点
        </Button>
      }
      emptyText="还没有盘点记录：发起盘点后逐个容器录入实盘数量，差异须填写原因"
      columns={[
        {
          title: '盘点名称',
          key: 'title',
          render: (_, s) => <Typography.Link onClick={() => setOpenId(s.id)}>{s.title}</Typography.Link>,
        },
        { title: '范围', key: 'loc', render: (_, s) => s.locationLabel ?? '全部在库容器' },
        { title: '容器数', dataIndex: 'lines', align: 'right' },
        { title: '已盘', dataIndex: 'counted', align: 'right' },
        { title: '差异', dataIndex: 'differences', align: 'right' },
        { title: '状态', key: 'status', render: (_, s) => <Tag color={s.status === 'open' ? 'blue' : 'default'}>{STOCKTAKE_STATUS_TEXT[s.status]}</Tag> },
        { title: '发起人', key: 'by', render: (_, s) => s.createdByName ?? '—' },
        { title: '发起时间', key: 'at', render: (_, s) => shanghaiTime(s.createdAt) },
      ]}
    >
      <Modal
        open={creating}
        title="发起盘点"
        onCancel={() => setCreating(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields();
          try {
            const r = await openStocktake(v.title, v.locationId);
            feedback.success('已发起盘点');
            setCreating(false);
            setOpenId(r.id);
            await refresh();
          } catch {
            // message shown by the client
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="title" label="盘点名称" rules={[{ required: true, whitespace: true, message: '请填写盘点名称' }]}>
            <Input maxLength={60} placeholder="如：2026 年秋季学期盘点" />
          </Form.Item>
          <Form.Item name="locationId" label="存放位置" extra="不选即盘点范围内全部在库容器">
            <Select allowClear options={(locations.data?.records ?? []).map((l) => ({ value: l.id, label: l.label }))} />
          </Form.Item>
        </Form>
      </Modal>
      <StocktakeDrawer id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
    </ListPage>
  );
}

function StocktakeDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const q = useQuery({ queryKey: inventoryKeys.stocktake(id), queryFn: () => getStocktake(id as number), enabled: id !== null });
  const [edits, setEdits] = useState<Record<number, { counted?: number; reason?: string }>>({});
  const st = q.data;
  const editable = st?.status === 'open';
  const value = (l: StocktakeLineVO) => ({ counted: edits[l.id]?.counted ?? l.counted ?? undefined, reason: edits[l.id]?.reason ?? l.reason ?? '' });
  const set = (lineId: number, patch: { counted?: number; reason?: string }) => setEdits((e) => ({ ...e, [lineId]: { ...e[lineId], ...patch } }));
  const save = async () => {
    if (!st) return;
    const lines = st.items.filter((l) => edits[l.id]).map((l) => ({ lineId: l.id, counted: value(l).counted ?? l.expected, reason: value(l).reason || null }));
    if (lines.length) await saveCounts(st.id, lines);
    setEdits({});
    await q.refetch();
    onChanged();
  };
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setEdits({});
        onClose();
      }}
      size="large"
      title={st ? `${st.title}（${STOCKTAKE_STATUS_TEXT[st.status]}）` : '盘点'}
      destroyOnHidden
      extra={
        editable && (
          <Flex gap={8}>
            <Button
              onClick={() =>
                void save()
                  .then(() => feedback.success('已保存'))
                  .catch(() => undefined)
              }
            >
              保存
            </Button>
            <Button
              type="primary"
              onClick={() =>
                Modal.confirm({
                  title: '完成盘点？',
                  content: '差异将记为盘点调整写入各容器台账，完成后不能再修改。',
                  onOk: async () => {
                    await save();
                    const r = await closeStocktake(st.id);
                    feedback.success(`盘点已完成，调整 ${r.adjusted} 个容器`);
                    await q.refetch();
                    onChanged();
                  },
                })
              }
            >
              完成盘点
            </Button>
          </Flex>
        )
      }
    >
      {st && (
        <Table<StocktakeLineVO>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={st.items}
          columns={[
            { title: '名称', key: 'name', render: (_, l) => `${l.name}（${l.spec}）` },
            { title: '容器编号', dataIndex: 'code', width: 170 },
            { title: '位置', key: 'loc', render: (_, l) => l.locationLabel ?? '待上架' },
            { title: '账面', key: 'expected', align: 'right', render: (_, l) => qty(l.expected, l.unit) },
            {
              title: '实盘',
              key: 'counted',
              width: 120,
              render: (_, l) =>
                editable ? (
                  <InputNumber min={0} value={value(l).counted} onChange={(v) => set(l.id, { counted: v ?? undefined })} addonAfter={l.unit} />
                ) : l.counted === null ? (
                  '未盘'
                ) : (
                  qty(l.counted, l.unit)
                ),
            },
            {
              title: '差异原因',
              key: 'reason',
              render: (_, l) =>
                editable ? (
                  <Input maxLength={200} value={value(l).reason} onChange={(e) => set(l.id, { reason: e.target.value })} placeholder="有差异时必填" />
                ) : (
                  (l.reason ?? '—')
                ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
