import { Card, Empty, Tabs } from 'antd';
import type { HomeRecommend } from '../api/catalog-api.ts';
import { ItemGrid } from './item-card.tsx';

/** 品牌专区: one tab per recommended brand with its items. */
export function BrandZones({ zones }: { zones: HomeRecommend['brandZones'] }) {
  return (
    <Card title="品牌专区" size="small">
      {zones.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无品牌专区" />
      ) : (
        <Tabs
          items={zones.map((z) => ({
            key: String(z.brand.id),
            label: z.brand.nameEn && z.brand.nameEn !== z.brand.name ? `${z.brand.name} ${z.brand.nameEn}` : z.brand.name,
            children: <ItemGrid items={z.items} />,
          }))}
        />
      )}
    </Card>
  );
}
