import { ExperimentOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { HazardTags } from '../../../supply/catalog/index.ts';
import type { SearchItem } from '../api/catalog-api.ts';
import { BuyerPriceText } from './price-text.tsx';
import { useOpenItem } from './use-open-item.ts';

export function ItemImage({ src, size }: { src: string | null | undefined; size: number }) {
  if (src) return <img src={src} alt="" style={{ width: size, height: size, objectFit: 'contain' }} />;
  return (
    <Flex align="center" justify="center" style={{ width: size, height: size, background: '#f5f3ff', color: '#796AEE', fontSize: size / 3 }}>
      <ExperimentOutlined />
    </Flex>
  );
}

/** An item in a grid (recommendations, brand zones, shop): picture, name, spec, price, supplier. */
export function ItemCard({ item }: { item: SearchItem }) {
  const open = useOpenItem();
  return (
    <Card
      hoverable
      size="small"
      onClick={() => open(item.id)}
      cover={
        <Flex justify="center" style={{ paddingTop: 12, width: '100%' }}>
          <ItemImage src={item.image} size={120} />
        </Flex>
      }
      data-testid="item-card"
    >
      <Typography.Paragraph ellipsis={{ rows: 2 }} strong style={{ marginBottom: 4, minHeight: 44 }} title={item.name}>
        {item.name}
      </Typography.Paragraph>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {[item.brand, item.spec, item.grade].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Flex justify="space-between" align="center" style={{ marginTop: 6 }}>
        <BuyerPriceText item={item} size={16} />
        <span>
          <HazardTags hazards={item.hazards} />
        </span>
      </Flex>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {item.supplierName}
      </Typography.Text>
    </Card>
  );
}

/** A responsive grid of item cards. */
export function ItemGrid({ items, columns = 5 }: { items: SearchItem[]; columns?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 12 }}>
      {items.map((it) => (
        <ItemCard key={it.id} item={it} />
      ))}
    </div>
  );
}
