import type { OrderLine } from '@kc/contracts/buying/orders';
import { Table, type TableColumnsType } from 'antd';
import { money } from '../../../../lib/format.ts';
import { HazardTags } from '../../../supply/catalog/index.ts';

/** The lines of a sub-order: product, catalog number, spec, brand, quantities (delivered so far), price and amount. */
export function OrderLinesTable({ lines, delivered = true }: { lines: OrderLine[]; delivered?: boolean }) {
  const columns: TableColumnsType<OrderLine> = [
    {
      title: '商品',
      dataIndex: 'name',
      render: (name: string, l) => (
        <span>
          {name} <HazardTags hazards={l.hazards} />
          {l.cas && <div style={{ fontSize: 12, color: '#888' }}>CAS：{l.cas}</div>}
        </span>
      ),
    },
    { title: '货号', dataIndex: 'catalogNo', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '规格', dataIndex: 'spec', width: 110 },
    { title: '品牌', dataIndex: 'brand', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: '单价',
      dataIndex: 'unitPrice',
      width: 110,
      align: 'right',
      render: (fen: number, l: OrderLine) =>
        l.priceNote && l.listPrice !== null ? (
          <span title={`原价 ${money(l.listPrice)}`}>
            {money(fen)}
            <br />
            <span style={{ fontSize: 12, color: '#389e0d' }}>{l.priceNote}</span>
          </span>
        ) : (
          money(fen)
        ),
    },
    { title: '数量', dataIndex: 'quantity', width: 80, align: 'right', render: (q: number, l) => `${q} ${l.unit}` },
  ];
  if (delivered) columns.push({ title: '已发货', dataIndex: 'deliveredQty', width: 80, align: 'right' });
  columns.push({ title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (fen: number) => money(fen) });
  return <Table<OrderLine> rowKey="id" size="small" pagination={false} dataSource={lines} columns={columns} />;
}
