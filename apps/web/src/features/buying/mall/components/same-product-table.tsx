import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import type { SameProductOffer } from '../api/catalog-api.ts';
import { useSameProduct } from '../api/use-catalog-queries.ts';
import { itemPath, shopPath } from '../mall-paths.ts';
import { AddToCart } from './add-to-cart.tsx';
import { PriceText } from './price-text.tsx';

/** Fen per pack unit as '¥0.1234/mL' (up to 4 decimals, as the server rounds it). */
function unitPriceText(o: SameProductOffer): string {
  if (o.unitPrice === null || !o.packUnit) return '—';
  const yuanPerUnit = (o.unitPrice / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return `¥${yuanPerUnit}/${o.packUnit}`;
}

/** 同款比价: the same product from every supplier and pack size, compared per base unit. */
export function SameProductTable({ itemId }: { itemId: number }) {
  const { data, isLoading } = useSameProduct(itemId);
  const offers = [...(data?.offers ?? [])].sort((a, b) => (a.unitPrice ?? a.price) - (b.unitPrice ?? b.price));
  const comparable = offers.filter((o) => o.unitPrice !== null);
  const lowest = comparable.length > 1 ? Math.min(...comparable.map((o) => o.unitPrice as number)) : null;
  const supplierCount = new Set(offers.map((o) => o.supplierId)).size;

  const columns: TableColumnsType<SameProductOffer> = [
    {
      title: '供应商',
      dataIndex: 'supplierName',
      render: (name: string, o) => (
        <>
          <Link to={shopPath(o.supplierId)}>{name}</Link> {o.current && <Tag color="purple">当前商品</Tag>}
        </>
      ),
    },
    { title: '规格', dataIndex: 'spec', render: (spec: string, o) => (o.current ? spec : <Link to={itemPath(o.id)}>{spec}</Link>) },
    {
      title: '价格',
      dataIndex: 'price',
      align: 'right',
      render: (fen: number, o) => <PriceText fen={fen} strong={false} style={{ color: o.current ? undefined : '#f5222d' }} />,
    },
    {
      title: '单价/基本单位',
      key: 'unitPrice',
      align: 'right',
      render: (_, o) => (
        <>
          {unitPriceText(o)} {lowest !== null && o.unitPrice === lowest && <Tag color="green">最低</Tag>}
        </>
      ),
    },
    { title: '库存', dataIndex: 'stock', align: 'right', render: (stock: number, o) => (stock > 0 ? `${stock} ${o.unit}` : <Tag>缺货</Tag>) },
    { title: '操作', key: 'action', width: 220, render: (_, o) => <AddToCart itemId={o.id} stock={o.stock} size="small" /> },
  ];

  return (
    <Card
      size="small"
      title="同款比价"
      extra={<Typography.Text type="secondary">{offers.length ? `${supplierCount} 家供应商 · ${offers.length} 个报价` : ''}</Typography.Text>}
      data-testid="same-product"
    >
      <Table<SameProductOffer>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={offers}
        pagination={false}
        onRow={(o) =>
          ({ 'data-testid': 'offer-row', 'data-supplier': o.supplierName, 'data-stock': o.stock, 'data-current': o.current }) as HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: '暂无其他供应商报价' }}
      />
    </Card>
  );
}
