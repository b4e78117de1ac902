import { CONTAINER_STATE_TEXT } from '@kc/contracts/ledgers/inventory';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type ContainerDetail, type ContainerVO, getContainers, labelsPdf } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';
import { ContainerDrawer } from '../components/container-drawer.tsx';
import { MoveModal } from '../components/move-modal.tsx';
import { StockOutModal } from '../components/stock-out-modal.tsx';
import { expiryText, qty, STATE_COLOR, slipPath } from '../inventory-text.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'name', label: '名称', width: 160 },
  { kind: 'text', name: 'cas', label: 'CAS', width: 120 },
  { kind: 'text', name: 'code', label: '容器编号', placeholder: '扫码或输入', width: 160 },
  { kind: 'select', name: 'state', label: '状态', options: Object.entries(CONTAINER_STATE_TEXT).map(([value, label]) => ({ value, label })) },
  {
    kind: 'select',
    name: 'expiringDays',
    label: '临期',
    options: [
      { value: '7', label: '7 天内到期' },
      { value: '30', label: '30 天内到期' },
      { value: '90', label: '90 天内到期' },
    ],
  },
];

/**
 * /cass/inventory/containers (库存台账): every container of the caller's scope (team, department or
 * institute) with its balance, expiry and location; the container's ledger, 领用, labels, 移库.
 */
export function ContainersPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<ContainerVO>({ queryKey: inventoryKeys.containers, fields: FIELDS, request: getContainers, flags: usePageFlags(entry) });
  const [open, setOpen] = useState<number | null>(null);
  const [taking, setTaking] = useState<ContainerDetail | null>(null);
  const [moving, setMoving] = useState<number[]>([]);
  const selected = list.selection.keys as number[];
  const refresh = () => client.invalidateQueries({ queryKey: inventoryKeys.all });

  return (
    <ListPage<ContainerVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="inventory-search"
      toolbar={
        <Flex gap={8}>
          <Button
            disabled={!selected.length}
            onClick={() => void openPdfInNewTab(() => labelsPdf(selected)).catch(() => undefined)}
            data-testid="inventory-labels"
          >
            打印标签
          </Button>
          <Button disabled={!selected.length} onClick={() => setMoving(selected)}>
            移库
          </Button>
        </Flex>
      }
      emptyText="还没有库存：订单验收通过后，每件商品自动入库为一个容器（如 4 瓶 500 mL 为 4 个容器）"
      selectable
      table={{ size: 'middle' }}
      columns={[
        {
          title: '名称',
          key: 'name',
          render: (_, r) => (
            <Flex vertical>
              <Typography.Link onClick={() => setOpen(r.id)} data-testid={`inventory-open-${r.code}`}>
                {r.name}
              </Typography.Link>
              <Typography.Text type="secondary">
                {r.cas ? `CAS ${r.cas} · ` : ''}
                {r.spec}
                {r.hazard ? ' · ' : ''}
                {r.hazard && <Typography.Text type="danger">{r.hazard}</Typography.Text>}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: '容器编号', dataIndex: 'code', width: 170 },
        {
          title: '余量',
          key: 'left',
          width: 130,
          align: 'right',
          render: (_, r) => (
            <span>
              <b>{qty(r.quantityLeft, r.unit)}</b>
              <Typography.Text type="secondary"> / {qty(r.quantityTotal, r.unit)}</Typography.Text>
            </span>
          ),
        },
        { title: '批号', key: 'lot', width: 110, render: (_, r) => r.lotNo ?? '—' },
        {
          title: '有效期至',
          key: 'exp',
          width: 150,
          render: (_, r) => {
            const e = expiryText(r.expiresOn, r.daysToExpiry);
            return <span style={{ color: e.color }}>{e.text}</span>;
          },
        },
        { title: '存放位置', key: 'loc', render: (_, r) => r.locationLabel ?? <Tag>待上架</Tag> },
        { title: '课题组', key: 'team', width: 120, render: (_, r) => r.teamName ?? '—' },
        { title: '状态', key: 'state', width: 80, render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{CONTAINER_STATE_TEXT[r.state]}</Tag> },
        {
          title: '操作',
          key: 'actions',
          width: 90,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => setOpen(r.id)}>
              详情
            </Button>
          ),
        },
      ]}
    >
      <ContainerDrawer id={open} onClose={() => setOpen(null)} onStockOut={setTaking} />
      <StockOutModal
        container={taking}
        onClose={() => setTaking(null)}
        onDone={(slipId) => {
          setTaking(null);
          void refresh();
          window.open(slipPath('out', slipId), '_blank');
        }}
      />
      <MoveModal
        ids={moving}
        onClose={() => setMoving([])}
        onDone={() => {
          setMoving([]);
          list.selection.clear();
          void refresh();
        }}
      />
    </ListPage>
  );
}
