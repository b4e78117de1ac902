import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Table, Tag } from 'antd';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { type ContainerDetail, getContainer, labelsPdf } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';
import { CONTAINER_STATE_TEXT, expiryText, KIND_COLOR, LEDGER_KIND_TEXT, qty, STATE_COLOR, slipPath } from '../inventory-text.ts';

type Ledger = ContainerDetail['ledger'][number];

/** One container: what it is, where it stands, where it came from, and its ledger (every stock-in, 领用 and adjustment with the balance after it). */
export function ContainerDrawer({ id, onClose, onStockOut }: { id: number | null; onClose: () => void; onStockOut: (c: ContainerDetail) => void }) {
  const q = useQuery({ queryKey: inventoryKeys.detail(id), queryFn: () => getContainer(id as number), enabled: id !== null });
  const c = q.data;
  const exp = c ? expiryText(c.expiresOn, c.daysToExpiry) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={c ? `${c.name}（${c.code}）` : '容器详情'}
      destroyOnHidden
      extra={
        c && (
          <Flex gap={8}>
            <Button onClick={() => void openPdfInNewTab(() => labelsPdf([c.id])).catch(() => undefined)} data-testid="container-label">
              打印标签
            </Button>
            {c.state === 'in_stock' && (
              <Button type="primary" onClick={() => onStockOut(c)} data-testid="container-stock-out">
                领用
              </Button>
            )}
          </Flex>
        )
      }
    >
      {c && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'code', label: '容器编号', children: c.code },
              { key: 'state', label: '状态', children: <Tag color={STATE_COLOR[c.state]}>{CONTAINER_STATE_TEXT[c.state]}</Tag> },
              { key: 'cas', label: 'CAS', children: c.cas ?? '—' },
              { key: 'spec', label: '规格', children: `${c.spec}${c.brand ? ` · ${c.brand}` : ''}${c.catalogNo ? ` · ${c.catalogNo}` : ''}` },
              { key: 'left', label: '余量', children: <b data-testid="container-left">{qty(c.quantityLeft, c.unit)}</b> },
              { key: 'total', label: '入库量', children: qty(c.quantityTotal, c.unit) },
              { key: 'lot', label: '批号', children: c.lotNo ?? '—' },
              { key: 'exp', label: '有效期至', children: <span style={{ color: exp?.color }}>{exp?.text}</span> },
              { key: 'loc', label: '存放位置', span: 2, children: c.locationLabel ?? '待上架' },
              { key: 'hazard', label: '危险性', children: c.hazard ? <Tag color="red">{c.hazard}</Tag> : '—' },
              { key: 'owner', label: '采购人', children: `${c.ownerName ?? '—'}${c.teamName ? ` · ${c.teamName}` : ''}` },
              { key: 'order', label: '来源订单', span: 2, children: c.subNo ? `${c.subNo}（第 ${c.seq} 件）` : '期初库存' },
            ]}
          />
          <Table<Ledger>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={c.ledger}
            data-testid="container-ledger"
            columns={[
              { title: '时间', key: 'at', width: 150, render: (_, l) => shanghaiTime(l.createdAt) },
              { title: '类型', key: 'kind', width: 90, render: (_, l) => <Tag color={KIND_COLOR[l.kind]}>{LEDGER_KIND_TEXT[l.kind]}</Tag> },
              {
                title: '变动',
                key: 'delta',
                align: 'right',
                render: (_, l) => (
                  <span>
                    {l.delta > 0 ? '+' : ''}
                    {qty(l.delta, c.unit)}
                    {l.inputUnit && l.inputUnit !== c.unit ? `（${l.inputAmount} ${l.inputUnit}）` : ''}
                  </span>
                ),
              },
              { title: '结存', key: 'balance', align: 'right', render: (_, l) => qty(l.balance, c.unit) },
              { title: '领用人/经办', key: 'person', render: (_, l) => l.personName ?? l.actorName ?? '—' },
              { title: '说明', key: 'reason', render: (_, l) => [l.reason, l.ref].filter(Boolean).join('；') || '—' },
              {
                title: '单据',
                key: 'slip',
                render: (_, l) =>
                  l.slipId ? (
                    <a href={slipPath(l.kind === 'stock_in' ? 'in' : 'out', l.slipId)} target="_blank" rel="noreferrer">
                      {l.slipNo}
                    </a>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
